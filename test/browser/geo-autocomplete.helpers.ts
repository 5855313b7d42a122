/**
 * Helpers of the geo-autocomplete browser tests: a real ImmoClient over a scripted fetch
 * (for races, back-off and odd payloads the sandbox cannot produce), and DOM readers.
 */
import { ImmoClient } from '../../src/api/index.js';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import { expect, waitUntil } from '@open-wc/testing';
import sinon from 'sinon';
import { press, type } from './helpers/keys.js';

export interface Scripted {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Resolve the response only when this promise resolves. */
  gate?: Promise<void>;
}

export interface FakeServer {
  client: ImmoClient;
  /** Every request URL, in order (aborted ones included). */
  urls: URL[];
  /** Requests whose signal was aborted. */
  aborted: URL[];
  /** Requests whose answer the client has read, in order. */
  answered: URL[];
}

/** A client whose transport answers through `answer(url)`; all else is the real client. */
export function fakeServer(answer: (url: URL) => Scripted): FakeServer {
  const urls: URL[] = [];
  const aborted: URL[] = [];
  const answered: URL[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.origin);
    urls.push(url);
    const a = answer(url);
    const signal = init?.signal ?? undefined;
    if (a.gate) {
      await Promise.race([
        a.gate,
        new Promise((_, rej) =>
          signal?.addEventListener('abort', () => rej(new DOMException('aborted', 'AbortError'))),
        ),
      ]).catch((e) => {
        aborted.push(url);
        throw e;
      });
    }
    const res = new Response(typeof a.body === 'string' ? a.body : JSON.stringify(a.body), {
      status: a.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...a.headers },
    });
    const text = res.text.bind(res);
    res.text = () => text().finally(() => answered.push(url));
    return res;
  };
  const client = new ImmoClient({
    baseUrl: '/fake',
    fetch: fetchFn as typeof fetch,
    retries: 0,
    cache: false,
  });
  return { client, urls, aborted, answered };
}

/** A suggestion item as the service sends it. */
export const item = (
  type: string,
  id: string,
  label: string,
  matches: unknown = [{ offset: 0, length: 3 }],
) => ({
  entity: { type, id, label },
  matches,
});

/** A fake service over a few suggestions: entities by id (404 otherwise), suggestions whose label starts with the input. */
export const placesAnswer =
  (places: ReturnType<typeof item>[]) =>
  (url: URL): Scripted => {
    if (url.pathname.includes('/entity/')) {
      const id = decodeURIComponent(url.pathname.split('/').pop()!);
      const p = places.find((x) => x.entity.id === id);
      return p
        ? { body: { ...p.entity, address: {} } }
        : { status: 404, body: { messageCode: 'ERROR_RESOURCE_NOT_FOUND', message: 'not found' } };
    }
    const q = (url.searchParams.get('i') ?? '').toLowerCase();
    return { body: places.filter((p) => p.entity.label.toLowerCase().startsWith(q)) };
  };

export const shadow = (el: GeoAutocomplete) => el.shadowRoot!;
export const input = (el: GeoAutocomplete) => shadow(el).querySelector('input')!;
export const optionEls = (el: GeoAutocomplete) => [
  ...shadow(el).querySelectorAll<HTMLElement>('[role=option]'),
];
export const labels = (el: GeoAutocomplete) => optionEls(el).map((o) => o.textContent!.trim());
export const activeLabel = (el: GeoAutocomplete) =>
  shadow(el).querySelector('[aria-selected="true"]')?.textContent?.trim();
export const popup = (el: GeoAutocomplete) => shadow(el).querySelector<HTMLElement>('[popover]')!;
export const isOpen = (el: GeoAutocomplete) => popup(el).matches(':popover-open');
/** Open and placed: the first opening waits, hidden, for Floating UI to load (position.ts). */
export const isPlaced = (el: GeoAutocomplete) =>
  isOpen(el) && getComputedStyle(popup(el)).visibility === 'visible';
export const statusText = (el: GeoAutocomplete) =>
  shadow(el).querySelector('[part~=status], [part~=error]')?.textContent?.trim() ?? '';
export const liveText = (el: GeoAutocomplete) =>
  shadow(el).querySelector('[role=status]')?.textContent?.trim() ?? '';

/**
 * Focuses the field and types `text` with keys no engine drops (helpers/keys.ts), then lets
 * it render, with the list's code (the focus asks for it).
 */
export async function typeIn(el: GeoAutocomplete, text: string): Promise<void> {
  input(el).focus();
  await type(text);
  await el.listReady;
  await el.updateComplete;
}

/**
 * The list has settled on offering `label`: no request on its way and the option listed (a
 * local refinement may still be drawn anew by the service's answer, or need none: a complete
 * answer to a shorter text is refined locally).
 */
export const settledOn = (el: GeoAutocomplete, label: string) =>
  input(el).getAttribute('aria-busy') !== 'true' && labels(el).includes(label);

/** Waits until the list has settled on offering `label` ({@link settledOn}). */
export async function waitForSettled(
  el: GeoAutocomplete,
  label: string,
  timeout: number,
): Promise<void> {
  await waitUntil(() => settledOn(el, label), `${label} suggested`, { timeout });
}

/**
 * Moves the active option to `label` with ↓, as a visitor does, over a settled list (a list
 * drawn anew between the arrow keys and Enter would move it), and says so if it is not.
 */
export async function arrowTo(el: GeoAutocomplete, label: string): Promise<void> {
  for (let k = 0; k < 20 && !(settledOn(el, label) && activeLabel(el) === label); k++)
    await press('ArrowDown');
  expect(activeLabel(el), `${label} is the active option`).to.equal(label);
}

/**
 * Waits until the element has taken in the answer for the text `q` ({@link FakeServer.answered}),
 * rendered: the engine shows an answer in the task after the one that read it (scheduler.yield,
 * else a zero timeout), so a zero timeout queued now runs after that one.
 */
export async function answerTaken(el: GeoAutocomplete, srv: FakeServer, q: string) {
  await waitUntil(
    () => srv.answered.some((u) => u.searchParams.get('i') === q),
    `the answer for ${q} read`,
    { timeout: 3000 },
  );
  await new Promise((r) => setTimeout(r));
  await settle(el);
}

/** Lets the element finish the renders that an answer causes (a long list's rest too). */
export const settle = async (el: GeoAutocomplete) => {
  for (let i = 0; i < 3; i++) await el.listReady;
};

/**
 * The page's timers and `performance.now()` faked (sinon), for what is about time (debounce,
 * back-off): `clock.tickAsync(ms)` moves time on; `until` moves it on in steps of 10 ms, the
 * page's own tasks (a body read, a module) running between them, until `cond` holds. Timers
 * still set at `restore()` never fire: restore once the element is idle.
 */
export function fakeTime() {
  // (performance.now() stubbed, not faked by the clock: Firefox keeps a faked one after restore)
  const base = performance.now();
  const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const now = sinon.stub(performance, 'now').callsFake(() => base + clock.now);
  return {
    clock,
    async until(cond: () => unknown, what: string, ms = 5000): Promise<void> {
      for (let t = 0; !cond(); t += 10) {
        if (t >= ms) throw new Error(`${what}: not within ${ms} ms of fake time`);
        await clock.tickAsync(10);
      }
    },
    restore: () => {
      now.restore();
      clock.restore();
    },
  };
}

export { afterEach, beforeEach, describe, it } from './helpers/mocha.js';
