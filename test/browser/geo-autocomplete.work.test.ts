// The work typing "Berlin Mitte" makes the list do, counted, not timed: the nodes put into
// the popup (options, highlights, Lit's markers of template instances, moves) from the first
// key to the last, each answer sent once the list on screen is whole and awaited before the
// next key, so that the count is the same on every machine and in every engine. The bounds
// are today's counts (a long list's options past the first 30 are made again after each new
// answer: they follow when the browser is idle): a change that creates option nodes or
// template instances again per key fails here; one that saves work lowers them.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../src/elements/geo-autocomplete/define.js';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import {
  describe,
  it,
  fakeServer,
  input,
  optionEls,
  settle,
  shadow,
  type Scripted,
} from './geo-autocomplete.helpers.js';
import { type } from './helpers/index.js';

const TEIL = [
  'Mitte',
  'Moabit',
  'Wedding',
  'Pankow',
  'Karow',
  'Buch',
  'Spandau',
  'Gatow',
  'Kladow',
  'Britz',
];
const BEZIRK = ['Mitte', 'Pankow', 'Spandau', 'Neukölln'];
/** 120 places whose labels all start with "Berlin", as the service's Ortsteile. */
const PLACES = Array.from({ length: 120 }, (_, k) => ({
  type: 'quarterOrTown',
  id: `1276003001${String(k).padStart(3, '0')}`,
  label: `Berlin - ${TEIL[k % TEIL.length]} ${Math.floor(k / TEIL.length) + 1} (${BEZIRK[k % BEZIRK.length]})`,
}));

const words = (s: string) =>
  [...s.matchAll(/\p{L}+|\p{N}+/gu)].map((m) => ({ w: m[0].toLowerCase(), at: m.index }));

interface Answered {
  entity: (typeof PLACES)[number];
  matches: { offset: number; length: number }[];
}

/** The service's answer: every query word the prefix of a label word, each such word marked; at most `limit`. */
function suggest(text: string, limit: number): Answered[] {
  const q = words(text).map((x) => x.w);
  const all = PLACES.flatMap((entity) => {
    const ws = words(entity.label);
    if (!q.every((p) => ws.some((x) => x.w.startsWith(p)))) return [];
    const matches = ws.flatMap(({ w, at }) => {
      const len = Math.max(0, ...q.filter((p) => w.startsWith(p)).map((p) => p.length));
      return len ? [{ offset: at, length: len }] : [];
    });
    return [{ entity, matches }];
  });
  return all.slice(0, limit);
}
/**
 * The service's answer, sent once the list on screen is whole (the list the element drew for
 * the key from what it had, and the rest of a long one, which follows when the browser is
 * idle): the answer then meets the same list on every machine.
 */
const answer =
  (el: () => GeoAutocomplete) =>
  (url: URL): Scripted => ({
    body: suggest(url.searchParams.get('i') ?? '', Number(url.searchParams.get('l') ?? 20)),
    gate: el().listReady,
  });

/** What the list shows: each option's label with its highlights in brackets. */
const shown = (el: GeoAutocomplete) =>
  optionEls(el).map((o) =>
    [...o.childNodes]
      .filter((n) => n.nodeType !== Node.COMMENT_NODE)
      .map((n) => (n.nodeName === 'MARK' ? `[${n.textContent}]` : n.textContent))
      .join(''),
  );
/** The answer for `text` as {@link shown} reads it. */
const expected = (text: string, limit: number) =>
  suggest(text, limit).map(({ entity: { label }, matches }) => {
    let s = '';
    let at = 0;
    for (const m of matches) {
      s += `${label.slice(at, m.offset)}[${label.slice(m.offset, m.offset + m.length)}]`;
      at = m.offset + m.length;
    }
    return s + label.slice(at);
  });

/** Nodes put into the popup while typing "Berlin Mitte", each answer on screen before the next key. */
async function nodesTyping(
  limit: number,
): Promise<{ nodes: number; options: number; marks: number; moved: number }> {
  const srv = fakeServer(answer(() => el));
  const el = await fixture<GeoAutocomplete>(
    html`<geo-autocomplete limit=${limit}></geo-autocomplete>`,
  );
  el.client = srv.client;
  el.debounce = 0;
  input(el).focus();
  await el.listReady;
  const count = { nodes: 0, options: 0, marks: 0, moved: 0 };
  const seen = new WeakSet<Node>();
  const add = (records: MutationRecord[]) => {
    for (const r of records)
      for (const n of r.addedNodes) {
        if (seen.has(n)) {
          count.moved++;
          continue;
        }
        const w = document.createTreeWalker(n);
        for (let x: Node | null = n; x; x = w.nextNode()) {
          seen.add(x);
          count.nodes++;
          if (x instanceof Element && x.getAttribute('role') === 'option') count.options++;
          if (x.nodeName === 'MARK') count.marks++;
        }
      }
  };
  const mo = new MutationObserver(add);
  mo.observe(shadow(el), { subtree: true, childList: true });
  let text = '';
  for (const key of 'Berlin Mitte') {
    text += key;
    await type(key);
    if (text.trim().length < 2) continue;
    const want = expected(text.trim(), limit);
    await waitUntil(
      async () => (await settle(el), shown(el).join('\n') === want.join('\n')),
      `the answer for "${text}" on screen`,
    );
  }
  add(mo.takeRecords());
  mo.disconnect();
  return count;
}

describe('geo-autocomplete: the work of typing, counted', () => {
  it('"Berlin Mitte" with 20 suggestions', async () => {
    const c = await nodesTyping(20);
    expect(c.options, 'option nodes created').to.be.at.most(37);
    expect(c.marks, 'highlights created').to.be.at.most(81);
    expect(c.nodes, 'nodes put into the popup').to.be.at.most(570);
  });
  it('"Berlin Mitte" with 120 suggestions', async () => {
    const c = await nodesTyping(120);
    expect(c.options, 'option nodes created').to.be.at.most(564);
    expect(c.marks, 'highlights created').to.be.at.most(708);
    expect(c.nodes, 'nodes put into the popup').to.be.at.most(4650);
  });
});
