/**
 * The draft kernel (src/shared/draft.ts): the stored shape, what a broken, foreign or old
 * draft reads as, a storage that throws, and when the controller stores, with a stand-in host
 * and storage (the rules need no DOM).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  DraftController,
  decodeDraft,
  draftValues,
  encodeDraft,
  type DraftStorage,
} from '../../src/shared/draft.js';

/** A Map behind the Storage calls, with the calls it saw. */
function memory(): DraftStorage & { map: Map<string, string>; writes: number } {
  const map = new Map<string, string>();
  return {
    map,
    writes: 0,
    getItem: (k) => map.get(k) ?? null,
    setItem(k, v) {
      this.writes++;
      map.set(k, String(v));
    },
    removeItem(k) {
      this.writes++;
      map.delete(k);
    },
  };
}

/** A host that runs its controllers' hostUpdated when told to. */
function host() {
  const controllers: ReactiveController[] = [];
  const h = {
    addController: (c: ReactiveController) => void controllers.push(c),
    removeController: () => {},
    requestUpdate: () => {},
    updateComplete: Promise.resolve(true),
    updated: () => controllers.forEach((c) => c.hostUpdated?.()),
  };
  return h as ReactiveControllerHost & { updated(): void };
}

const readText = (d: unknown) =>
  typeof d === 'object' && d !== null && typeof (d as { text?: unknown }).text === 'string'
    ? { text: (d as { text: string }).text }
    : undefined;

function setup(storage: DraftStorage = memory()) {
  const h = host();
  const state = { key: 'a' as string | undefined, text: '' };
  const draft = new DraftController(h, {
    element: 'x-form',
    key: () => state.key,
    version: 2,
    read: readText,
    snapshot: () => (state.text ? { text: state.text } : undefined),
    storage: () => storage,
  });
  return { h, state, draft, storage };
}

test('a draft is stored as {v, data} and read back; JSON that is no draft, or of another version, is none', () => {
  const text = encodeDraft(2, { text: 'Hallo' });
  assert.deepEqual(JSON.parse(text), { v: 2, data: { text: 'Hallo' } });
  assert.deepEqual(decodeDraft(text, 2, readText), { text: 'Hallo' });
  assert.equal(decodeDraft(text, 1, readText), undefined, 'another version');
  for (const raw of [null, '', '{', 'null', '"x"', '[1]', '{"v":2}', '{"text":"old, unversioned"}'])
    assert.equal(decodeDraft(raw, 2, readText), undefined, String(raw));
  assert.equal(decodeDraft('{"v":2,"data":{"text":5}}', 2, readText), undefined, 'a foreign shape');
});

test('draftValues keeps strings and booleans, lists of strings only when asked', () => {
  const stored = { a: 'x', b: true, c: 5, d: null, e: { evil: 1 }, f: ['1', '2'], g: ['1', 2] };
  assert.deepEqual(draftValues(stored), { a: 'x', b: true });
  assert.deepEqual(draftValues(stored, true), { a: 'x', b: true, f: ['1', '2'] });
  for (const v of [null, 'x', 3, ['a']]) assert.deepEqual(draftValues(v), {});
});

test('nothing is stored before the element restores; then every update stores what changed', () => {
  const { h, state, draft, storage } = setup();
  const mem = storage as ReturnType<typeof memory>;
  mem.map.set('immo-x-form:draft:a', encodeDraft(2, { text: 'vorher' }));
  state.text = 'not yet read';
  h.updated();
  assert.equal(mem.map.get('immo-x-form:draft:a'), encodeDraft(2, { text: 'vorher' }), 'kept');
  assert.deepEqual(draft.restore(), { text: 'vorher' });
  state.text = 'getippt';
  h.updated();
  assert.equal(mem.map.get('immo-x-form:draft:a'), encodeDraft(2, { text: 'getippt' }));
  const writes = mem.writes;
  h.updated();
  assert.equal(mem.writes, writes, 'an unchanged draft is not written again');
  state.text = '';
  h.updated();
  assert.equal(mem.map.has('immo-x-form:draft:a'), false, 'nothing to keep removes it');
});

test("another key stops the storing until a restore; one element's draft is not another's", () => {
  const { h, state, draft, storage } = setup();
  const mem = storage as ReturnType<typeof memory>;
  draft.restore();
  state.text = 'für a';
  h.updated();
  state.key = 'b';
  h.updated();
  assert.equal(mem.map.has('immo-x-form:draft:b'), false, "a's text is not b's draft");
  assert.equal(draft.restore(), undefined);
  state.text = 'für b';
  h.updated();
  assert.deepEqual([...mem.map.keys()].sort(), ['immo-x-form:draft:a', 'immo-x-form:draft:b']);
  state.key = undefined;
  assert.equal(draft.restore(), undefined, 'no key, no draft');
  h.updated();
  assert.equal(mem.map.size, 2);
});

test('a storage that throws (private mode, a full quota) keeps no draft and throws nothing', () => {
  const refusing: DraftStorage = {
    getItem: () => {
      throw new DOMException('denied', 'SecurityError');
    },
    setItem: () => {
      throw new DOMException('full', 'QuotaExceededError');
    },
    removeItem: () => {
      throw new DOMException('denied', 'SecurityError');
    },
  };
  const { h, state, draft } = setup(refusing);
  assert.equal(draft.restore(), undefined);
  state.text = 'x';
  assert.doesNotThrow(() => h.updated());
  state.text = '';
  assert.doesNotThrow(() => h.updated());
  // Without sessionStorage at all (Node has none, as a server has none).
  const bare = new DraftController(host(), {
    element: 'x-form',
    key: () => 'a',
    version: 1,
    read: readText,
    snapshot: () => ({ text: 'x' }),
  });
  assert.equal(bare.restore(), undefined);
  assert.doesNotThrow(() => bare.store());
});

test('a write that failed is tried again at the next update', () => {
  let full = true;
  const mem = memory();
  const flaky: DraftStorage = {
    getItem: (k) => mem.getItem(k),
    setItem: (k, v) => {
      if (full) throw new DOMException('full', 'QuotaExceededError');
      mem.setItem(k, v);
    },
    removeItem: (k) => mem.removeItem(k),
  };
  const { h, state, draft } = setup(flaky);
  draft.restore();
  state.text = 'x';
  h.updated();
  assert.equal(mem.map.size, 0);
  full = false;
  h.updated();
  assert.equal(mem.map.get('immo-x-form:draft:a'), encodeDraft(2, { text: 'x' }));
});
