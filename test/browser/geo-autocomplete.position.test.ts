// geo-autocomplete's popup placed by Floating UI (floating.ts, loaded from the first focus on by
// position.ts) in every engine: what the placement tests of
// geo-autocomplete.test.ts (under the field, flipped above, top layer in a clipping scroller and
// a modal dialog, following a scrolled container, no layout read while typing) do not cover: the
// on-demand load, the visual viewport, transformed and zoomed containers, a field scrolled out
// of sight, an upward popup whose list changes under typing.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/geo-autocomplete/define.js';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import {
  describe,
  it,
  fakeServer,
  input,
  isOpen,
  isPlaced,
  item,
  optionEls,
  placesAnswer,
  popup,
  settle,
  shadow,
  typeIn,
} from './geo-autocomplete.helpers.js';
import { press, type } from './helpers/index.js';

const PLACES = [
  'Berlin',
  'Bernau bei Berlin',
  'Bernburg (Saale)',
  'Bergen auf Rügen',
  'Bergisch Gladbach',
  'Bernkastel-Kues',
  'Bersenbrück',
  'Berchtesgaden',
].map((label, i) => item('city', String(1276000100 + i), label));
const many = Array.from({ length: 40 }, (_, i) =>
  item('city', String(1276000200 + i), `Berg ${i + 1}`),
);

async function wire(el: GeoAutocomplete, places = PLACES) {
  el.client = fakeServer(placesAnswer(places)).client;
  el.debounce = 0;
  await el.updateComplete;
  return el;
}

const field = (el: GeoAutocomplete) => shadow(el).querySelector('.field')!.getBoundingClientRect();
const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
/** Open, its options shown, and placed (Floating UI may still be loading on the first opening). */
async function opened(el: GeoAutocomplete, n?: number) {
  await waitUntil(
    () => isPlaced(el) && (n === undefined || optionEls(el).length === n),
    'open and placed',
  );
  await settle(el);
  await frame();
}
const near = (a: number, b: number) => Math.abs(a - b) < 1.5;

const floatingLoaded = () =>
  performance.getEntriesByType('resource').some((e) => /floating/i.test(e.name));

