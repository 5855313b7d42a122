// The "show more" pager of src/shared/pages.ts: how many rows render, what a press adds, and
// what it says, without a browser (the buttons' focus is tested in the elements' browser tests).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nothing, type TemplateResult } from 'lit';
import { addedBy, nextShown, pageOf, Pages } from '../../src/shared/pages.js';

test('a press adds a page, never more rows than there are', () => {
  assert.equal(nextShown(10, 10_000, 200), 210);
  assert.equal(nextShown(9_810, 10_000, 200), 10_000);
  assert.equal(nextShown(100, 150, 100), 150);
  assert.equal(addedBy(100, 150, 100), 50);
  assert.equal(addedBy(10, 10_000, 200), 200);
  assert.equal(addedBy(150, 150, 100), 0);
});

test('the rows that render are the first ones, the list itself when all of them do', () => {
  const list = [1, 2, 3, 4, 5];
  assert.deepEqual(pageOf(list, 2), [1, 2]);
  assert.equal(pageOf(list, 5), list);
  assert.equal(pageOf(list, 100), list);
});

/** A pager on a host that counts its update requests. */
function pager() {
  const host = {
    updates: 0,
    renderRoot: {} as DocumentFragment,
    updateComplete: Promise.resolve(true),
    addController() {},
    removeController() {},
    requestUpdate() {
      host.updates++;
    },
  };
  const said: string[] = [];
  const pages = new Pages<'a' | 'b'>(host, {
    first: 10,
    page: 200,
    words: () => ({
      more: (key, n, total) => `${key}: ${n} more of ${total}`,
      said: (key, shown, total) => `${key}: ${shown} of ${total}.`,
    }),
    say: (text) => said.push(text),
  });
  return { host, pages, said };
}

test('each list counts on its own, from the first page, and goes back to it', () => {
  const { host, pages } = pager();
  const list = Array.from({ length: 500 }, (_, i) => i);
  assert.equal(pages.rows('a', list).length, 10);
  assert.equal(pages.expanded('a'), false);
  assert.equal(pages.more('a', list.length), 210);
  assert.equal(pages.more('a', list.length), 410);
  assert.equal(pages.more('a', list.length), 500);
  assert.equal(pages.more('a', list.length), 500);
  assert.equal(pages.rows('a', list), list);
  assert.equal(pages.expanded('a'), true);
  assert.equal(pages.shown('b'), 10, 'another list keeps its first page');
  pages.reset('a');
  assert.equal(pages.shown('a'), 10);
  assert.equal(host.updates, 5, 'each change renders');
});

test('no button where the first page holds every row', () => {
  const { pages } = pager();
  assert.equal(pages.button('a', 10, 'list'), nothing);
  assert.equal(pages.toggle('a', 10, { all: 'all', first: 'first' }), nothing);
});

/** The toggle's buttons: their names and click handlers, as the template holds them. */
function toggle(pages: Pages<'a' | 'b'>, total: number) {
  const t = pages.toggle('a', total, { all: 'all', first: 'first' }) as TemplateResult;
  const second = t.values.at(-1) as TemplateResult | typeof nothing;
  const clicks = [t.values[2], second === nothing ? undefined : second.values[1]];
  return {
    expanded: t.values[1],
    names: [t.values[3], second === nothing ? undefined : second.values[2]].filter(Boolean),
    press: clicks[0] as () => void,
    less: clicks[1] as (() => void) | undefined,
  };
}

test('the toggle: a page at a time, said; the last page told by aria-expanded; back to the first', () => {
  const { pages, said } = pager();
  let t = toggle(pages, 400);
  assert.deepEqual(t.names, ['a: 200 more of 400']);
  assert.equal(t.expanded, 'false');
  t.press();
  assert.deepEqual(said, ['a: 210 of 400.']);
  t = toggle(pages, 400);
  assert.deepEqual(
    t.names,
    ['all', 'first'],
    'the rest fits in one page: "all", and "first" beside it',
  );
  t.press();
  assert.equal(pages.shown('a'), 400);
  assert.equal(said.length, 1, 'the last page is not said');
  t = toggle(pages, 400);
  assert.deepEqual(t.names, ['first']);
  assert.equal(t.expanded, 'true');
  t.press();
  assert.equal(pages.shown('a'), 10);
  pages.more('a', 400);
  toggle(pages, 400).less!();
  assert.equal(pages.shown('a'), 10, 'the button beside it goes back to the first page');
});

test('the list button: what it adds, how many show, and what a press says', () => {
  const { pages } = pager();
  const t = pages.button('b', 150, 'list') as TemplateResult;
  assert.deepEqual(t.values[0], nothing, 'no description without its words');
  assert.equal(t.values[2], 'b: 140 more of 150');
});
