/**
 * region-stats in a state without a chart: no listings of the chosen types, a
 * failure, a region without subregions. The reserved height (900 px) is the chart's frame, not
 * a void: the legend, the chart's area with its axis in the placeholder's colour, the sentence
 * where the bars would be, and the action that helps (show every type, retry, back up).
 */
import { fixture, html, expect, waitUntil } from '@open-wc/testing';
import { ImmoClient } from '../../src/api/index.js';
import '../../src/elements/region-stats/define.js';
import type { RegionStats } from '../../src/elements/region-stats/region-stats.js';
import { $, $$, fault, fixtures, loaded, recordingClient, shadow } from './region-stats.helpers.js';
import { afterEach, API, before, clearSandboxFaults, describe, it } from './helpers/index.js';

before(async function () {
  this.timeout(120000);
  const f = await fixtures();
  await fetch(`${API}/search/v1.0/statistic?geocode=${f.geocodesWithSubregions[0].geoCodeId}`);
});

afterEach(async () => {
  await clearSandboxFaults();
});

describe('region-stats keeps the frame of its chart in a state without one', () => {
  /** The reserved height holds the legend, the chart's area with its axis in the placeholder's colour, and the sentence with its action in that area. */
  function expectFrame(el: RegionStats, what: string) {
    expect(el.getBoundingClientRect().height, `${what}: the reserved height`).to.be.closeTo(
      900,
      0.5,
    );
    expect($(el, '[part~="legend"]'), `${what}: the legend`).to.exist;
    const stage = $(el, '.stage')!;
    expect(stage, `${what}: the chart's area`).to.exist;
    const axes = $(el, '.stage > .axes')!;
    expect(axes.getAttribute('aria-hidden'), `${what}: the drawn frame is not read`).to.equal(
      'true',
    );
    expect(
      getComputedStyle(axes.querySelector('div')!).borderInlineStartStyle,
      `${what}: an axis line`,
    ).to.equal('solid');
    const area = stage.getBoundingClientRect();
    expect(area.height, `${what}: the area takes what the legend leaves`).to.be.above(500);
    const say = $(el, '.stage > .say')!.getBoundingClientRect();
    expect(
      Math.abs(say.top + say.height / 2 - (area.top + area.height / 2)),
      `${what}: the sentence where the bars would be`,
    ).to.be.below(2);
  }

  for (const width of [358, 1100]) {
    it(`at ${width} px: no listings of the chosen types: the frame, the sentence and "show every type"`, async function () {
      this.timeout(20000);
      const { client, calls } = recordingClient();
      const wrap = await fixture<HTMLDivElement>(html`<div style="width:${width}px"></div>`);
      wrap.innerHTML =
        '<region-stats geocode="1276003001" channel="999999999" real-estate-types="apartmentrent"></region-stats>';
      const el = wrap.querySelector<RegionStats>('region-stats')!;
      el.client = client;
      await loaded(el);
      expectFrame(el, 'no listings');
      expect($(el, '[part~="legend"]')!.textContent).to.contain('Mietwohnungen');
      expect($(el, '.say [part="empty"]')!.textContent).to.equal(
        'Für Berlin gibt es keine Inserate der gewählten Arten.',
      );
      const every = $$(el, '.say button').find(
        (b) => b.textContent!.trim() === 'Alle Immobilienarten zeigen',
      )!;
      expect(every, 'the action that helps').to.exist;
      await expect(el).to.be.accessible();
      every.click();
      const stat = await loaded(el);
      expect(
        calls.at(-1)!.url.searchParams.has('realestatetypes'),
        'asked again without the type filter',
      ).to.equal(false);
      expect(calls.at(-1)!.url.searchParams.get('channel'), 'the other filters stay').to.equal(
        '999999999',
      );
      expect(stat.parent.statistics.length, 'every type').to.be.above(1);
      expect(shadow(el).activeElement?.getAttribute('part'), 'focus on the region title').to.equal(
        'heading',
      );
      // Every type has no listings either: the sentence stays, the action is gone, the frame is kept.
      expectFrame(el, 'every type');
      expect($$(el, '.say button')).to.have.length(0);
      // The page's own types come back when it sets them again.
      el.realEstateTypes = 'housebuy';
      await loaded(el);
      expect(calls.at(-1)!.url.searchParams.get('realestatetypes')).to.equal('housebuy');
    });

    it(`at ${width} px: a failure: the frame with the asked types, the error and its retry`, async function () {
      this.timeout(20000);
      await fault({ status: 500, times: 3 });
      const wrap = await fixture<HTMLDivElement>(html`<div style="width:${width}px"></div>`);
      wrap.innerHTML =
        '<region-stats geocode="1276003001" real-estate-types="apartmentrent,housebuy"></region-stats>';
      const el = wrap.querySelector<RegionStats>('region-stats')!;
      await waitUntil(() => $(el, '[part="error"]'), 'the failure is shown', { timeout: 15000 });
      await el.updateComplete;
      expectFrame(el, 'failure');
      expect($$(el, '[part~="legend"] li').map((li) => li.textContent!.trim())).to.deep.equal([
        'Mietwohnungen',
        'Häuser zum Kauf',
      ]);
      expect($(el, '.stage [part="error"] [part="retry"]'), 'retry in the chart area').to.exist;
      await expect(el).to.be.accessible();
      await clearSandboxFaults();
      $(el, '[part="retry"]')!.click();
      await loaded(el);
      expect($(el, '[part="table"]')).to.exist;
    });
  }

  it('an error no action helps (a malformed geocode): the sentence alone, no empty row of actions under it', async () => {
    const el = await fixture<RegionStats>(html`<region-stats geocode="12a"></region-stats>`);
    await el.updateComplete;
    expect($(el, '[part="error"] p')!.textContent).to.contain('kein gültiger Geocode');
    expect($(el, '[part="error"] .actions')).to.equal(null);
  });

  it('a region without subregions: its own counts in the legend, the sentence, and the way back up after a drill-down', async function () {
    this.timeout(20000);
    // Bodies as API-NOTES.md describes the service's JSON: one child arrives as an object, counts as strings.
    const body = (geocode: string) =>
      JSON.stringify(
        geocode === '1276099001'
          ? {
              'common.geoHierarchyElementsStatistic': {
                parent: {
                  '@xsi.type': 'common:City',
                  name: 'Teststadt',
                  geoCodeId: 1276099001,
                  statistics: {
                    GeoHierarchyStatistic: { '@realEstateType': 'HOUSE_BUY', '@count': '40' },
                  },
                },
                children: {
                  geoHierarchyElement: {
                    '@xsi.type': 'common:District',
                    name: 'Neubaugebiet',
                    geoCodeId: 1276099001007,
                    statistics: {
                      GeoHierarchyStatistic: { '@realEstateType': 'HOUSE_BUY', '@count': '40' },
                    },
                  },
                },
              },
            }
          : {
              'common.geoHierarchyElementsStatistic': {
                parent: {
                  '@xsi.type': 'common:District',
                  name: 'Neubaugebiet',
                  geoCodeId: 1276099001007,
                  statistics: {
                    GeoHierarchyStatistic: { '@realEstateType': 'HOUSE_BUY', '@count': '40' },
                  },
                },
                children: {},
              },
            },
      );
    const client = new ImmoClient({
      baseUrl: API,
      retries: 0,
      fetch: async (input, init) =>
        new Response(body(new URL(new Request(input, init).url).searchParams.get('geocode')!), {
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const el = await fixture<RegionStats>(
      html`<region-stats drilldown .client=${client} geocode="1276099001"></region-stats>`,
    );
    await loaded(el);
    ($(el, '.bar-group') as unknown as SVGGElement).dispatchEvent(
      new MouseEvent('click', { bubbles: true }),
    );
    const stat = await loaded(el);
    expect(stat.children).to.have.length(0);
    expectFrame(el, 'no subregions');
    expect($(el, '[part~="legend"]')!.textContent!.replace(/\s+/g, ' ')).to.contain(
      'Häuser zum Kauf 40',
    );
    expect($(el, '.say [part="empty"]')!.textContent).to.equal(
      'Neubaugebiet hat keine Unterregionen.',
    );
    const back = $$(el, '.say button').find(
      (b) => b.textContent!.trim() === 'Zurück zu Teststadt',
    )!;
    expect(back, 'the way back up').to.exist;
    await expect(el).to.be.accessible();
    back.click();
    await el.updateComplete;
    expect($(el, '[part="heading"]')!.textContent).to.equal('Teststadt');
    expect($(el, '[part="chart"]'), 'the chart again, from the trail (no new request)').to.exist;
  });

  it('in English: the same frame and actions', async function () {
    this.timeout(20000);
    const el = await fixture<RegionStats>(
      html`<region-stats lang="en" geocode="1276003001" channel="999999999" real-estate-types="apartmentrent"></region-stats>`,
    );
    await loaded(el);
    expect($(el, '.say [part="empty"]')!.textContent).to.equal(
      'There are no listings of the chosen kinds in Berlin.',
    );
    expect($$(el, '.say button').map((b) => b.textContent!.trim())).to.deep.equal([
      'Show every property type',
    ]);
  });
});