describe('geo-autocomplete: popup placement with Floating UI', () => {
  it('loads Floating UI when the field gets focus, not with the page', async () => {
    const el = await wire(
      await fixture<GeoAutocomplete>(html`<geo-autocomplete></geo-autocomplete>`),
    );
    expect(floatingLoaded(), 'nothing of Floating UI before the field is used').to.be.false;
    input(el).focus();
    await waitUntil(floatingLoaded, 'focus starts loading it');
    await typeIn(el, 'Ber');
    await opened(el, PLACES.length);
    expect(
      near(popup(el).getBoundingClientRect().top, field(el).bottom + 2),
      'placed under the field',
    ).to.be.true;
  });

  it('caps the popup to a visual viewport that shrinks while it is open (a virtual keyboard)', async () => {
    const real = Object.getOwnPropertyDescriptor(window, 'visualViewport');
    class Fake extends EventTarget {
      offsetLeft = 0;
      offsetTop = 0;
      pageLeft = 0;
      pageTop = 0;
      width = innerWidth;
      height = innerHeight;
      scale = 1;
    }
    const vv = new Fake();
    Object.defineProperty(window, 'visualViewport', { configurable: true, get: () => vv });
    try {
      const host = await fixture<HTMLDivElement>(
        html`<div style="position:fixed;top:20px;left:10px;width:300px"><geo-autocomplete limit="40"></geo-autocomplete></div>`,
      );
      const el = await wire(host.querySelector('geo-autocomplete')!, many);
      await typeIn(el, 'Ber');
      await opened(el, 40);
      expect(
        popup(el).getBoundingClientRect().height,
        'the long list at its full 360 px',
      ).to.be.closeTo(360, 1);
      vv.height = 300; // the keyboard takes the lower part of the screen
      vv.dispatchEvent(new Event('resize'));
      await waitUntil(
        () => popup(el).getBoundingClientRect().bottom <= 300 - 8 + 0.5,
        'within the visual viewport, 8 px from its edge',
      );
      const p = popup(el).getBoundingClientRect();
      expect(near(p.top, field(el).bottom + 2), 'still under the field').to.be.true;
      expect(p.height, 'the room left, no less than 96 px').to.be.closeTo(
        300 - 8 - (field(el).bottom + 2),
        1.5,
      );
    } finally {
      if (real) Object.defineProperty(window, 'visualViewport', real);
      else delete (window as { visualViewport?: unknown }).visualViewport;
    }
  });

  for (const [name, style] of [
    [
      'a scaled and moved ancestor (transform)',
      'transform:translate(30px,10px) scale(.75);transform-origin:0 0',
    ],
    ['a zoomed ancestor (CSS zoom)', 'zoom:1.5'],
  ] as const) {
    it(`sits under the field, as wide as it on screen, inside ${name}`, async function () {
      // WebKit's zoom is the old one: no currentCSSZoom, the field's rectangle in unzoomed
      // pixels, top-layer content not zoomed (floating.ts: a known misplacement there).
      if (style.startsWith('zoom') && !('currentCSSZoom' in Element.prototype)) return this.skip();
      const host = await fixture<HTMLDivElement>(
        html`<div style="padding:20px 0 0 40px;width:320px;${style}"><geo-autocomplete></geo-autocomplete></div>`,
      );
      const el = await wire(host.querySelector('geo-autocomplete')!);
      await typeIn(el, 'Ber');
      await opened(el, PLACES.length);
      const f = field(el);
      const p = popup(el).getBoundingClientRect();
      expect([p.left, p.top, p.width].map(Math.round), 'left, top, width').to.deep.equal(
        [f.left, f.bottom + 2, f.width].map(Math.round),
      );
      const o = optionEls(el)[0]!.getBoundingClientRect();
      expect(
        shadow(el)
          .elementFromPoint(o.x + 5, o.y + o.height / 2)
          ?.closest('[role=option]'),
        'the option is what is under the pointer',
      ).to.equal(optionEls(el)[0]);
    });
  }

  it('hides while the field is scrolled out of its container, and shows again under it', async () => {
    const wrap = await fixture<HTMLDivElement>(
      html`<div style="height:200px;overflow:auto">
        <div style="height:900px;padding-top:10px"><geo-autocomplete></geo-autocomplete></div>
      </div>`,
    );
    const el = await wire(wrap.querySelector('geo-autocomplete')!);
    await typeIn(el, 'Ber');
    await opened(el, PLACES.length);
    wrap.scrollTop = 300;
    await waitUntil(
      () => getComputedStyle(popup(el)).visibility === 'hidden',
      'hidden with the field out of sight',
    );
    expect(isOpen(el), 'still open (keys still reach it)').to.be.true;
    wrap.scrollTop = 0;
    await waitUntil(
      () =>
        getComputedStyle(popup(el)).visibility === 'visible' &&
        near(popup(el).getBoundingClientRect().top, field(el).bottom + 2),
      'back under the field',
    );
  });

  it('above the field, stays anchored at it by its bottom edge while the list shrinks and grows under typing', async () => {
    const host = await fixture<HTMLDivElement>(
      html`<div style="position:fixed;left:0;width:320px;bottom:4px"><geo-autocomplete></geo-autocomplete></div>`,
    );
    const el = await wire(host.querySelector('geo-autocomplete')!);
    await typeIn(el, 'Ber');
    await opened(el, PLACES.length);
    const anchored = () => near(popup(el).getBoundingClientRect().bottom, field(el).top - 2);
    expect(anchored(), 'above the field').to.be.true;
    const tall = popup(el).getBoundingClientRect().height;
    await type('n');
    await waitUntil(() => optionEls(el).length === 3, 'Bern…: three places');
    await settle(el);
    await frame();
    expect(popup(el).getBoundingClientRect().height, 'a shorter list').to.be.lessThan(tall - 40);
    expect(anchored(), 'still ending at the field').to.be.true;
    await press('Backspace');
    await waitUntil(() => optionEls(el).length === PLACES.length, 'back to Ber');
    await settle(el);
    await frame();
    expect(anchored(), 'grown upwards, still ending at the field').to.be.true;
  });
});
