// <region-stats> with answers larger than any real one, through its client (the sandbox's
// answer rewritten) and through `data`: names of 5,000 and 60,000 characters are shown
// shortened, chart labels take a few lines, and 10,000 subregions are shown a page at a time.
// The tests count what grows (measurements, rendered rows and nodes); the time limit is only
// a generous ceiling.
import { fixture, html, expect, waitUntil } from '@open-wc/testing';
import { ImmoClient } from '../../src/api/index.js';
import '../../src/elements/region-stats/define.js';
import type { RegionStats } from '../../src/elements/region-stats/region-stats.js';
import { TEXT_MAX } from '../../src/shared/text.js';
import { API, before, describe, it, press } from './helpers/index.js';
import { $, $$, fixtures, ready } from './region-stats.helpers.js';

type Json = Record<string, unknown>;
interface Shape {
  parentName?: string;
  childName?: (i: number) => string;
  children?: number;
}

/** Rewrites the sandbox's JSON statistic: the parent's name, the children's names and number. */
function rewrite(body: Json, o: Shape): Json {
  const root = body['common.geoHierarchyElementsStatistic'] as Json;
  const parent = root.parent as Json;
  if (o.parentName) parent.name = o.parentName;
  const kids = (root.children as Json).geoHierarchyElement as Json | Json[];
  const list = Array.isArray(kids) ? kids : [kids];
  const n = o.children ?? list.length;
  const model = list[0]!;
  const stats = (model.statistics as Json).GeoHierarchyStatistic as Json | Json[];
  const first = (Array.isArray(stats) ? stats[0] : stats)!;
  const children = Array.from({ length: n }, (_, i) => ({
    ...(list[i] ?? model),
    '@xsi.type': 'common:Quarter',
    geoCodeId: list[i]?.geoCodeId ?? 9_000_000_000 + i,
    name: o.childName ? o.childName(i) : (list[i]?.name ?? `Ort ${i}`),
    statistics: { GeoHierarchyStatistic: { ...first, '@count': String(1 + (i % 997)) } },
  }));
  (root.children as Json).geoHierarchyElement = children;
  return body;
}

/** A client whose requests go to the sandbox and whose answers are rewritten by `shape`. */
function oversizeClient(shape: Shape) {
  return new ImmoClient({
    baseUrl: API,
    retries: 0,
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      const body = rewrite((await res.json()) as Json, shape);
      return new Response(JSON.stringify(body), {
        status: res.status,
        headers: { 'Content-Type': 'application/json' },
      });
    },
  });
}

/** Counts the canvas measurements made while `run` runs. */
async function measuring<T>(run: () => Promise<T>): Promise<[T, number]> {
  const proto = CanvasRenderingContext2D.prototype;
  const original = proto.measureText;
  let n = 0;
  proto.measureText = function (this: CanvasRenderingContext2D, text: string) {
    n++;
    return original.call(this, text);
  };
  try {
    return [await run(), n];
  } finally {
    proto.measureText = original;
  }
}

const nodes = (el: Element) => el.shadowRoot!.querySelectorAll('*').length;
const lines = (el: Element) =>
  $$(el, '.labels > svg > text:first-child').map((t) => t.querySelectorAll('tspan').length);

let geocode = '';
before(async function () {
  this.timeout(120000);
  geocode = (await fixtures()).geocodesWithSubregions[0]!.geoCodeId;
});

