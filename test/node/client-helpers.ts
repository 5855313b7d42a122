/** Shared helpers for the client tests: recorded fixtures and a fake fetch that records requests. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ImmoClient, type ContactForm, type ImmoClientOptions } from '../../src/api/index.js';

export const fixture = (name: string): string =>
  readFileSync(fileURLToPath(new URL(`../fixtures/api/${name}`, import.meta.url)), 'utf8');

export interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
}

export type Reply =
  | { status?: number; body?: string; headers?: Record<string, string> }
  | { network: true }
  | { hang: true };

/** A fetch that answers from a queue (the last reply repeats) and records each request. */
export function fakeFetch(...replies: Reply[]) {
  const calls: Recorded[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
      credentials: init?.credentials,
    });
    const r = replies[Math.min(calls.length - 1, replies.length - 1)] ?? { status: 200, body: '' };
    const signal = init?.signal;
    if ('hang' in r) {
      return new Promise<Response>((_, reject) => {
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () =>
          reject(signal.reason ?? new DOMException('aborted', 'AbortError')),
        );
      });
    }
    if ('network' in r) throw new TypeError('fetch failed');
    return new Response(r.body ?? '', { status: r.status ?? 200, headers: r.headers ?? {} });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

export const BASE = 'https://api.example.test/restapi/api';

/** A client with a fake fetch, instant sleeps (recorded) and a fixed jitter. */
export function makeClient(replies: Reply[], options: Partial<ImmoClientOptions> = {}) {
  const { fetch, calls } = fakeFetch(...replies);
  const sleeps: number[] = [];
  const client = new ImmoClient({
    baseUrl: BASE + '/',
    fetch,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
  return { client, calls, sleeps };
}

export const json = (body: string, status = 200, headers: Record<string, string> = {}): Reply => ({
  status,
  body,
  headers: { 'content-type': 'application/json', ...headers },
});
export const xml = (body: string, status = 200, headers: Record<string, string> = {}): Reply => ({
  status,
  body,
  headers: { 'content-type': 'application/xml', ...headers },
});

/** A contact form with every field of the shipped schema filled. */
export const fullForm: ContactForm = {
  firstname: 'Erika',
  lastname: 'Mustermann',
  phoneNumber: '+49 30 1234567',
  emailAddress: 'erika@example.org',
  appointmentRequested: 'YES',
  message: 'Ist die Wohnung noch frei? <b>&</b>',
  address: { street: 'Hauptstraße', houseNumber: '5a', postcode: '10115', city: 'Berlin' },
  contactMailCustomStyle: {
    header1Color: '#112233',
    header1FontColor: '#fff',
    identifier: 'partner-a',
  },
  moveInDate: 'ab 1.10.',
  moveOutDate: 'offen',
  petsInHousehold: 'eine Katze',
  numberOfPersons: '2',
  employmentRelationship: 'angestellt',
  income: '3000-4000',
  salutation: 'FEMALE',
  schufaInformationProvided: true,
  schufaVerificationCode: 'ABC-123',
  sendProfile: false,
  profileImageUrl: 'https://example.org/p.png',
  profileType: 'PREMIUM',
  privacyPolicyAccepted: true,
  company: 'Muster GmbH',
  buyReason: 'Eigennutzung',
  ownCapital: '50000',
  hasPreapproval: true,
  lotAvailable: false,
  numberOfRequiredWorkingPlaces: 3,
  plannedInvestment: '400000',
  commercialUsage: 'Büro',
  applicationPackageCompleted: true,
};
