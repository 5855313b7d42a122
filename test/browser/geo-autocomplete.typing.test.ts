// geo-autocomplete's typing path: what a key costs the page. The figures are the
// typing benchmark's (bench/typing.ts); these tests hold the behaviour that keeps them low:
// no DOM work and no second announcement for an answer that shows what is already on screen.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/geo-autocomplete/define.js';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import {
  answerTaken,
  describe,
  it,
  fakeServer,
  isPlaced,
  item,
  labels,
  liveText,
  optionEls,
  settle,
  shadow,
  typeIn,
  type Scripted,
} from './geo-autocomplete.helpers.js';
import { type } from './helpers/index.js';

const PLACES = ['Berlin', 'Berlingen', 'Bernau bei Berlin', 'Bernburg (Saale)', 'Bergen'].map(
  (label, i) => item('city', String(1276000300 + i), label),
);

/**
 * Places with a word that starts with the text, highlighted there, as the service answers
 * (and the element refines: the labels that start with it first); `gate` holds an answer.
 */
function server(gate?: () => Promise<void>) {
  return fakeServer((url): Scripted => {
    const q = (url.searchParams.get('i') ?? '').toLowerCase();
    const body = PLACES.flatMap((p) => {
      const at = [...p.entity.label.toLowerCase().matchAll(/\p{L}+/gu)].find((w) =>
        w[0].startsWith(q),
      )?.index;
      return at === undefined ? [] : [{ ...p, matches: [{ offset: at, length: q.length }] }];
    });
    return { body, gate: gate?.() };
  });
}

async function setup(srv: ReturnType<typeof server>) {
  const el = await fixture<GeoAutocomplete>(html`<geo-autocomplete></geo-autocomplete>`);
  el.client = srv.client;
  el.debounce = 0;
  await el.updateComplete;
  return el;
}

describe('geo-autocomplete: typing costs little', () => {
  it('an answer equal to the list on screen changes nothing in the DOM and is not announced again', async () => {
    let release: (() => void) | undefined;
    const srv = server(() =>
      release ? new Promise<void>((r) => (release = r)) : Promise.resolve(),
    );
    const el = await setup(srv);
    await typeIn(el, 'Ber');
    // (placed: the first opening's placement waits for Floating UI, and its writes are not the answer's)
    await waitUntil(
      () => optionEls(el).length === 5 && isPlaced(el),
      'Ber: a complete answer of five, placed',
    );
    await settle(el);
    release = () => {}; // hold the next answer
    await type('l');
    // refined locally at once
    await waitUntil(
      () => labels(el).join() === 'Berlin,Berlingen,Bernau bei Berlin',
      'refined at once',
    );
    await waitUntil(
      () => srv.urls.some((u) => u.searchParams.get('i') === 'Berl'),
      'asked for Berl',
    );
    await settle(el);
    await waitUntil(() => liveText(el) === '3 Vorschläge', 'the refinement is announced');
    const said = shadow(el).querySelector('[role=status]')!.textContent;
    const changes: MutationRecord[] = [];
    const mo = new MutationObserver((r) => changes.push(...r));
    mo.observe(shadow(el), {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    release!();
    await answerTaken(el, srv, 'Berl');
    mo.disconnect();
    expect(
      changes.map((c) => `${c.type} ${(c.target as Element).id || c.target.nodeName}`),
      'no DOM change',
    ).to.deep.equal([]);
    expect(
      shadow(el).querySelector('[role=status]')!.textContent,
      'not said a second time',
    ).to.equal(said);
    expect(labels(el)).to.deep.equal(['Berlin', 'Berlingen', 'Bernau bei Berlin']);
  });
  it('a list that keeps places keeps their option nodes, whatever their new place in it', async () => {
    const el = await setup(server());
    await typeIn(el, 'Ber');
    await waitUntil(() => optionEls(el).length === 5, 'Ber: five');
    await settle(el);
    const before = new Map(optionEls(el).map((o) => [o.textContent, o]));
    await type('n');
    await waitUntil(
      () => labels(el).join() === 'Bernau bei Berlin,Bernburg (Saale)',
      'Bern: the two that start with it',
    );
    for (const o of optionEls(el))
      expect(o, `${o.textContent}: the same node`).to.equal(before.get(o.textContent));
    expect(optionEls(el).map((o) => o.id)).to.deep.equal(['o0', 'o1']);
  });

  it('a long answer: its first options at once, all of them by listReady, and the options numbered in order', async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      item(i % 2 ? 'city' : 'district', String(1276100000 + i), `Berg ${i}`),
    );
    const srv = fakeServer(() => ({ body: many }));
    const el = await fixture<GeoAutocomplete>(
      html`<geo-autocomplete limit="120"></geo-autocomplete>`,
    );
    el.client = srv.client;
    el.debounce = 0;
    const counts: number[] = [];
    const mo = new MutationObserver(() => counts.push(optionEls(el).length));
    mo.observe(shadow(el), { subtree: true, childList: true });
    await typeIn(el, 'Berg');
    await waitUntil(() => optionEls(el).length > 0, 'shown');
    // (The rest follows a yield to the browser: listReady, not the element's update, waits for it.)
    await el.listReady;
    mo.disconnect();
    expect(optionEls(el)).to.have.length(120);
    expect(
      counts.find((n) => n > 0),
      'the first render of the answer',
    ).to.be.below(120);
    expect(optionEls(el).map((o) => o.id)).to.deep.equal(many.map((_, i) => `o${i}`));
  });
});
