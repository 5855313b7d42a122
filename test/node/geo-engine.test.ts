// geo-autocomplete's DOM-free engine (src/elements/geo-autocomplete/engine.ts) on a fake
// clock: debounce by typing cadence, the cache, local refinement, back-off and the sequence
// guard. The server's answers are written here in the shape of docs/interface.md#geo-suggestions (entity + matches).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../../src/api/errors.js';
import type { GeoSuggestion } from '../../src/api/index.js';
import {
  CACHE_MAX,
  GeoEngine,
  isComplete,
  LOADING_DELAY,
  MAX_WAIT,
  refineList,
  type Clock,
  type EngineHost,
} from '../../src/elements/geo-autocomplete/engine.js';

const sug = (type: string, id: string, label: string): GeoSuggestion => ({
  entity: { type, id, label },
  matches: [],
});
const PLACES = [
  sug('city', '1276003001', 'Berlin'),
  sug('quarterOrTown', '1276003001046', 'Berlin - Mitte (Mitte)'),
  sug('quarterOrTown', '1276003001061', 'Berlin - Neukölln'),
  sug('city', '1276014001', 'Bernau bei Berlin'),
  sug('city', '1276004001', 'Bremen'),
];
const answer = (q: string) =>
  PLACES.filter((p) =>
    q
      .toLowerCase()
      .split(' ')
      .filter(Boolean)
      .every((w) => p.entity.label.toLowerCase().includes(w)),
  );