describe('region-stats with oversized answers', () => {
  for (const size of [5_000, 60_000]) {
    it(`shows names of ${size} characters shortened, labels in a few lines, measured a few times`, async function () {
      this.timeout(20000);
      const long = (c: string) => c.repeat(size);
      const client = oversizeClient({
        parentName: long('G'),
        childName: (i) => (i % 2 ? long('x') : `Neu ${i} `.repeat(size / 8)),
        children: 12,
      });
      const t0 = performance.now();
      const [el, measured] = await measuring(async () => {
        const el = await fixture<RegionStats>(
          html`<region-stats geocode=${geocode} .client=${client}></region-stats>`,
        );
        await ready(el);
        return el;
      });
      expect(performance.now() - t0).to.be.below(5000);
      const heading = $(el, '[part="heading"]')!.textContent!.trim();
      expect(heading.length).to.equal(TEXT_MAX);
      expect(heading.endsWith('…')).to.equal(true);
      // The table's names and the bars' accessible names are shortened too.
      const names = $$(el, 'tbody th').map((th) => th.textContent!.trim());
      expect(names).to.have.length(10);
      for (const n of names) expect(n.length).to.be.at.most(TEXT_MAX);
      for (const g of $$(el, '[part="chart"] [aria-label]'))
        expect(g.getAttribute('aria-label')!.length).to.be.below(TEXT_MAX + 400);
      // At most four lines per label, the last one ends in an ellipsis.
      const l = lines(el);
      expect(l).to.have.length(10);
      for (const k of l) expect(k).to.be.within(1, 4);
      // A search per line, not a measurement per character: ten labels, a few dozen each, for
      // the first width and the element's own.
      expect(measured).to.be.below(2 * 10 * 50);
      // A render that changes neither names nor width measures nothing again.
      const [, again] = await measuring(async () => {
        el.drilldown = true;
        await el.updateComplete;
      });
      expect(again).to.equal(0);
    });
  }

  it('shows 10,000 subregions ten, then a page at a time; keyboard and screen reader see the buttons', async function () {
    this.timeout(30000);
    const client = oversizeClient({ children: 10_000 });
    const t0 = performance.now();
    const el = await fixture<RegionStats>(
      html`<region-stats geocode=${geocode} .client=${client} lang="en"></region-stats>`,
    );
    await ready(el);
    expect(performance.now() - t0).to.be.below(5000);
    expect($$(el, 'tbody tr')).to.have.length(10);
    expect(nodes(el)).to.be.below(1000);
    const more = $<HTMLButtonElement>(el, 'button.more')!;
    expect(more.textContent!.trim()).to.equal('Show 200 more of 10,000 subregions');
    expect(more.getAttribute('aria-expanded')).to.equal('false');
    more.focus();
    await press('Enter');
    await waitUntil(() => $$(el, 'tbody tr').length === 210);
    // The same button keeps the focus; "only the largest" comes beside it.
    expect(el.shadowRoot!.activeElement).to.equal(more);
    const buttons = $$(el, 'button.more').map((b) => b.textContent!.trim());
    expect(buttons).to.deep.equal([
      'Show 200 more of 10,000 subregions',
      'Show only the 10 largest',
    ]);
    expect(nodes(el)).to.be.below(210 * 50);
    // "Only the largest" leaves with the rows; the focus goes to the toggle, not the page.
    $$<HTMLButtonElement>(el, 'button.more')[1]!.focus();
    await press('Enter');
    await waitUntil(() => $$(el, 'tbody tr').length === 10);
    await waitUntil(() => el.shadowRoot!.activeElement === more, 'the focus is on the toggle');
    expect($$(el, 'button.more')).to.have.length(1);
  });

  it('takes 10,000 subregions with long names through `data`', async function () {
    this.timeout(30000);
    const children = Array.from({ length: 10_000 }, (_, i) => ({
      type: 'Quarter',
      name: `${i} ${'y'.repeat(5_000)}`,
      geoCodeId: String(9_000_000_000 + i),
      statistics: [{ realEstateType: 'APARTMENT_RENT', count: i % 50 }],
    }));
    const data = {
      parent: {
        type: 'City',
        name: 'z'.repeat(60_000),
        geoCodeId: '1276003001',
        statistics: [{ realEstateType: 'APARTMENT_RENT', count: 1 }],
      },
      children,
    };
    const [el, measured] = await measuring(async () => {
      const el = await fixture<RegionStats>(html`<region-stats .data=${data}></region-stats>`);
      await ready(el);
      return el;
    });
    expect($(el, '[part="heading"]')!.textContent!.trim()).to.have.length(TEXT_MAX);
    expect($$(el, 'tbody tr')).to.have.length(10);
    expect(measured).to.be.below(2 * 10 * 50);
    expect($(el, 'button.more')!.textContent!.trim()).to.equal(
      '200 weitere von 10.000 Unterregionen zeigen',
    );
  });
});
