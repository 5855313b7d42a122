import { fixture, html, expect, oneEvent, waitUntil } from '@open-wc/testing';
import { ImmoClient } from '../../src/api/index.js';
import type { GeoHierarchyStatistic } from '../../src/api/index.js';
import { formatNumber } from '../../src/shared/i18n.js';
import '../../src/elements/region-stats/define.js';
import type { RegionStats } from '../../src/elements/region-stats/region-stats.js';
import type {
  RegionSelectEvent,
  StatsLoadedEvent,
} from '../../src/elements/region-stats/events.js';
import { GeoSelectEvent } from '../../src/elements/geo-autocomplete/events.js';
import '../../src/elements/geo-autocomplete/define.js';
import {
  afterEach,
  API,
  before,
  clearSandboxFaults,
  describe,
  it,
  itInColorScheme,
  press,
  supportsCss,
  type,
} from './helpers/index.js';

import { arrowTo, waitForSettled } from './geo-autocomplete.helpers.js';
import {
  $,
  $$,
  cannedClient,
  fault,
  fixtures,
  loaded,
  nextStats,
  ready,
  recordingClient,
  rowNames,
  shadow,
  count,
} from './region-stats.helpers.js';

// The sandbox builds its geography and statistic seeds on first use: on a busy machine that
// can take longer than one test's timeout, so it happens once here.
before(async function () {
  this.timeout(120000);
  const f = await fixtures();
  await fetch(`${API}/search/v1.0/statistic?geocode=${f.geocodesWithSubregions[0].geoCodeId}`);
  await fetch(`${API}/gis/v2.0/geoautocomplete/DEU?i=Ber&t=city`);
});

afterEach(async () => {
  await clearSandboxFaults();
});

