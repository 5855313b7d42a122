/**
 * geo-autocomplete with answers no real place has: labels of thousands of characters, match
 * ranges beyond them, and far more suggestions than asked for. The answers are the sandbox's,
 * rewritten on their way to the element's client. What is counted is what grows with the
 * answer (characters and nodes rendered), with one generous time ceiling.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { ImmoClient } from '../../src/api/index.js';
import '../../src/elements/geo-autocomplete/define.js';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import { clip, TEXT_MAX } from '../../src/shared/text.js';
import { describe, input, it, optionEls, shadow, typeIn } from './geo-autocomplete.helpers.js';
import { API, type } from './helpers/index.js';

interface Item {
  entity: { type: string; id: string; label: string };
  matches: unknown[];
}

/** A client of the sandbox whose geo suggestions pass through `rewrite`. */
function rewritingClient(rewrite: (list: Item[]) => Item[]): ImmoClient {
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const res = await fetch(input, init);
    const url = String(input instanceof Request ? input.url : input);
    if (!url.includes('/geoautocomplete/') || !res.ok) return res;
    const body = JSON.stringify(rewrite((await res.json()) as Item[]));
    return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return new ImmoClient({ baseUrl: API, fetch: fetchFn as typeof fetch, retries: 0, cache: false });
}

/** `label` grown to `n` characters with words (folded and matched like real ones). */
const grow = (label: string, n: number) =>
  (label + ' ' + 'Straße entlang der Ebene '.repeat(Math.ceil(n / 25))).slice(0, n);

/** Every node in the element's shadow root. */
function nodes(el: GeoAutocomplete): number {
  const w = document.createTreeWalker(shadow(el), NodeFilter.SHOW_ALL);
  let n = 0;
  while (w.nextNode()) n++;
  return n;
}

/** Types `text` and waits for the list of the service's answer; returns the milliseconds it took. */
async function suggest(el: GeoAutocomplete, text: string): Promise<number> {
  const t = performance.now();
  await typeIn(el, text);
  await waitUntil(
    () =>
      optionEls(el).length > 0 &&
      el.shadowRoot!.querySelector('input')!.getAttribute('aria-busy') !== 'true',
    'options shown',
    { timeout: 20000 },
  );
  await el.updateComplete;
  return performance.now() - t;
}

describe('geo-autocomplete: oversized answers', () => {
  for (const size of [5000, 60000]) {
    it(`labels of ${size} characters are shown cut, with a tooltip, highlights beyond the cut dropped`, async function () {
      this.timeout(30000);
      const full: string[] = [];
      const el = await fixture<GeoAutocomplete>(
        html`<geo-autocomplete debounce="0"></geo-autocomplete>`,
      );
      el.client = rewritingClient((list) =>
        list.map((s) => {
          const label = grow(s.entity.label, size);
          full.push(label);
          return {
            entity: { ...s.entity, label },
            // the service's ranges, one in the middle and one beyond the end
            matches: [
              ...s.matches,
              { offset: size / 2, length: 4 },
              { offset: size + 10, length: 3 },
            ],
          };
        }),
      );
      const first = await suggest(el, 'Berli');
      expect(first, 'a generous ceiling').to.be.below(5000);
      // One more key: the list on screen is narrowed locally until the service's answer comes.
      const t = performance.now();
      await type('n');
      await el.updateComplete;
      const key = performance.now() - t;
      expect(key, 'a key over that list: a generous ceiling').to.be.below(5000);
      await waitUntil(
        () => input(el).getAttribute('aria-busy') !== 'true' && optionEls(el).length > 0,
      );
      await el.updateComplete;
      const options = optionEls(el);
      expect(options.length).to.be.within(1, 20);
      for (const o of options) {
        // The client cuts a label no place has (docs/interface.md#limits): the option shows
        // that, named by it, and its tooltip holds it.
        const name = o.getAttribute('aria-label') ?? o.textContent!;
        expect(
          full.map((l) => clip(l)),
          'the accessible name is the label as the client cut it',
        ).to.include(name);
        expect(o.title, 'and so is the tooltip').to.equal(name);
        expect(o.textContent, 'the text laid out is cut').to.equal(clip(name));
        expect(o.textContent!.length).to.equal(TEXT_MAX);
        expect(o.textContent!.endsWith('…')).to.equal(true);
        const marks = [...o.querySelectorAll('mark')].map((m) => m.textContent!);
        expect(
          marks.length,
          'the ranges in the middle and past the end are not drawn',
        ).to.be.at.most(2);
        expect(
          marks.some((m) => m.includes('…')),
          'the ellipsis is not highlighted',
        ).to.equal(false);
      }
      const style = getComputedStyle(options[0]!);
      expect([style.whiteSpace, style.textOverflow, style.overflow]).to.deep.equal([
        'nowrap',
        'ellipsis',
        'hidden',
      ]);
      expect(nodes(el), 'nodes rendered for the options').to.be.below(options.length * 20 + 100);
      const rendered = shadow(el).textContent!.length;
      expect(rendered, 'characters rendered, whatever the labels’ length').to.be.below(
        options.length * (TEXT_MAX + 200) + 2000,
      );
    });
  }

  it('an answer of 10,000 suggestions renders at most the limit asked for', async function () {
    this.timeout(30000);
    const el = await fixture<GeoAutocomplete>(
      html`<geo-autocomplete debounce="0" limit="8"></geo-autocomplete>`,
    );
    el.client = rewritingClient((list) =>
      Array.from({ length: 10000 }, (_, i) => {
        const s = list[i % list.length]!;
        return { ...s, entity: { ...s.entity, id: `${s.entity.id}${i}` } };
      }),
    );
    const ms = await suggest(el, 'Berlin');
    expect(ms, 'a generous ceiling').to.be.below(5000);
    expect(optionEls(el).length).to.equal(8);
    expect(nodes(el), 'nodes rendered for 8 options').to.be.below(400);
  });
});
