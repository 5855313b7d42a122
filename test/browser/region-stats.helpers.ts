/**
 * Helpers of the region-stats browser tests: the sandbox's statistic fixtures and faults,
 * clients that record or answer with canned bodies, and DOM readers.
 */
import { oneEvent, waitUntil } from '@open-wc/testing';
import { ImmoClient } from '../../src/api/index.js';
import type { GeoHierarchyStatistic } from '../../src/api/index.js';
import type { RegionStats } from '../../src/elements/region-stats/region-stats.js';
import type { StatsLoadedEvent } from '../../src/elements/region-stats/events.js';
import { API } from './helpers/index.js';

interface StatFixtures {
  available: boolean;
  geocodesWithSubregions: { geoCodeId: string; name: string }[];
  geocodeWithoutSubregions?: { geoCodeId: string; name: string };
  customerNumbers: string[];
  usernames: string[];
  channels: string[];
  realEstateTypes: string[];
}

let fx: StatFixtures;
export async function fixtures(): Promise<StatFixtures> {
  if (!fx) {
    const res = await fetch(`${API}/sandbox/fixtures`, { headers: { Accept: 'application/json' } });
    fx = ((await res.json()) as { statistic: StatFixtures }).statistic;
    if (!fx.available) throw new Error('the sandbox has no statistic data');
  }
  return fx;
}

export async function fault(body: Record<string, unknown>): Promise<void> {
  await fetch(`${API}/sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ route: 'statistic', ...body }),
  });
}

/** A client that talks to the sandbox and records every request it makes. */
export function recordingClient() {
  const calls: { url: URL; accept: string; signal?: AbortSignal | null }[] = [];
  const client = new ImmoClient({
    baseUrl: API,
    fetch: (input, init) => {
      const req = new Request(input, init);
      calls.push({
        url: new URL(req.url, location.href),
        accept: req.headers.get('accept') ?? '',
        signal: init?.signal,
      });
      return fetch(input, init);
    },
  });
  return { client, calls };
}

/** A client whose transport answers with the given body (for server quirks the sandbox cannot produce). */
export function cannedClient(body: string, contentType = 'application/json', status = 200) {
  return new ImmoClient({
    baseUrl: API,
    retries: 0,
    fetch: async () => new Response(body, { status, headers: { 'Content-Type': contentType } }),
  });
}

export const shadow = (el: Element) => el.shadowRoot!;
export const $ = <T extends Element = HTMLElement>(el: Element, sel: string) =>
  shadow(el).querySelector<T>(sel);
export const $$ = <T extends Element = HTMLElement>(el: Element, sel: string) => [
  ...shadow(el).querySelectorAll<T>(sel),
];
export const rowNames = (el: Element) => $$(el, 'tbody th').map((th) => th.textContent!.trim());
export const ready = (el: RegionStats) =>
  waitUntil(
    () => $(el, '[part="table"], [part="error"], [part="empty"]') && !$(el, '[part="skeleton"]'),
    'element did not settle',
  );

/**
 * The next stats-loaded anywhere in the document. Listen before the fixture is made: the
 * sandbox may answer before fixture() resolves.
 */
export function nextStats(): Promise<GeoHierarchyStatistic> {
  return new Promise((resolve) =>
    document.addEventListener('stats-loaded', (e) => resolve((e as StatsLoadedEvent).statistic), {
      once: true,
    }),
  );
}

export async function loaded(el: RegionStats): Promise<GeoHierarchyStatistic> {
  const ev = (await oneEvent(el, 'stats-loaded')) as unknown as StatsLoadedEvent;
  await el.updateComplete;
  return ev.statistic;
}

export const count = (stat: GeoHierarchyStatistic['parent'], type: string) =>
  stat.statistics.find((s) => s.realEstateType === type)?.count ?? 0;