describe('region-stats against the sandbox', () => {
  it('loads JSON, shows chart, legend and table with German numbers and labels', async () => {
    const f = await fixtures();
    const city = f.geocodesWithSubregions[0];
    const { client, calls } = recordingClient();
    const settled = nextStats();
    const el = await fixture<RegionStats>(
      html`<region-stats .client=${client} geocode=${city.geoCodeId} real-estate-types="apartmentrent,housebuy"></region-stats>`,
    );
    const stat = await settled;
    await el.updateComplete;
    expect(calls).to.have.length(1);
    expect(calls[0].url.pathname).to.equal(`${API}/search/v1.0/statistic`);
    expect(calls[0].url.searchParams.get('geocode')).to.equal(city.geoCodeId);
    expect(calls[0].url.searchParams.get('realestatetypes')).to.equal('apartmentrent,housebuy');
    expect(calls[0].accept).to.contain('json');
    expect(stat.parent.geoCodeId).to.equal(city.geoCodeId);
    expect(stat.children.length).to.be.greaterThan(0);

    expect($(el, '[part="heading"]')!.textContent).to.equal(stat.parent.name);
    const legend = $(el, '[part="legend"]')!.textContent!.replace(/\s+/g, ' ');
    expect(legend).to.contain(
      `Mietwohnungen ${formatNumber('de', count(stat.parent, 'APARTMENT_RENT'))}`,
    );
    expect(legend).to.contain(
      `Häuser zum Kauf ${formatNumber('de', count(stat.parent, 'HOUSE_BUY'))}`,
    );
    // the ten largest subregions first (by their total), the rest behind "show all"
    const shown = Math.min(10, stat.children.length);
    expect($$(el, 'tbody tr')).to.have.length(shown);
    expect($$(el, '.bar-group')).to.have.length(shown);
    const total = (c: GeoHierarchyStatistic['parent']) =>
      count(c, 'APARTMENT_RENT') + count(c, 'HOUSE_BUY');
    const totals = $$(el, 'tbody tr').map((tr) =>
      total(stat.children.find((c) => c.geoCodeId === tr.dataset.code)!),
    );
    expect(totals).to.deep.equal(
      [...stat.children.map(total)].sort((a, b) => b - a).slice(0, shown),
    );
    expect(
      $$(el, 'thead th').map((th) => th.textContent!.replace(/[↕▲▼]/g, '').trim()),
    ).to.deep.equal(['Region', 'Gesamt', 'Mietwohnungen', 'Häuser zum Kauf']);
    // every cell equals the model, formatted for German
    for (const tr of $$(el, 'tbody tr')) {
      const child = stat.children.find((c) => c.geoCodeId === tr.dataset.code)!;
      expect(tr.querySelector('th')!.textContent!.trim()).to.equal(child.name);
      const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent);
      expect(cells).to.deep.equal(
        [total(child), count(child, 'APARTMENT_RENT'), count(child, 'HOUSE_BUY')].map((n) =>
          formatNumber('de', n),
        ),
      );
    }
    const foot = [...$(el, 'tfoot tr')!.querySelectorAll('td')].map((td) => td.textContent);
    expect(foot).to.deep.equal(
      [
        total(stat.parent),
        count(stat.parent, 'APARTMENT_RENT'),
        count(stat.parent, 'HOUSE_BUY'),
      ].map((n) => formatNumber('de', n)),
    );
    // one stacked bar per subregion: a name (wrapped, never cut) and the total as text, no hover needed
    const labels = $$(el, '[part="chart"] text').map((t) => t.textContent);
    expect(labels).to.have.length(2 * shown);
    const first = stat.children.find((c) => c.geoCodeId === $$(el, '.bar-group')[0].dataset.code)!;
    expect(labels[0]!.replace(/[\s-]/g, '')).to.equal(first.name!.replace(/[\s-]/g, ''));
    expect(labels[1]).to.equal(formatNumber('de', total(first)));
    await expect(el).to.be.accessible();
    // show all: every subregion, and back
    if (stat.children.length > 10) {
      const more = $<HTMLButtonElement>(el, 'button.more')!;
      expect(more.getAttribute('aria-expanded')).to.equal('false');
      more.click();
      await el.updateComplete;
      expect($$(el, 'tbody tr')).to.have.length(stat.children.length);
      expect($$(el, '.bar-group')).to.have.length(stat.children.length);
      expect(more.getAttribute('aria-expanded')).to.equal('true');
      more.click();
      await el.updateComplete;
      expect($$(el, 'tbody tr')).to.have.length(10);
    }
  });

  it('asks for XML with format="xml" and shows the same numbers as JSON', async () => {
    const f = await fixtures();
    const city = f.geocodesWithSubregions[1] ?? f.geocodesWithSubregions[0];
    const j = recordingClient();
    const x = recordingClient();
    const loadA = nextStats();
    const a = await fixture<RegionStats>(
      html`<region-stats .client=${j.client} geocode=${city.geoCodeId}></region-stats>`,
    );
    const sa = await loadA;
    await a.updateComplete;
    const loadB = nextStats();
    const b = await fixture<RegionStats>(
      html`<region-stats .client=${x.client} format="xml" geocode=${city.geoCodeId}></region-stats>`,
    );
    const sb = await loadB;
    await b.updateComplete;
    expect(x.calls[0].accept).to.contain('xml');
    expect(x.calls[0].accept).not.to.contain('json');
    expect(sb).to.deep.equal(sa);
    expect($$(b, 'tbody td').map((td) => td.textContent)).to.deep.equal(
      $$(a, 'tbody td').map((td) => td.textContent),
    );
    // without real-estate-types the service's default set: every type of the schema, labelled
    expect(f.realEstateTypes.length).to.be.above(8);
    // region, total, the seven types drawn one by one and the others together
    expect($$(b, 'thead th')).to.have.length(10);
    expect($$(b, 'thead th')[9]!.textContent).to.contain('Weitere Arten');
    expect($$(b, 'thead th').some((th) => /[A-Z]+_[A-Z]+/.test(th.textContent!))).to.equal(false);
    // the chart draws the seven most frequent types (one colour each) and the others as one
    // eighth segment, so each bar's number is the table's total; the table has the same columns
    const bars = [...$$(b, '.bar-group')[0].querySelectorAll('rect:not(.hit)')];
    expect(bars).to.have.length(8);
    expect(new Set(bars.map((r) => r.getAttribute('class'))).size).to.equal(8);
    const rest = f.realEstateTypes.length - 7;
    expect($(b, '.note')!.textContent).to.equal(
      `Diagramm und Tabelle zeigen die 7 häufigsten Arten einzeln und die übrigen ${rest} zusammen.`,
    );
    const barNumbers = $$(b, '.labels text.v').map((t) => t.textContent);
    const tableTotals = $$(b, 'tbody tr').map((tr) =>
      tr.querySelectorAll('td')[0]!.textContent!.trim(),
    );
    expect(barNumbers).to.deep.equal(tableTotals);
    // the legend names the seven drawn types and "Weitere Arten" (their colours); the parent's count of every type is in the table's foot
    const legend = $$(b, '[part="legend"] li');
    expect(legend).to.have.length(8);
    expect(legend[7]!.textContent!.replace(/\s+/g, ' ').trim()).to.match(/^Weitere Arten [\d.]+$/);
    expect($$(b, 'tfoot td')).to.have.length(9);
    await expect(b).to.be.accessible();
  });

  it('sends the filters exactly as asked, and the element reloads when one changes', async () => {
    const f = await fixtures();
    const city = f.geocodesWithSubregions[0];
    const { client, calls } = recordingClient();
    const settled = nextStats();
    const el =
      await fixture<RegionStats>(html`<region-stats .client=${client} geocode=${city.geoCodeId}
        real-estate-types="APARTMENT_BUY, flatshareroom" customer-number=${f.customerNumbers[2]} username=${f.usernames[2]} channel="hp"></region-stats>`);
    await settled;
    await el.updateComplete;
    const q = calls[0].url.searchParams;
    expect(q.get('realestatetypes')).to.equal('apartmentbuy,flatshareroom');
    expect(q.get('customernumber')).to.equal(f.customerNumbers[2]);
    expect(q.get('username')).to.equal(f.usernames[2]);
    expect(q.get('channel')).to.equal('hp');
    expect([...q.keys()].sort()).to.deep.equal([
      'channel',
      'customernumber',
      'geocode',
      'realestatetypes',
      'username',
    ]);

    el.channel = '';
    el.username = '';
    await loaded(el);
    expect(calls).to.have.length(2);
    expect(calls[1].url.searchParams.has('channel')).to.equal(false);
    expect(calls[1].url.searchParams.has('username')).to.equal(false);
    expect(calls[1].url.searchParams.get('customernumber')).to.equal(f.customerNumbers[2]);

    // spaces around a value are not part of it; a blank value is no filter (the service refuses an empty one)
    el.channel = ' hp ';
    el.username = '   ';
    el.customerNumber = ` ${f.customerNumbers[2]}\n`;
    await loaded(el);
    const q3 = calls[2].url.searchParams;
    expect(q3.get('channel')).to.equal('hp');
    expect(q3.has('username')).to.equal(false);
    expect(q3.get('customernumber')).to.equal(f.customerNumbers[2]);
    expect($(el, '[part="table"]')).to.exist;
  });

  it('takes format in any case and refuses an unknown one', async () => {
    const f = await fixtures();
    const { client, calls } = recordingClient();
    const settled = nextStats();
    const el = await fixture<RegionStats>(
      html`<region-stats .client=${client} format="XML" geocode=${f.geocodesWithSubregions[0].geoCodeId}></region-stats>`,
    );
    await settled;
    expect(calls[0].accept).to.contain('xml');
    expect(calls[0].accept).not.to.contain('json');
    el.setAttribute('format', 'yaml');
    await el.updateComplete;
    expect($(el, '[part="error"]')!.textContent).to.contain('„yaml“');
    expect($(el, '[part="error"]')!.textContent).to.contain('json');
    expect(calls).to.have.length(1);
    el.setAttribute('format', 'json');
    await loaded(el);
    expect(calls[1].accept).to.contain('json');
  });

  it('aborts the request in flight when an input changes and shows only the last answer', async () => {
    const f = await fixtures();
    const [a, b] = f.geocodesWithSubregions;
    const { client, calls } = recordingClient();
    const events: string[] = [];
    const el = await fixture<RegionStats>(
      html`<region-stats .client=${client} @stats-loaded=${(e: StatsLoadedEvent) => events.push(e.geocode)}></region-stats>`,
    );
    await fault({ latencyMs: 400, times: 1 });
    el.geocode = a.geoCodeId;
    await el.updateComplete;
    expect($(el, '[part="skeleton"]')).to.exist;
    el.geocode = b.geoCodeId;
    const stat = await loaded(el);
    expect(calls).to.have.length(2);
    expect(calls[0].signal!.aborted).to.equal(true);
    expect(calls[1].signal!.aborted).to.equal(false);
    expect(stat.parent.geoCodeId).to.equal(b.geoCodeId);
    expect(events).to.deep.equal([b.geoCodeId]);
    expect($(el, '[part="heading"]')!.textContent).to.equal(stat.parent.name);
  });

  it('aborts on disconnect and loads again when reconnected', async () => {
    const f = await fixtures();
    const { client, calls } = recordingClient();
    await fault({ latencyMs: 400, times: 1 });
    const el = await fixture<RegionStats>(
      html`<region-stats .client=${client} geocode=${f.geocodesWithSubregions[0].geoCodeId}></region-stats>`,
    );
    const parent = el.parentElement!;
    el.remove();
    expect(calls[0].signal!.aborted).to.equal(true);
    parent.append(el);
    await loaded(el);
    expect(calls).to.have.length(2);
  });

  it('sorts the table by name and by any type, with aria-sort, and the chart follows', async () => {
    const f = await fixtures();
    const settled = nextStats();
    const el = await fixture<RegionStats>(
      html`<region-stats geocode=${f.geocodesWithSubregions[0].geoCodeId} real-estate-types="apartmentrent,housebuy"></region-stats>`,
    );
    const stat = await settled;
    await el.updateComplete;
    const coll = new Intl.Collator('de');
    const byName = stat.children.map((c) => c.name!).sort(coll.compare);
    const shown = Math.min(10, byName.length);
    // largest first by default: the total column is sorted descending
    const ths = $$(el, 'thead th');
    expect(ths.map((th) => th.getAttribute('aria-sort'))).to.deep.equal([
      null,
      'descending',
      null,
      null,
    ]);
    const totals = $$(el, 'tbody tr').map((tr) => {
      const c = stat.children.find((x) => x.geoCodeId === tr.dataset.code)!;
      return count(c, 'APARTMENT_RENT') + count(c, 'HOUSE_BUY');
    });
    expect(totals).to.deep.equal([...totals].sort((x, y) => y - x));

    ths[0].querySelector('button')!.click();
    await el.updateComplete;
    expect(rowNames(el)).to.deep.equal(byName.slice(0, shown));
    expect(ths[0].getAttribute('aria-sort')).to.equal('ascending');
    ths[0].querySelector('button')!.click();
    await el.updateComplete;
    expect(rowNames(el)).to.deep.equal([...byName].reverse().slice(0, shown));
    expect(ths[0].getAttribute('aria-sort')).to.equal('descending');

    ths[2].querySelector('button')!.click();
    await el.updateComplete;
    const counts = $$(el, 'tbody tr').map((tr) =>
      count(
        stat.children.find((c) => c.geoCodeId === tr.dataset.code)!,
        'APARTMENT_RENT',
      ),
    );
    expect(counts).to.deep.equal([...counts].sort((x, y) => y - x));
    expect(ths[2].getAttribute('aria-sort')).to.equal('descending');
    expect(ths[0].hasAttribute('aria-sort')).to.equal(false);
    // the bars are in the table's order
    expect($$(el, '.bar-group').map((g) => g.dataset.code)).to.deep.equal(
      $$(el, 'tbody tr').map((tr) => tr.dataset.code),
    );

    ths[2].querySelector('button')!.click();
    await el.updateComplete;
    expect(ths[2].getAttribute('aria-sort')).to.equal('ascending');
    expect($(el, '[role="status"]')!.textContent).to.contain(
      'Sortiert nach Mietwohnungen, aufsteigend',
    );

    // a statistic without the sorted type: back to the largest first (one type: no total column)
    el.realEstateTypes = 'housebuy';
    await loaded(el);
    const heads = $$(el, 'thead th');
    expect(heads.map((th) => th.getAttribute('aria-sort'))).to.deep.equal([null, 'descending']);
    // a sort by a type the new statistic still has is kept
    heads[1].querySelector('button')!.click();
    await el.updateComplete;
    expect(heads[1].getAttribute('aria-sort')).to.equal('ascending');
    el.realEstateTypes = 'housebuy,apartmentrent';
    await loaded(el);
    const sorted = $$(el, 'thead th').filter((th) => th.hasAttribute('aria-sort'));
    expect(
      sorted.map((th) => [
        th.textContent!.replace(/[↕▲▼]/g, '').trim(),
        th.getAttribute('aria-sort'),
      ]),
    ).to.deep.equal([['Häuser zum Kauf', 'ascending']]);
  });

  it('is usable by keyboard: sort buttons, row buttons and the bars', async () => {
    const f = await fixtures();
    const settled = nextStats();
    const el = await fixture<RegionStats>(
      html`<region-stats geocode=${f.geocodesWithSubregions[0].geoCodeId} real-estate-types="housebuy"></region-stats>`,
    );
    const stat = await settled;
    await el.updateComplete;
    const names = rowNames(el);
    const codes = $$(el, 'tbody tr').map((tr) => tr.dataset.code);
    // the chart is one tab stop; arrows move between subregions, Enter selects
    const bars = $$(el, '.bar-group');
    expect(bars.filter((b) => b.getAttribute('tabindex') === '0')).to.have.length(1);
    bars[0].focus();
    await press('ArrowDown');
    await el.updateComplete;
    expect(shadow(el).activeElement).to.equal($$(el, '.bar-group')[1]);
    await press('End');
    expect(shadow(el).activeElement).to.equal($$(el, '.bar-group').at(-1));
    let sel = oneEvent(el, 'region-select');
    await press('Enter');
    let ev = (await sel) as unknown as RegionSelectEvent;
    const last = stat.children.find((c) => c.geoCodeId === codes.at(-1))!;
    expect(ev.geocode).to.equal(last.geoCodeId);
    expect(ev.detail.name).to.equal(last.name);
    // Tab leaves the chart and reaches the first sort button
    await press('Tab');
    expect(shadow(el).activeElement).to.equal($$(el, 'thead button')[0]);
    await press('Enter');
    await el.updateComplete;
    const byName = stat.children.map((c) => c.name!).sort(new Intl.Collator('de').compare);
    expect(rowNames(el)).to.deep.equal(byName.slice(0, names.length));
    await press('Tab');
    await press('Tab');
    const firstRow = stat.children.find((c) => c.name === byName[0])!;
    expect(shadow(el).activeElement!.textContent!.trim()).to.equal(firstRow.name);
    sel = oneEvent(el, 'region-select');
    await press('Space');
    ev = (await sel) as unknown as RegionSelectEvent;
    expect(ev.geocode).to.equal(firstRow.geoCodeId);
  });

  it('clicking a bar or a row fires region-select with the geocode', async () => {
    const f = await fixtures();
    const settled = nextStats();
    const el = await fixture<RegionStats>(
      html`<region-stats geocode=${f.geocodesWithSubregions[0].geoCodeId}></region-stats>`,
    );
    const stat = await settled;
    await el.updateComplete;
    const second = stat.children.find((c) => c.geoCodeId === $$(el, 'tbody tr')[1].dataset.code)!;
    let sel = oneEvent(el, 'region-select');
    $$(el, '.bar-group')[1].dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(((await sel) as unknown as RegionSelectEvent).geocode).to.equal(second.geoCodeId);
    sel = oneEvent(el, 'region-select');
    ($$(el, 'tbody tr')[1].querySelector('td') as HTMLElement).click();
    expect(((await sel) as unknown as RegionSelectEvent).geocode).to.equal(second.geoCodeId);
    // without drilldown the element stays where it is
    await el.updateComplete;
    expect($(el, '[part="heading"]')!.textContent).to.equal(stat.parent.name);
  });

  it('drills down with the drilldown attribute and goes back up by the breadcrumb', async () => {
    const f = await fixtures();
    const city = f.geocodesWithSubregions[0];
    const { client, calls } = recordingClient();
    // a region above the city: the city is one of its subregions and has subregions itself
    const upper = await client
      .getStatistic({ geocode: city.geoCodeId.slice(0, 7) })
      .catch(() => undefined);
    const start = upper?.children.some((c) => c.geoCodeId === city.geoCodeId)
      ? upper.parent
      : undefined;
    if (!start) throw new Error(`the sandbox has no region above ${city.geoCodeId}`);
    calls.length = 0;
    const settled = nextStats();
    const el = await fixture<RegionStats>(
      html`<region-stats drilldown .client=${client} geocode=${start.geoCodeId}></region-stats>`,
    );
    await settled;
    await el.updateComplete;
    expect($(el, '[part="breadcrumb"]')).to.equal(null);
    const i = rowNames(el).indexOf(city.name);
    expect(i).to.be.greaterThan(-1);
    const row = $$(el, 'tbody tr')[i];
    row.querySelector('button')!.click();
    const inner = await loaded(el);
    expect(inner.parent.geoCodeId).to.equal(city.geoCodeId);
    expect(calls.at(-1)!.url.searchParams.get('geocode')).to.equal(city.geoCodeId);
    expect(shadow(el).activeElement).to.equal($(el, '[part="heading"]'));
    const crumbs = $(el, '[part="breadcrumb"]')!;
    expect(crumbs.getAttribute('aria-label')).to.equal('Regionspfad');
    expect(crumbs.querySelector('[aria-current="page"]')!.textContent).to.equal(inner.parent.name);
    await expect(el).to.be.accessible();

    // quarters are the lowest level: no drill-down offered (plain names, no bar buttons)
    expect(inner.children.every((c) => /Quarter$/.test(c.type ?? ''))).to.equal(true);
    expect($$(el, 'tbody th button')).to.have.length(0);
    expect($$(el, '.bar-group')).to.have.length(0);
    expect($$(el, '.bar-row')).to.have.length(Math.min(10, inner.children.length));
    await expect(el).to.be.accessible();

    // back to the top from the cache: no new request
    const before = calls.length;
    const top = $$(el, '[part="breadcrumb"] button')[0];
    expect(top.getAttribute('aria-label')).to.equal(`Zurück zu ${start.name}`);
    top.focus();
    await press('Enter');
    await el.updateComplete;
    expect(calls.length).to.equal(before);
    expect($(el, '[part="breadcrumb"]')).to.equal(null);
    expect($(el, '[part="heading"]')!.textContent).to.equal(start.name);
    expect(shadow(el).activeElement).to.equal($(el, '[part="heading"]'));
  });

  it('offers a drill-down into a subregion only until the service refused it once', async () => {
    const f = await fixtures();
    const leaf = f.geocodeWithoutSubregions!;
    // a subregion typed City (so it may have subregions) that the service has no statistic for
    const data: GeoHierarchyStatistic = {
      parent: {
        type: 'Region',
        name: 'Testland',
        geoCodeId: '1276099',
        statistics: [{ realEstateType: 'APARTMENT_RENT', count: 5 }],
      },
      children: [
        {
          type: 'City',
          name: leaf.name,
          geoCodeId: leaf.geoCodeId,
          statistics: [{ realEstateType: 'APARTMENT_RENT', count: 5 }],
        },
      ],
    };
    const el = await fixture<RegionStats>(
      html`<region-stats drilldown .data=${data}></region-stats>`,
    );
    $<HTMLButtonElement>(el, 'tbody th button')!.click();
    await waitUntil(() => $(el, '[part="error"]'), 'the refusal is explained');
    expect($(el, '[part="error"]')!.textContent).to.contain('nur für Regionen mit Unterregionen');
    $<HTMLButtonElement>(el, '[part="breadcrumb"] button')!.click();
    await el.updateComplete;
    expect(rowNames(el)).to.deep.equal([leaf.name]);
    expect($(el, 'tbody th button'), 'no drill-down offered any more').to.equal(null);
    expect($$(el, '.bar-group')).to.have.length(0);
  });

  it('a host can cancel the drill-down', async () => {
    const f = await fixtures();
    const city = f.geocodesWithSubregions[0];
    const settled = nextStats();
    const el =
      await fixture<RegionStats>(html`<region-stats drilldown geocode=${city.geoCodeId.slice(0, 7)}
        @region-select=${(e: Event) => e.preventDefault()}></region-stats>`);
    const stat = await settled;
    await el.updateComplete;
    const rows = $$(el, 'tbody tr.pick');
    expect(rows.length).to.be.greaterThan(0);
    rows[0]!.click();
    await el.updateComplete;
    expect($(el, '[part="breadcrumb"]')).to.equal(null);
    expect($(el, '[part="heading"]')!.textContent).to.equal(stat.parent.name);
  });

  it('explains a geocode without subregions', async () => {
    const f = await fixtures();
    const leaf = f.geocodeWithoutSubregions!;
    const el = await fixture<RegionStats>(
      html`<region-stats geocode=${leaf.geoCodeId}></region-stats>`,
    );
    await ready(el);
    const err = $(el, '[part="error"]')!;
    expect(err.textContent).to.contain('nur für Regionen mit Unterregionen');
    expect($(el, '[part="retry"]')).to.equal(null);
    expect($(el, '[role="alert"]')!.textContent).to.contain('Unterregionen');
    await expect(el).to.be.accessible();
  });

  it('tells a refused filter apart from a geocode without subregions, and an unknown geocode', async () => {
    const f = await fixtures();
    const city = f.geocodesWithSubregions[0];
    // the sandbox refuses a channel that is not "is24", "hp" or a group id (412)
    const el = await fixture<RegionStats>(
      html`<region-stats geocode=${city.geoCodeId} channel="nochannel"></region-stats>`,
    );
    await ready(el);
    let err = $(el, '[part="error"]')!.textContent!;
    expect(err).to.contain(`Der Dienst hat die Anfrage für „${city.geoCodeId}“ abgelehnt`);
    expect(err).to.contain('Filter');
    // the filter the page set, named in the element's words (never the service's text)
    expect(err).to.contain('Kanal „nochannel“');
    expect(err).not.to.match(/\b4\d\d\b|ERROR_|Details/);
    expect($(el, '[part="retry"]')).to.equal(null);
    await expect(el).to.be.accessible();
    // a geocode the service does not know (404 with its message) is not called a region without subregions
    el.channel = '';
    el.geocode = '999';
    await waitUntil(
      () => $(el, '[part="error"]')?.textContent?.includes('999'),
      'unknown geocode explained',
    );
    err = $(el, '[part="error"]')!.textContent!;
    expect(err).to.contain('Der Dienst kennt keine Region mit dem Geocode „999“');
    expect(err).not.to.contain('Unterregionen');
    expect($(el, '[part="retry"]')).to.equal(null);
    el.lang = 'en';
    await el.updateComplete;
    expect($(el, '[part="error"]')!.textContent).to.contain(
      'The service knows no region with the geocode “999”',
    );
  });

  it('shows a server error with a retry button that works', async () => {
    const f = await fixtures();
    await fault({ status: 500, times: 3 });
    const el = await fixture<RegionStats>(
      html`<region-stats geocode=${f.geocodesWithSubregions[0].geoCodeId}></region-stats>`,
    );
    await ready(el);
    const text = $(el, '[part="error"]')!.textContent!;
    expect(text).to.contain('Beim Dienst ist ein Fehler aufgetreten.');
    expect(text).not.to.match(/500|HTTP|ERROR_|Details/);
    await expect(el).to.be.accessible();
    await clearSandboxFaults();
    const retry = $(el, '[part="retry"]')!;
    retry.focus();
    const done = loaded(el);
    await press('Enter');
    await done;
    expect($(el, '[part="table"]')).to.exist;
    // the retry button is gone: the keyboard focus moves to the region's title, not to the page
    await waitUntil(
      () => shadow(el).activeElement === $(el, '[part="heading"]'),
      'focus on the title after a retry',
    );
  });

  it('keeps the focus on the retry button when the retry fails again', async () => {
    const f = await fixtures();
    await fault({ status: 500, times: 6 });
    const el = await fixture<RegionStats>(
      html`<region-stats geocode=${f.geocodesWithSubregions[0].geoCodeId}></region-stats>`,
    );
    await ready(el);
    $(el, '[part="retry"]')!.focus();
    await press('Enter');
    await waitUntil(
      () => $(el, '[part="retry"]') && shadow(el).activeElement === $(el, '[part="retry"]'),
      'focus back on the retry button',
    );
    expect($(el, '[part="error"]')!.textContent).to.contain('Bitte versuchen Sie es erneut');
  });

  it('survives a malformed answer with a readable error', async () => {
    const f = await fixtures();
    await fault({ malformed: true, times: 3 });
    const el = await fixture<RegionStats>(
      html`<region-stats lang="en" geocode=${f.geocodesWithSubregions[0].geoCodeId}></region-stats>`,
    );
    await ready(el);
    expect($(el, '[part="error"]')!.textContent).to.match(/incomplete answer/);
    expect($(el, '[part="retry"]')!.textContent).to.equal('Try again');
  });

  it('shows a skeleton while loading, axe-clean', async () => {
    const f = await fixtures();
    // the sandbox's answer is held back until the loading state has been checked
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const client = new ImmoClient({
      baseUrl: API,
      fetch: async (input, init) => (await gate, fetch(input, init)),
    });
    const el = await fixture<RegionStats>(
      html`<region-stats .client=${client} geocode=${f.geocodesWithSubregions[0].geoCodeId}></region-stats>`,
    );
    expect($(el, '[part="skeleton"]')).to.exist;
    expect($(el, '[aria-busy]')!.getAttribute('aria-busy')).to.equal('true');
    expect($(el, '[role="status"]')!.textContent).to.equal('Statistik wird geladen …');
    await expect(el).to.be.accessible();
    const done = loaded(el);
    release();
    await done;
    expect($(el, '[part="skeleton"]')).to.equal(null);
    expect($(el, '[aria-busy]')!.getAttribute('aria-busy')).to.equal('false');
    expect($(el, '[role="status"]')!.textContent).to.match(
      /^Statistik für .+ geladen, \d+ Unterregionen\.$/,
    );
  });

  it('shows the empty state in one sentence when every count is 0: no chart, no table of zeros, the legend with its zeros', async () => {
    const f = await fixtures();
    // a channel group id nobody publishes in
    const settled = nextStats();
    const el = await fixture<RegionStats>(
      html`<region-stats geocode=${f.geocodesWithSubregions[0].geoCodeId} channel="999999999" real-estate-types="apartmentrent"></region-stats>`,
    );
    const stat = await settled;
    await el.updateComplete;
    expect(stat.children.every((c) => c.statistics.every((s) => s.count === 0))).to.equal(true);
    expect($(el, '[part="empty"]')!.textContent).to.contain('keine Inserate');
    expect($(el, '[part="chart"]')).to.equal(null);
    expect($(el, '[part="table"]')).to.equal(null);
    // The legend stays, with the region's zeros: the frame of the chart (region-stats.states.test.ts).
    expect($(el, '[part~="legend"]')!.textContent!.replace(/\s+/g, ' ')).to.contain(
      'Mietwohnungen 0',
    );
    await expect(el).to.be.accessible();
  });

  it('Berlin (96 quarters, four types) is its stated height, labels inside the chart, at phone and desktop widths', async () => {
    // The stated height (docs/elements/region-stats.md, --immo-region-stats-height): 900 px in a 358 px column and in a 1100 px one.
    for (const width of [358, 1100]) {
      const settled = nextStats();
      const wrap = await fixture<HTMLDivElement>(
        html`<div style="width:${width}px"><region-stats geocode="1276003001" real-estate-types="apartmentrent,apartmentbuy,houserent,housebuy"></region-stats></div>`,
      );
      const el = wrap.querySelector('region-stats')!;
      await settled;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      await el.updateComplete;
      expect(el.getBoundingClientRect().height, `height at ${width} px`).to.be.closeTo(900, 0.5);
      expect(el.scrollWidth, 'nothing wider than the column').to.be.at.most(width + 1);
      const svg = $(el, '[part="chart"]')!.getBoundingClientRect();
      for (const t of $$(el, '[part="chart"] text')) {
        const b = t.getBoundingClientRect();
        expect(b.left, `label "${t.textContent}" not cut at the left`).to.be.at.least(svg.left - 1);
        expect(b.bottom, `label "${t.textContent}" inside the drawing`).to.be.at.most(
          svg.bottom + 1,
        );
      }
      wrap.remove();
    }
  });

  describe('keeps its height when its data arrives', () => {
    /** Mounts `markup` with its request held back; returns the element's height while loading and once settled. */
    async function heights(
      width: number,
      attrs: string,
    ): Promise<[loading: number, settled: number, el: RegionStats]> {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const client = new ImmoClient({
        baseUrl: API,
        fetch: async (input, init) => (await gate, fetch(input, init)),
      });
      const wrap = await fixture<HTMLDivElement>(html`<div style="width:${width}px"></div>`);
      // markup from the test's own table: attributes of documented names only
      wrap.innerHTML = `<region-stats ${attrs}></region-stats>`;
      const el = wrap.querySelector<RegionStats>('region-stats')!;
      el.client = client;
      await el.updateComplete;
      expect($(el, '[part="skeleton"]'), 'loading').to.exist;
      const before = el.getBoundingClientRect().height;
      release();
      await ready(el);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return [before, el.getBoundingClientRect().height, el];
    }

    for (const width of [358, 1100]) {
      it(`at ${width} px: a city, a state, every type, no listings, no subregions, a failure`, async function () {
        this.timeout(20000);
        const f = await fixtures();
        const leaf = f.geocodeWithoutSubregions;
        const cases: [string, string][] = [
          [
            'Berlin, four types',
            'geocode="1276003001" real-estate-types="apartmentrent,apartmentbuy,houserent,housebuy"',
          ],
          [
            'Germany, its states',
            'geocode="1276" drilldown real-estate-types="apartmentrent,housebuy"',
          ],
          ['every type', `lang="en" geocode="${f.geocodesWithSubregions[0]!.geoCodeId}"`],
          [
            'no listings',
            'geocode="1276003001" channel="999999999" real-estate-types="apartmentrent"',
          ],
          ...(leaf
            ? ([['no subregions', `geocode="${leaf.geoCodeId}"`]] as [string, string][])
            : []),
        ];
        for (const [name, attrs] of cases) {
          const [loading, settled, el] = await heights(width, attrs);
          expect(loading, `${name}: loading`).to.be.closeTo(900, 0.5);
          expect(settled, `${name}: settled`).to.be.closeTo(loading, 0.5);
          el.parentElement!.remove();
        }
        await fault({ status: 500, times: 3 });
        const [loading, settled, el] = await heights(width, 'geocode="1276003001"');
        expect($(el, '[part="error"]'), 'the failure is shown').to.exist;
        expect(settled, 'an error box within the reserved height').to.be.closeTo(loading, 0.5);
        // retrying is the visitor's action; the answer still takes the same height
        await clearSandboxFaults();
        $(el, '[part="retry"]')!.click();
        await el.updateComplete;
        expect(el.getBoundingClientRect().height, 'loading again').to.be.closeTo(loading, 0.5);
        await ready(el);
        expect($(el, '[part="table"]')).to.exist;
        expect(el.getBoundingClientRect().height, 'after the retry').to.be.closeTo(loading, 0.5);
        el.parentElement!.remove();
      });
    }

    it('drilling down and back up keeps the height; "show all" grows it and "show the ten largest" gives it back', async function () {
      this.timeout(20000);
      const settled = nextStats();
      const el = await fixture<RegionStats>(
        html`<region-stats drilldown geocode="1276" real-estate-types="apartmentrent,housebuy"></region-stats>`,
      );
      await settled;
      await el.updateComplete;
      const h = () => Math.round(el.getBoundingClientRect().height);
      expect(h()).to.equal(900);
      const down = nextStats();
      ($(el, '.bar-group') as unknown as SVGGElement).dispatchEvent(
        new MouseEvent('click', { bubbles: true }),
      );
      await el.updateComplete;
      expect($(el, '[part="skeleton"]'), 'loading the subregion').to.exist;
      expect(h(), 'while the subregion loads').to.equal(900);
      await down;
      await el.updateComplete;
      expect(h(), 'the subregion').to.equal(900);
      $(el, '[part="breadcrumb"] button')!.click();
      await el.updateComplete;
      expect(h(), 'back up').to.equal(900);
      $(el, 'button.more')!.click();
      await el.updateComplete;
      expect(h(), 'all sixteen states').to.be.above(900);
      $(el, 'button.more')!.click();
      await el.updateComplete;
      expect(h(), 'the ten largest again').to.equal(900);
    });

    it('takes the height a page sets, and the height of its content with 0', async () => {
      const data: GeoHierarchyStatistic = {
        parent: {
          type: 'City',
          name: 'Musterstadt',
          geoCodeId: '1276099001',
          statistics: [{ realEstateType: 'APARTMENT_RENT', count: 3 }],
        },
        children: Array.from({ length: 10 }, (_, i) => ({
          type: 'Quarter',
          name: `Viertel ${i + 1}`,
          geoCodeId: `12760990010${10 + i}`,
          statistics: [{ realEstateType: 'APARTMENT_RENT', count: i + 1 }],
        })),
      };
      const el = await fixture<RegionStats>(
        html`<region-stats style="--immo-region-stats-height:600px" .data=${data}></region-stats>`,
      );
      expect(el.getBoundingClientRect().height).to.be.closeTo(600, 0.5);
      const wrap = $(el, '.chart-wrap')!;
      expect(wrap.scrollHeight, 'a shorter height scrolls the chart').to.be.above(
        wrap.clientHeight + 1,
      );
      el.style.setProperty('--immo-region-stats-height', '0');
      el.requestUpdate();
      await el.updateComplete;
      expect(wrap.scrollHeight, 'with 0 the chart shows every row').to.be.at.most(
        wrap.clientHeight + 1,
      );
      const svg = $(el, '[part="chart"]')!.getBoundingClientRect();
      const button = $(el, '[part="table"]')!.getBoundingClientRect();
      expect(el.getBoundingClientRect().height, "the content's height, not 900 px").to.be.within(
        svg.height + button.height,
        899,
      );
    });
  });

  it('speaks English with lang="en" (labels, numbers)', async () => {
    const f = await fixtures();
    const settled = nextStats();
    const el = await fixture<RegionStats>(
      html`<region-stats lang="en" geocode=${f.geocodesWithSubregions[0].geoCodeId} real-estate-types="apartmentrent,officE"></region-stats>`,
    );
    const stat = await settled;
    await el.updateComplete;
    expect(
      $$(el, 'thead th').map((th) => th.textContent!.replace(/[▲▼↕]/g, '').trim()),
    ).to.deep.equal(['Region', 'Total', 'Apartments for rent', 'Offices and practices']);
    expect($(el, 'tfoot th')!.textContent).to.equal(`${stat.parent.name} in total`);
    expect($$(el, 'tfoot td')[1]!.textContent).to.equal(
      formatNumber('en', count(stat.parent, 'APARTMENT_RENT')),
    );
    // an ancestor's lang counts too
    const wrap = await fixture(
      html`<div lang="en"><region-stats geocode="abc"></region-stats></div>`,
    );
    const inner = wrap.querySelector('region-stats')!;
    await inner.updateComplete;
    expect($(inner, '[part="error"]')!.textContent).to.contain('not a valid geocode');
    await expect(el).to.be.accessible();
  });
});