/** A clock whose time moves only when the test says so. */
function fakeClock() {
  let t = 10_000;
  let id = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock = {
    now: () => t,
    setTimeout: (fn, ms) => (timers.set(++id, { at: t + ms, fn }), id),
    clearTimeout: (i) => void timers.delete(i as number),
  };
  /** Moves time on by `ms`, running due timers in order (and the promises they start). */
  const advance = async (ms: number) => {
    const end = t + ms;
    for (;;) {
      await flush();
      const next = [...timers.entries()]
        .filter(([, x]) => x.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      timers.delete(next[0]);
      t = next[1].at;
      next[1].fn();
    }
    t = end;
    await flush();
  };
  return { clock, advance };
}
const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

interface Req {
  q: string;
  at: number;
  signal: AbortSignal;
  resolve(list: GeoSuggestion[]): void;
  reject(e: unknown): void;
}

/** An engine on a fake clock and a host that records what it is told. */
function setup(opts: { auto?: boolean; online?: boolean } = {}) {
  const { clock, advance } = fakeClock();
  let text = '';
  let online = opts.online ?? true;
  const reqs: Req[] = [];
  const shown: { q: string; labels: string[]; exact: boolean }[] = [];
  const events: string[] = [];
  const host: EngineHost = {
    request: (q, signal) =>
      new Promise((resolve, reject) => {
        reqs.push({ q, at: clock.now(), signal, resolve, reject });
        signal.addEventListener('abort', () => reject(new ApiError({ kind: 'abort' })));
        if (opts.auto !== false) queueMicrotask(() => resolve(answer(q)));
      }),
    text: () => text,
    show: (q, list, exact) =>
      void shown.push({ q, labels: list.map((s) => s.entity.label), exact }),
    short: (q, asked) => void events.push(`short:${q}${asked ? ' (asked)' : ''}`),
    pending: (k) => void events.push(k),
    fail: (k, e) => void events.push(`${k}${e?.status ? ':' + e.status : ''}`),
    online: () => online,
  };
  const engine = new GeoEngine(host, clock);
  engine.settings = {
    api: 'v2',
    country: 'DEU',
    types: 'city,quarterOrTown',
    limit: 20,
    minLength: 2,
    debounce: 250,
  };
  /** Types `chars` one key every `gap` ms, as the element does (keyed, then search). */
  const type = async (chars: string, gap: number) => {
    for (const c of chars) {
      text += c;
      engine.keyed();
      engine.search();
      await advance(gap);
    }
  };
  const setText = (v: string) => (text = v);
  return {
    engine,
    reqs,
    shown,
    events,
    advance,
    type,
    setText,
    setOnline: (v: boolean) => (online = v),
    last: () => shown.at(-1),
  };
}

describe('geo engine: pure helpers', () => {
  it('isComplete: fewer items than the limit and the per-type cap (postcodes capped at 10 without lpt); v1 never', () => {
    const s = { api: 'v2' as const, limit: 5 };
    assert.equal(isComplete(PLACES.slice(0, 4), s), true);
    assert.equal(isComplete(PLACES, s), false);
    const pcs = Array.from({ length: 10 }, (_, i) => sug('postcode', String(i), `1011${i} Berlin`));
    assert.equal(isComplete(pcs, { api: 'v2', limit: 20 }), false);
    assert.equal(isComplete(pcs.slice(0, 9), { api: 'v2', limit: 20 }), true);
    assert.equal(isComplete(PLACES.slice(0, 3), { api: 'v2', limit: 20, limitPerType: 2 }), false);
    assert.equal(isComplete(PLACES.slice(0, 1), { api: 'v1', limit: 20 }), false);
  });

  it('refineList keeps what matches, best tier first, with new match ranges', () => {
    const r = refineList(PLACES, 'berlin m');
    assert.deepEqual(
      r.map((s) => s.entity.label),
      ['Berlin - Mitte (Mitte)'],
    );
    assert.ok(r[0]!.matches.length > 0);
  });
});

describe('geo engine', () => {
  it('below min-length asks nothing and says so', async () => {
    const e = setup();
    await e.type('B', 90);
    assert.equal(e.reqs.length, 0);
    assert.deepEqual(e.events, ['short:B']);
  });

  it('below min-length tells whether the visitor asked for the list (↓), so that only then it says why there is none', async () => {
    const e = setup();
    await e.type('B', 90);
    e.engine.search(true, true);
    assert.deepEqual(e.events, ['short:B', 'short:B (asked)']);
    assert.equal(e.reqs.length, 0);
  });

  it('debounce follows the typing cadence; a long run still sends every MAX_WAIT ms; the answer for the full text is shown', async () => {
    const e = setup();
    await e.type('Berlin Mitte', 90);
    await e.advance(1000);
    const sent = e.reqs.map((r) => r.q);
    // fast typing: not one request per key, and the final text is always asked
    assert.ok(sent.length <= 4 && sent.length >= 2, `requests: ${sent.join(' → ')}`);
    assert.equal(sent.at(-1), 'Berlin Mitte');
    assert.deepEqual(e.last(), {
      q: 'Berlin Mitte',
      labels: ['Berlin - Mitte (Mitte)'],
      exact: true,
    });
  });

  it('typing on without a complete answer: a request still leaves every MAX_WAIT ms (plus at most one key)', async () => {
    const e = setup();
    e.engine.settings = { ...e.engine.settings, limit: 1 }; // every answer incomplete: nothing to refine
    await e.type('Berlin Mitte Nord', 150); // 150 ms between keys: the adaptive wait (250) never runs out
    const during = e.reqs.map((r) => r.at);
    assert.ok(during.length >= 3, `requests while typing: ${during.length}`);
    for (let i = 1; i < during.length; i++)
      assert.ok(
        during[i]! - during[i - 1]! <= MAX_WAIT + 150,
        `gap ${during[i]! - during[i - 1]!}`,
      );
  });

  it('a slow typist gets one request per pause, after the debounce', async () => {
    const e = setup();
    await e.type('Be', 10);
    assert.equal(e.reqs.length, 0, 'waits for the debounce');
    await e.advance(250);
    assert.deepEqual(
      e.reqs.map((r) => r.q),
      ['Be'],
    );
  });

  it('the cache answers a text seen before at once (backspace), without a request', async () => {
    const e = setup();
    await e.type('Ber', 300);
    await e.type('l', 300);
    const n = e.reqs.length;
    e.setText('Ber');
    e.engine.search();
    assert.equal(e.reqs.length, n);
    assert.deepEqual(e.last(), {
      q: 'Ber',
      labels: answer('Ber').map((s) => s.entity.label),
      exact: true,
    });
    assert.equal(e.engine.has('Ber'), true);
  });

  it('a complete earlier answer is refined locally at once; the server answer replaces it', async () => {
    const e = setup();
    await e.type('Ber', 300); // complete: 4 < 20
    e.setText('Bern');
    e.engine.keyed();
    e.engine.search();
    assert.deepEqual(
      e.last(),
      { q: 'Bern', labels: ['Bernau bei Berlin'], exact: false },
      'at once, before any request',
    );
    await e.advance(300);
    assert.equal(e.reqs.at(-1)!.q, 'Bern');
    assert.deepEqual(e.last(), { q: 'Bern', labels: ['Bernau bei Berlin'], exact: true });
  });

  it('without a complete answer, an older list is narrowed to what still matches, never left as it was', async () => {
    const e = setup();
    e.engine.settings = { ...e.engine.settings, limit: 3 }; // answers of 3+ items are incomplete
    await e.type('Ber', 300);
    assert.equal(e.last()!.exact, true); // 4 items, not fewer than the limit: incomplete
    e.setText('Berlin N');
    e.engine.keyed();
    e.engine.search();
    assert.deepEqual(e.last(), { q: 'Berlin N', labels: ['Berlin - Neukölln'], exact: false });
  });

  it('sequence guard: a late answer of an older text is never shown over a newer one (but is cached)', async () => {
    const e = setup({ auto: false });
    e.setText('Be');
    e.engine.search(true);
    const first = e.reqs[0]!;
    e.setText('Bre');
    e.engine.search(true);
    assert.equal(first.signal.aborted, true, 'the previous request is aborted');
    const second = e.reqs[1]!;
    second.resolve(answer('Bre'));
    await flush();
    assert.deepEqual(e.last(), { q: 'Bre', labels: ['Bremen'], exact: true });
    // a request whose text changed meanwhile: its answer refines, the newest text is asked
    e.setText('Brem');
    e.engine.search(true);
    e.setText('Breme');
    e.reqs[2]!.resolve(answer('Brem'));
    await flush();
    assert.equal(
      e.shown.some((s) => s.q === 'Brem' && s.exact),
      false,
    );
  });

  it('loading shows only after LOADING_DELAY and only while no answer for the text is shown', async () => {
    const e = setup({ auto: false });
    e.setText('Ber');
    e.engine.search(true);
    await e.advance(LOADING_DELAY - 1);
    assert.deepEqual(e.events, []);
    await e.advance(1);
    assert.deepEqual(e.events, ['loading']);
  });

  it('back-off on 429/503: Retry-After, then the text of that moment is sent', async () => {
    const e = setup({ auto: false });
    e.setText('Ber');
    e.engine.search(true);
    e.reqs[0]!.reject(new ApiError({ kind: 'http', status: 429, retryAfter: 2 }));
    await flush();
    assert.deepEqual(e.events, ['rate']);
    e.setText('Berlin');
    e.engine.keyed();
    e.engine.search();
    assert.equal(e.reqs.length, 1, 'nothing is sent while backing off');
    await e.advance(1999);
    assert.equal(e.reqs.length, 1);
    await e.advance(1);
    assert.deepEqual(
      e.reqs.map((r) => r.q),
      ['Ber', 'Berlin'],
    );
  });

  it('back-off without Retry-After doubles from 0.5 s', async () => {
    const e = setup({ auto: false });
    e.setText('Ber');
    e.engine.search(true);
    e.reqs[0]!.reject(new ApiError({ kind: 'http', status: 503 }));
    await e.advance(499);
    assert.equal(e.reqs.length, 1);
    await e.advance(1);
    assert.equal(e.reqs.length, 2);
    e.reqs[1]!.reject(new ApiError({ kind: 'http', status: 503 }));
    await e.advance(999);
    assert.equal(e.reqs.length, 2);
    await e.advance(1);
    assert.equal(e.reqs.length, 3);
  });

  it('offline: nothing is sent and the host hears it; an error is reported with its status', async () => {
    const e = setup({ auto: false, online: false });
    e.setText('Ber');
    e.engine.search(true);
    assert.equal(e.reqs.length, 0);
    assert.deepEqual(e.events, ['offline']);
    e.setOnline(true);
    e.engine.search(true);
    e.reqs[0]!.reject(new ApiError({ kind: 'http', status: 500 }));
    await flush();
    assert.deepEqual(e.events, ['offline', 'error:500']);
    assert.equal(e.engine.exact, false);
  });

  it('the cache is an LRU of CACHE_MAX answers; the settings are part of the key', async () => {
    const e = setup();
    for (let i = 0; i < CACHE_MAX + 1; i++) {
      e.setText(`Ort ${i}`);
      await e.engine.fetch(`Ort ${i}`);
    }
    assert.equal(e.engine.has('Ort 0'), false);
    assert.equal(e.engine.has(`Ort ${CACHE_MAX}`), true);
    e.engine.settings = { ...e.engine.settings, country: 'AUT' };
    assert.equal(e.engine.has(`Ort ${CACHE_MAX}`), false);
  });

  it('an answer is shown a task after it was read: a key typed meanwhile goes first and finds it in the cache', async () => {
    const e = setup({ auto: false });
    let release!: () => void;
    const clock = (e.engine as unknown as { clock: Clock }).clock; // the fake clock, given a yield
    clock.yield = () => new Promise<void>((r) => (release = r));
    e.setText('Ber');
    e.engine.search(true);
    e.reqs[0]!.resolve(answer('Ber'));
    await flush();
    assert.equal(e.shown.length, 0, 'not shown before the yield');
    e.setText('Bern'); // the key that waited
    e.engine.keyed();
    e.engine.search();
    assert.deepEqual(
      e.last(),
      { q: 'Bern', labels: ['Bernau bei Berlin'], exact: false },
      'refined from the answer at once',
    );
    release();
    await flush();
    assert.equal(
      e.shown.some((x) => x.q === 'Ber'),
      false,
      "the older text's answer is never shown after the key",
    );
    assert.equal(e.reqs.length, 1, 'Bern waits for its debounce');
  });

  it('invalidate: after a settings change nothing shown is current', async () => {
    const e = setup();
    await e.type('Ber', 300);
    e.engine.invalidate();
    assert.equal(e.engine.shownFor, '\0');
    assert.equal(e.engine.exact, false);
  });
});