describe('region-stats input checks and quirks', () => {
  it('refuses bad host input with a clear message and recovers when it is fixed', async () => {
    const f = await fixtures();
    const { client, calls } = recordingClient();
    const el = await fixture<RegionStats>(
      html`<region-stats .client=${client} geocode="12ab"></region-stats>`,
    );
    expect($(el, '[part="error"]')!.textContent).to.contain('„12ab“ ist kein gültiger Geocode');
    el.geocode = f.geocodesWithSubregions[0].geoCodeId;
    el.realEstateTypes = 'apartmentrent,villa';
    await el.updateComplete;
    expect($(el, '[part="error"]')!.textContent).to.contain('Unbekannte Immobilienart: villa');
    expect(calls).to.have.length(0);
    el.realEstateTypes = 'apartmentrent';
    await loaded(el);
    expect(calls).to.have.length(1);
    el.geocode = '';
    await el.updateComplete;
    expect($(el, '[part="empty"]')!.textContent).to.equal('Bitte eine Region wählen.');
    await expect(el).to.be.accessible();
  });

  it('survives removed attributes and non-string properties from frameworks', async () => {
    const f = await fixtures();
    const city = f.geocodesWithSubregions[0];
    const { client, calls } = recordingClient();
    const settled = nextStats();
    const el = await fixture<RegionStats>(
      html`<region-stats .client=${client} geocode=${city.geoCodeId} real-estate-types="housebuy" channel="hp" username=${f.usernames[2]}></region-stats>`,
    );
    await settled;
    // a framework that binds undefined removes the attribute: the property becomes null
    el.removeAttribute('channel');
    el.removeAttribute('username');
    el.removeAttribute('real-estate-types');
    await loaded(el);
    const q = calls.at(-1)!.url.searchParams;
    expect([...q.keys()]).to.deep.equal(['geocode']);
    // every type asked for: region, total, seven types and the rest together
    expect($$(el, 'thead th').length).to.equal(2 + 8);
    // a geocode handed in as a number
    (el as unknown as { geocode: number }).geocode = Number(f.geocodesWithSubregions[1].geoCodeId);
    expect((await loaded(el)).parent.geoCodeId).to.equal(f.geocodesWithSubregions[1].geoCodeId);
    el.removeAttribute('geocode');
    el.geocode = null as unknown as string;
    await el.updateComplete;
    expect($(el, '[part="empty"]')!.textContent).to.equal('Bitte eine Region wählen.');
    // without base-url the element's own client asks the default service root
    const own = await fixture<RegionStats>(
      html`<region-stats base-url="/elsewhere" geocode=${city.geoCodeId}></region-stats>`,
    );
    await ready(own);
    const done = loaded(own);
    own.removeAttribute('base-url');
    expect((await done).parent.geoCodeId).to.equal(city.geoCodeId);
  });

  it('handles the JSON quirks: one child as an object, counts as strings, one statistic as an object', async () => {
    const body = JSON.stringify({
      'common.geoHierarchyElementsStatistic': {
        parent: {
          '@xsi.type': 'common:City',
          name: 'Teststadt',
          geoCodeId: 1276099001,
          statistics: {
            GeoHierarchyStatistic: { '@realEstateType': 'HOUSE_BUY', '@count': '12345' },
          },
        },
        children: {
          geoHierarchyElement: {
            '@xsi.type': 'common:Quarter',
            name: 'Altstadt',
            geoCodeId: 1276099001001,
            statistics: {
              GeoHierarchyStatistic: { '@realEstateType': 'HOUSE_BUY', '@count': '0' },
            },
          },
        },
      },
    });
    const settled = nextStats();
    const el = await fixture<RegionStats>(
      html`<region-stats .client=${cannedClient(body)} geocode="1276099001"></region-stats>`,
    );
    const stat = await settled;
    await el.updateComplete;
    expect(stat.children).to.have.length(1);
    expect(stat.parent.statistics[0]!.count).to.equal(12345);
    expect(stat.children[0]!.name).to.equal('Altstadt');
    // one child with 0: every subregion is zero, so the one-sentence empty state
    expect($(el, '[part="empty"]')!.textContent).to.contain('keine Inserate');
  });

  it('takes series colours and the focus ring from an ancestor (not only from the element itself)', async () => {
    const data: GeoHierarchyStatistic = {
      parent: {
        type: 'City',
        name: 'Musterstadt',
        geoCodeId: '1276099003',
        statistics: [{ realEstateType: 'APARTMENT_RENT', count: 3 }],
      },
      children: [
        {
          type: 'Quarter',
          name: 'Nord',
          geoCodeId: '1276099003001',
          statistics: [{ realEstateType: 'APARTMENT_RENT', count: 3 }],
        },
      ],
    };
    const wrap = await fixture<HTMLDivElement>(
      html`<div style="--immo-region-stats-series-1: rgb(1, 2, 3); --immo-focus-ring: 0 0 0 4px rgb(4, 5, 6)"><region-stats .data=${data}></region-stats></div>`,
    );
    const el = wrap.querySelector('region-stats')!;
    await el.updateComplete;
    expect(getComputedStyle($(el, 'rect.s1')!).fill).to.equal('rgb(1, 2, 3)');
    const sortButton = $<HTMLButtonElement>(el, 'thead button')!;
    sortButton.focus();
    await press('Shift'); // keyboard modality, so :focus-visible applies
    expect(getComputedStyle(sortButton).boxShadow).to.equal('rgb(4, 5, 6) 0px 0px 0px 4px');
  });

  it('an answer whose elements have no name (optional in the schema): the model says none, the element names them by code', async () => {
    // Written from the schema (GeoHierarchyElement: name minOccurs=0) and API-NOTES' JSON mapping, not from the sandbox.
    const body = JSON.stringify({
      'common.geoHierarchyElementsStatistic': {
        parent: {
          '@xsi.type': 'common:City',
          geoCodeId: 1276099003,
          statistics: { GeoHierarchyStatistic: { '@realEstateType': 'HOUSE_BUY', '@count': '7' } },
        },
        children: {
          geoHierarchyElement: {
            geoCodeId: 1276099003001,
            statistics: {
              GeoHierarchyStatistic: { '@realEstateType': 'HOUSE_BUY', '@count': '7' },
            },
          },
        },
      },
    });
    const client = new ImmoClient({
      baseUrl: API,
      retries: 0,
      fetch: async () => new Response(body, { headers: { 'content-type': 'application/json' } }),
    });
    const stat = await client.getStatistic({ geocode: '1276099003' });
    expect(stat.parent.name).to.equal(undefined);
    expect('type' in stat.children[0]!).to.equal(false);
    const el = await fixture<RegionStats>(
      html`<region-stats geocode="1276099003" .client=${client}></region-stats>`,
    );
    await waitUntil(() => $(el, '[part="table"]'), 'table shown');
    expect(rowNames(el)).to.deep.equal(['1276099003001']);
    expect($(el, '[part="heading"]')!.textContent).to.contain('1276099003');
    await expect(el).to.be.accessible();
  });

  it('shows hostile region names as text', async () => {
    const evil = '<img src=x onerror="window.__rsPwned=1">';
    const data: GeoHierarchyStatistic = {
      parent: {
        type: 'City',
        name: `<script>window.__rsPwned=1</script>`,
        geoCodeId: '1276099001',
        statistics: [{ realEstateType: 'APARTMENT_RENT', count: 3 }],
      },
      children: [
        {
          type: 'Quarter',
          name: evil,
          geoCodeId: '1276099001001',
          statistics: [{ realEstateType: 'APARTMENT_RENT', count: 2 }],
        },
        {
          type: 'Quarter',
          name: '"><svg onload=alert(1)>',
          geoCodeId: '1276099001002',
          statistics: [{ realEstateType: 'APARTMENT_RENT', count: 1 }],
        },
      ],
    };
    const { client, calls } = recordingClient();
    const el = await fixture<RegionStats>(
      html`<region-stats .client=${client} .data=${data}></region-stats>`,
    );
    await el.updateComplete;
    expect(calls).to.have.length(0);
    expect(rowNames(el)).to.include(evil);
    expect($$(el, 'img')).to.have.length(0);
    expect($$(el, 'script')).to.have.length(0);
    // the chart's own drawing (one <svg>, a nested one per row), nothing the names brought
    expect(
      $$(el, 'svg').filter(
        (n) => n.getAttribute('part') !== 'chart' && !n.parentElement?.closest('[part="chart"]'),
      ),
    ).to.have.length(0);
    expect($$(el, '[onload], [onerror]')).to.have.length(0);
    expect($(el, '[part="heading"]')!.textContent).to.equal(data.parent.name);
    expect((window as unknown as { __rsPwned?: number }).__rsPwned).to.equal(undefined);
    await expect(el).to.be.accessible();
  });

  it('shows a statistic handed in through data without a request or stats-loaded, and refuses a malformed one', async () => {
    const data: GeoHierarchyStatistic = {
      parent: {
        type: 'City',
        name: 'Musterstadt',
        geoCodeId: '1276099002',
        statistics: [
          { realEstateType: 'HOUSE_RENT', count: 1234 },
          { realEstateType: 'NEW_FANCY_TYPE', count: 5 },
        ],
      },
      children: [
        {
          type: 'Quarter',
          name: 'Nord',
          geoCodeId: '1276099002001',
          statistics: [{ realEstateType: 'HOUSE_RENT', count: 1000 }],
        },
      ],
    };
    const { client, calls } = recordingClient();
    let events = 0;
    const el = await fixture<RegionStats>(
      html`<region-stats .client=${client} .data=${data} @stats-loaded=${() => events++}></region-stats>`,
    );
    expect(calls).to.have.length(0);
    expect(events).to.equal(0);
    expect($(el, '[part="legend"]')!.textContent!.replace(/\s+/g, ' ')).to.contain(
      'Häuser zur Miete 1.234',
    );
    // an unknown type is shown under its own name, a missing count as 0
    expect($$(el, 'thead th')[3].textContent).to.contain('NEW_FANCY_TYPE');
    expect($$(el, 'tbody td').map((td) => td.textContent)).to.deep.equal(['1.000', '1.000', '0']);
    // a zero is muted, not shouting
    expect($$(el, 'tbody td')[2]!.classList.contains('zero')).to.equal(true);
    el.data = { parent: null } as unknown as GeoHierarchyStatistic;
    await el.updateComplete;
    expect($(el, '[part="error"]')!.textContent).to.contain('nicht die erwartete Form');
    // a count that is not a non-negative number is refused, not drawn as a bar of negative width
    for (const bad of [-3, 'viele', Infinity]) {
      el.data = {
        ...data,
        children: [
          {
            ...data.children[0],
            statistics: [{ realEstateType: 'HOUSE_RENT', count: bad as number }],
          },
        ],
      };
      await el.updateComplete;
      expect($(el, '[part="error"]'), String(bad)).to.exist;
      expect($(el, '[part="error"]')!.textContent).to.contain('nicht die erwartete Form');
      expect($(el, '[part="chart"]')).to.equal(null);
    }
    // counts as strings, as the service's JSON sends them, are numbers
    el.data = {
      ...data,
      children: [
        {
          ...data.children[0],
          statistics: [{ realEstateType: 'HOUSE_RENT', count: '17' as unknown as number }],
        },
      ],
    };
    await el.updateComplete;
    expect($$(el, 'tbody td').map((td) => td.textContent)).to.deep.equal(['17', '17', '0']);
    expect(calls).to.have.length(0);
  });

  it('keeps the table title readable on a narrow screen where the table scrolls', async () => {
    const data: GeoHierarchyStatistic = {
      parent: { type: 'City', name: 'Musterstadt', geoCodeId: '1276099002', statistics: [] },
      children: [{ type: 'Quarter', name: 'Nord', geoCodeId: '1276099002001', statistics: [] }],
    };
    for (const t of [
      'APARTMENT_RENT',
      'APARTMENT_BUY',
      'HOUSE_RENT',
      'HOUSE_BUY',
      'GARAGE_RENT',
      'OFFICE',
    ]) {
      data.parent.statistics.push({ realEstateType: t, count: 1000 });
      data.children[0].statistics.push({ realEstateType: t, count: 1000 });
    }
    const wrap = await fixture(
      html`<div style="width:320px"><region-stats .data=${data}></region-stats></div>`,
    );
    const el = wrap.querySelector('region-stats')!;
    await el.updateComplete;
    const table = $(el, '[part="table"]')!;
    const box = el.getBoundingClientRect();
    expect(table.getBoundingClientRect().width).to.be.greaterThan(box.width);
    // the table's name seen is a text outside the scrolling box, wrapped at the element's
    // width; the name heard is its caption (the text seen is hidden from screen readers)
    const label = $(el, '.cap')!;
    expect(label.textContent).to.equal('Inserate je Unterregion von Musterstadt');
    expect(label.getAttribute('aria-hidden')).to.equal('true');
    expect(table.querySelector('caption')!.textContent).to.equal(label.textContent);
    expect(label.closest('.scroll')).to.equal(null);
    expect(label.getBoundingClientRect().right).to.be.at.most(box.right + 0.5);
    await expect(el).to.be.accessible();
  });

  it('the chart fits its box where a classic scrollbar takes space: no squeezed drawing, no blank band', async () => {
    // Classic scrollbars (Windows, macOS set to always show them, Firefox on Linux) take width
    // from the chart's scroll box: the drawing must be made for the width left, not the element's.
    const data: GeoHierarchyStatistic = {
      parent: {
        type: 'City',
        name: 'Musterstadt',
        geoCodeId: '1276099002',
        statistics: [{ realEstateType: 'HOUSE_BUY', count: 30 }],
      },
      children: Array.from({ length: 12 }, (_, i) => ({
        type: 'Quarter',
        name: `Viertel ${i + 1}`,
        geoCodeId: `12760990020${10 + i}`,
        statistics: [{ realEstateType: 'HOUSE_BUY', count: i + 1 }],
      })),
    };
    const el = await fixture<RegionStats>(
      html`<region-stats style="--immo-region-stats-chart-height:150px" .data=${data}></region-stats>`,
    );
    // a scrollbar that takes space in every engine (Firefox's here already does): the engines'
    // own scrollbar styling, added to the element's shadow root by the test
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      '.chart-wrap::-webkit-scrollbar{width:14px;background:#ddd}.chart-wrap::-webkit-scrollbar-thumb{background:#888}',
    );
    shadow(el).adoptedStyleSheets = [...shadow(el).adoptedStyleSheets, sheet];
    const wrap = $(el, '.chart-wrap')!;
    // WebKit styles the scrollbar of a box that scrolls already only when the box is made a
    // scroll box again (a page's own styles are there before, so only this test needs it)
    wrap.style.overflowY = 'hidden';
    void wrap.offsetWidth;
    wrap.style.overflowY = '';
    await waitUntil(
      () => wrap.offsetWidth - wrap.clientWidth > 0,
      'the scroll box shows a scrollbar that takes space',
    );
    const svg = $<SVGSVGElement>(el, '[part="chart"]')!;
    const fits = () => {
      const r = svg.getBoundingClientRect();
      return (
        Math.abs(r.width - wrap.clientWidth) <= 1 &&
        Math.abs(r.width - svg.width.baseVal.value) <= 1 &&
        Math.abs(r.height - svg.height.baseVal.value) <= 1
      );
    };
    await waitUntil(fits, 'the chart is drawn for the width left beside the scrollbar', {
      timeout: 3000,
    }).catch(() => undefined);
    const r = svg.getBoundingClientRect();
    expect(Math.round(r.width), 'as wide as the box beside the scrollbar').to.be.closeTo(
      wrap.clientWidth,
      1,
    );
    expect(Math.round(r.width), 'drawn at its own width, not squeezed').to.be.closeTo(
      svg.width.baseVal.value,
      1,
    );
    expect(Math.round(r.height), 'and at its own height: no blank band under it').to.be.closeTo(
      svg.height.baseVal.value,
      1,
    );
  });

  it('legend swatches have the colours of their bars, also where the system forces colours', async () => {
    const data: GeoHierarchyStatistic = {
      parent: {
        type: 'City',
        name: 'Musterstadt',
        geoCodeId: '1276099002',
        statistics: [
          { realEstateType: 'HOUSE_RENT', count: 3 },
          { realEstateType: 'HOUSE_BUY', count: 2 },
        ],
      },
      children: [
        {
          type: 'Quarter',
          name: 'Nord',
          geoCodeId: '1276099002001',
          statistics: [
            { realEstateType: 'HOUSE_RENT', count: 3 },
            { realEstateType: 'HOUSE_BUY', count: 2 },
          ],
        },
      ],
    };
    const el = await fixture<RegionStats>(html`<region-stats .data=${data}></region-stats>`);
    const swatches = $$(el, '[part="legend"] .sw');
    const bars = [...$$(el, '.bar-group')[0].querySelectorAll('rect:not(.hit)')];
    expect(swatches.map((sw) => getComputedStyle(sw).backgroundColor)).to.deep.equal(
      bars.map((r) => getComputedStyle(r).fill),
    );
    // Forced colours (Windows contrast themes) replace backgrounds but not SVG fills: without
    // this the swatches vanish while the bars keep their colours, and the legend says nothing.
    // (WebKit has no forced-colours mode and no forced-color-adjust: nothing to keep there)
    if (supportsCss('forced-color-adjust', 'none')) {
      for (const sw of swatches) expect(getComputedStyle(sw).forcedColorAdjust).to.equal('none');
    }
  });

  itInColorScheme('dark', 'is axe-clean in dark mode, chart, table and error alike', async () => {
    const data: GeoHierarchyStatistic = {
      parent: { type: 'City', name: 'Musterstadt', geoCodeId: '1276099002', statistics: [] },
      children: ['Nord', 'Süd'].map((name, i) => ({
        type: 'Quarter',
        name,
        geoCodeId: `127609900200${i}`,
        statistics: [],
      })),
    };
    for (const [i, t] of [
      'APARTMENT_RENT',
      'APARTMENT_BUY',
      'HOUSE_RENT',
      'HOUSE_BUY',
      'GARAGE_RENT',
      'OFFICE',
      'STORE',
      'INDUSTRY',
      'INVESTMENT',
    ].entries()) {
      data.parent.statistics.push({ realEstateType: t, count: 1000 * i });
      data.children.forEach((c, j) => c.statistics.push({ realEstateType: t, count: 10 * i + j }));
    }
    // A dark page that declares it: the element paints nothing itself and takes the dark series.
    const wrap = await fixture<HTMLDivElement>(
      html`<div style="color-scheme:dark;background:#1c1c1f;color:#ececf0"><region-stats .data=${data}></region-stats></div>`,
    );
    const el = wrap.querySelector('region-stats')!;
    await el.updateComplete;
    expect(getComputedStyle(el).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
    expect(getComputedStyle($(el, 'rect.s1')!).fill).to.equal('rgb(86, 180, 233)');
    await expect(el).to.be.accessible();
    el.data = { parent: null } as unknown as GeoHierarchyStatistic;
    await el.updateComplete;
    expect($(el, '[part="error"]')).to.exist;
    await expect(el).to.be.accessible();
  });

  it('says so when a region has no subregions in the statistic handed in', async () => {
    const data: GeoHierarchyStatistic = {
      parent: {
        type: 'City',
        name: 'Einzelstadt',
        geoCodeId: '1276099003',
        statistics: [{ realEstateType: 'HOUSE_BUY', count: 0 }],
      },
      children: [],
    };
    const el = await fixture<RegionStats>(html`<region-stats .data=${data}></region-stats>`);
    expect($(el, '[part="empty"]')!.textContent).to.equal('Einzelstadt hat keine Unterregionen.');
    expect($(el, '[part="chart"]')).to.equal(null);
    expect($(el, '[part="table"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });
});

describe('region-stats following a geo-autocomplete', () => {
  const suggestion = (id: string, label: string, type = 'city') => ({
    entity: { type, id, label },
    matches: [],
  });

  it('follows the selection of the geo-autocomplete named by for: geoId first, else a numeric id', async () => {
    const f = await fixtures();
    const [a, b] = f.geocodesWithSubregions;
    const { client, calls } = recordingClient();
    const wrap = await fixture(html`<div>
      <div id="other"></div><div id="where"></div>
      <region-stats for="where" .client=${client}></region-stats>
    </div>`);
    const el = wrap.querySelector('region-stats')!;
    const where = wrap.querySelector('#where')!;
    // another element's selection is not followed
    wrap
      .querySelector('#other')!
      .dispatchEvent(new GeoSelectEvent(suggestion(a.geoCodeId, a.name)));
    await el.updateComplete;
    expect(calls).to.have.length(0);
    // the entity record's geoId wins over the suggestion id
    let done = loaded(el);
    where.dispatchEvent(
      new GeoSelectEvent(suggestion('4711', 'Irgendwas'), {
        type: 'city',
        id: '4711',
        label: a.name,
        address: {},
        geoId: a.geoCodeId,
      }),
    );
    expect((await done).parent.geoCodeId).to.equal(a.geoCodeId);
    expect(el.geocode).to.equal(a.geoCodeId);
    // without the record, a numeric suggestion id is the geocode
    done = loaded(el);
    where.dispatchEvent(new GeoSelectEvent(suggestion(b.geoCodeId, b.name)));
    expect((await done).parent.geoCodeId).to.equal(b.geoCodeId);
    // a quarter has no subregions: the service's refusal is explained with the label picked
    where.dispatchEvent(
      new GeoSelectEvent(
        suggestion(f.geocodeWithoutSubregions!.geoCodeId, 'Berlin - Adlershof', 'quarterOrTown'),
      ),
    );
    await waitUntil(() => $(el, '[part="error"]'));
    expect($(el, '[part="error"]')!.textContent).to.contain(
      'Für „Berlin - Adlershof“ gibt es keine Statistik',
    );
    // a street has no statistic: explained, and the next selection works again
    where.dispatchEvent(
      new GeoSelectEvent(suggestion('S123456', 'Hauptstraße, 10115 Berlin', 'street')),
    );
    await el.updateComplete;
    expect($(el, '[part="error"]')!.textContent).to.contain('„Hauptstraße, 10115 Berlin“');
    expect($(el, '[part="heading"]'), 'no title of the region shown before').to.equal(null);
    await expect(el).to.be.accessible();
    done = loaded(el);
    where.dispatchEvent(new GeoSelectEvent(suggestion(b.geoCodeId, b.name)));
    expect((await done).parent.geoCodeId).to.equal(b.geoCodeId);
    // unwired when for is removed
    el.htmlFor = '';
    await el.updateComplete;
    const n = calls.length;
    where.dispatchEvent(new GeoSelectEvent(suggestion(a.geoCodeId, a.name)));
    await el.updateComplete;
    expect(calls.length).to.equal(n);
  });

  it('end to end: a visitor picks a city in a real geo-autocomplete, the statistic follows', async () => {
    const f = await fixtures();
    const city = f.geocodesWithSubregions[1];
    const wrap = await fixture(html`<div>
      <geo-autocomplete id="stats-where" label="Stadt" types="city" resolve="GeoId" debounce="0"></geo-autocomplete>
      <region-stats for="stats-where" real-estate-types="apartmentrent"></region-stats>
    </div>`);
    const ac = wrap.querySelector('geo-autocomplete')!;
    const el = wrap.querySelector('region-stats')!;
    ac.shadowRoot!.querySelector('input')!.focus();
    await type(city.name);
    await waitForSettled(ac, city.name, 30000);
    await arrowTo(ac, city.name);
    const done = loaded(el);
    await press('Enter');
    const stat = await done;
    expect(stat.parent.geoCodeId).to.equal(city.geoCodeId);
    expect($(el, '[part="heading"]')!.textContent).to.equal(city.name);
    await expect(wrap).to.be.accessible();
  });

  it('follows an element handed in through forElement, also inside a shadow root', async () => {
    const f = await fixtures();
    const host = await fixture(html`<div></div>`);
    const root = host.attachShadow({ mode: 'open' });
    const ac = document.createElement('geo-autocomplete');
    ac.id = 'where';
    const el = document.createElement('region-stats');
    root.append(ac, el);
    el.forElement = ac;
    await el.updateComplete;
    const done = loaded(el);
    ac.dispatchEvent(
      new GeoSelectEvent(suggestion('1', 'x'), {
        type: 'city',
        id: '1',
        label: 'x',
        address: {},
        geoId: f.geocodesWithSubregions[0].geoCodeId,
      }),
    );
    expect((await done).parent.geoCodeId).to.equal(f.geocodesWithSubregions[0].geoCodeId);
  });
});
