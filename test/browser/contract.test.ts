/**
 * The contract every data-driven element keeps, run against all five with the lean client
 * they build from `base-url` (a ClientBase) in front of the sandbox:
 * - while its request is pending, assistive technology is told (aria-busy or a status text);
 * - a failed request shows an error (role=alert or announced) with a retry control that
 *   loads again, and what the visitor typed is still there;
 * - removing the element from the page aborts its pending request;
 * - axe-clean while loading and after the failure;
 * - the shared custom properties (--immo-color-text, --immo-font-family) set by the host page
 *   on an ancestor reach the element's shadow tree (an element must not set them on :host);
 * - axe-clean (contrast included) once loaded under a dark system theme, on a light page;
 * - an ancestor's `lang` switch after the element rendered changes its language, and what
 *   the visitor typed stays;
 * - every failure the sandbox can inject (500, 503, timeout, dropped connection, unreadable
 *   body) shows a sentence in the element's language (src/shared/failure.ts) with no status
 *   code, message code or server text, fires `request-failed` with the technical detail, and
 *   its retry (geo-autocomplete's automatic one after a 503) loads, keeping what was typed.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { ClientBase } from '../../src/api/core.js';
import { failureSentences, type FailureEvent, type FailureKind } from '../../src/shared/failure.js';
import { SHARED } from '../../src/shared/strings.js';
import '../../src/define.js';
import { afterEach, API, before, describe, it, itInColorScheme, type } from './helpers/index.js';
import type { Tag } from '../../demo/tags.js';

/** A ClientBase whose fetch passes to the sandbox, holds requests, or answers 500. */
function controlled() {
  const state = {
    mode: 'pass' as 'pass' | 'hold' | 'fail',
    signals: [] as AbortSignal[],
    requests: 0,
  };
  const fetchFn: typeof fetch = async (input, init) => {
    state.requests++;
    if (init?.signal) state.signals.push(init.signal);
    if (state.mode === 'fail') {
      return new Response(
        JSON.stringify({ messageCode: 'ERROR_COMMON_INTERNAL_SERVER_ERROR', message: 'down' }),
        {
          status: 500,
          headers: { 'content-type': 'application/json' },
        },
      );
    }
    if (state.mode === 'hold') {
      await new Promise<void>((_, reject) => {
        if (init?.signal?.aborted) reject(new DOMException('aborted', 'AbortError'));
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
    }
    return fetch(input, init);
  };
  return { state, client: new ClientBase({ baseUrl: API, fetch: fetchFn, retries: 0 }) };
}

type Ctl = ReturnType<typeof controlled>;
interface Subject {
  tag: Tag;
  /** Puts the element in the page with the client; starts its request unless `start` does. */
  mount(ctl: Ctl): Promise<HTMLElement>;
  /** Starts the request for elements that load on a visitor's action. */
  start?(el: HTMLElement): Promise<void>;
  /** What the visitor typed before the failure, read back afterwards. */
  typed?(el: HTMLElement): string;
  typedValue?: string;
  /** The element shows what its request loaded (selector in its shadow root). */
  loaded: string;
  /** The sandbox fault route of the request the element starts with. */
  route: string;
}

let token = '';
let exposeId = '';

const shadowText = (el: HTMLElement) => el.shadowRoot!.textContent!.replace(/\s+/g, ' ');
/** Loading is told to assistive technology: aria-busy=true, or a status region with text. */
const busyTold = (el: HTMLElement) =>
  !!el.shadowRoot!.querySelector('[aria-busy=true]') ||
  [...el.shadowRoot!.querySelectorAll('[role=status]')].some((s) => s.textContent!.trim() !== '');
/** The failure is told: a role=alert with text, or a status region with text. */
const errorTold = (el: HTMLElement) =>
  [...el.shadowRoot!.querySelectorAll('[role=alert], [role=status], [part~=status]')].some((s) =>
    /fehl|nicht|Fehler/i.test(s.textContent ?? ''),
  );
const retryButton = (el: HTMLElement) =>
  [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')].find((b) =>
    /erneut versuchen/i.test(b.textContent ?? ''),
  );

const SUBJECTS: Subject[] = [
  {
    tag: 'region-stats',
    mount: (ctl) =>
      fixture(html`<region-stats geocode="1276003001" .client=${ctl.client}></region-stats>`),
    loaded: '[part=table]',
    route: 'statistic',
  },
  {
    tag: 'contact-realtor',
    mount: (ctl) =>
      fixture(
        html`<contact-realtor expose-id=${exposeId} .client=${ctl.client}></contact-realtor>`,
      ),
    loaded: 'form',
    route: 'expose',
  },
  {
    tag: 'project-picker',
    mount: (ctl) =>
      fixture(html`<project-picker .token=${token} .client=${ctl.client}></project-picker>`),
    loaded: '[part=project-list] [role=option]',
    route: 'projects',
  },
  {
    tag: 'geo-autocomplete',
    mount: (ctl) =>
      fixture(html`<geo-autocomplete debounce="0" .client=${ctl.client}></geo-autocomplete>`),
    async start(el) {
      el.focus();
      await type('Hamb');
    },
    typed: (el) => el.shadowRoot!.querySelector('input')!.value,
    typedValue: 'Hamb',
    loaded: '[role=option]',
    route: 'geo-suggest',
  },
  {
    tag: 'property-text',
    mount: (ctl) =>
      fixture(html`<property-text no-draft .token=${token} .client=${ctl.client}></property-text>`),
    async start(el) {
      (el as HTMLElement & { data: unknown }).data = {
        realEstateType: 'house',
        transactionType: 'sale',
        houseDetails: { livingSpace: 120 },
      };
      (el as HTMLElement & { generate(): Promise<unknown> }).generate().catch(() => {});
    },
    typed: (el) => el.shadowRoot!.querySelector<HTMLInputElement>('[name=livingSpace]')!.value,
    typedValue: '120',
    loaded: '[part=result]',
    route: 'property-text',
  },
];

/** The failures the sandbox injects, with the kind a visitor is told (failure.ts). */
const FAILURES: [name: string, fault: Record<string, unknown>, kind: FailureKind][] = [
  ['500', { status: 500 }, 'server'],
  ['503', { status: 503 }, 'busy'],
  ['timeout', { latencyMs: 4000 }, 'timeout'],
  ['dropped connection', { drop: true }, 'network'],
  ['unreadable body', { malformed: true }, 'unreadable'],
];
const faults = (method: 'POST' | 'DELETE', body?: unknown) =>
  fetch(`${API}/sandbox/faults`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
/** Technical text a visitor must never read: statuses, message codes, the sandbox's (server's) own words. */
const TECHNICAL = /\b(HTTP|[45]\d\d)\b|ERROR_|MESSAGE_|Fault injected|sandbox|Details/;

/**
 * The shadow text once it has not changed for 300 ms (at most 5 s). A bare wait: it serves
 * every element alike, and what may still change the text has no event of its own (a later
 * answer, and the count geo-autocomplete says 150 ms after it in its live region).
 */
async function steadyText(el: HTMLElement): Promise<string> {
  let last = shadowText(el);
  for (let stable = 0, i = 0; stable < 3 && i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const now = shadowText(el);
    stable = now === last ? stable + 1 : 0;
    last = now;
  }
  return last;
}

/** The element mounted with a client in the given mode, its request started. */
async function started(s: Subject, mode: Ctl['state']['mode']) {
  const ctl = controlled();
  ctl.state.mode = mode;
  const el = await s.mount(ctl);
  await s.start?.(el);
  return { ctl, el };
}

/** The element inside a page wrapper (`page`), its request answered by the sandbox and shown. */
async function loadedIn(s: Subject, page: HTMLElement) {
  const ctl = controlled();
  const el = await s.mount(ctl);
  page.append(el);
  await s.start?.(el);
  await waitUntil(() => !!el.shadowRoot!.querySelector(s.loaded), `loaded: ${s.loaded}`, {
    timeout: 8000,
  });
  await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  return el;
}

describe('contract of the data-driven elements', () => {
  before(async () => {
    const post = (path: string) =>
      fetch(`${API}/sandbox/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'demo' }),
      });
    token = ((await (await post('token')).json()) as { token: string }).token;
    const fx = (await (await fetch(`${API}/sandbox/fixtures`)).json()) as {
      exposes: Record<string, string[]>;
    };
    exposeId = fx.exposes.EMAIL![0]!;
  });

  for (const s of SUBJECTS) {
    describe(s.tag, () => {
      it('tells assistive technology while loading, axe-clean', async () => {
        const { ctl, el } = await started(s, 'hold');
        await waitUntil(() => ctl.state.requests > 0, 'a request is sent');
        await waitUntil(() => busyTold(el), 'loading is told (aria-busy or a status text)', {
          timeout: 3000,
        });
        await expect(el).to.be.accessible();
        el.remove();
      });

      it('a failure shows an error with a retry that loads, keeping what was typed, axe-clean', async () => {
        const { ctl, el } = await started(s, 'fail');
        await waitUntil(
          () => errorTold(el) && !!retryButton(el),
          `error with retry shown: "${shadowText(el).slice(0, 200)}"`,
          { timeout: 5000 },
        );
        await expect(el).to.be.accessible();
        if (s.typed) expect(s.typed(el), 'typed text kept').to.equal(s.typedValue);
        const before = ctl.state.requests;
        ctl.state.mode = 'pass';
        retryButton(el)!.click();
        await waitUntil(() => ctl.state.requests > before, 'retry sends the request again');
        await waitUntil(() => !retryButton(el), 'the error is gone after a successful retry', {
          timeout: 5000,
        });
        if (s.typed) expect(s.typed(el), 'typed text kept after the retry').to.equal(s.typedValue);
      });

      it('takes the shared custom properties from an ancestor', async () => {
        const page = await fixture<HTMLDivElement>(
          html`<div style="--immo-color-text: rgb(1, 2, 3); --immo-font-family: 'Courier New', monospace"></div>`,
        );
        const el = await loadedIn(s, page);
        const nodes = [el, ...el.shadowRoot!.querySelectorAll<HTMLElement>('*')].map((n) =>
          getComputedStyle(n),
        );
        expect(
          nodes.some((c) => c.color === 'rgb(1, 2, 3)'),
          "some text uses the page's --immo-color-text",
        ).to.equal(true);
        expect(
          nodes.some((c) => c.fontFamily.includes('Courier New')),
          "the page's --immo-font-family is used",
        ).to.equal(true);
        page.remove();
      });

      itInColorScheme(
        'dark',
        'axe-clean once loaded under a dark system theme on a light page',
        async () => {
          const page = await fixture<HTMLDivElement>(
            html`<div style="background:#fff;color:#111;padding:8px"></div>`,
          );
          await loadedIn(s, page);
          await expect(page).to.be.accessible();
          page.remove();
        },
      );

      it("follows an ancestor's lang switch after it rendered, keeping typed text", async () => {
        const page = await fixture<HTMLDivElement>(html`<div lang="de"></div>`);
        const el = await loadedIn(s, page);
        const update = () =>
          (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
        // (a later answer may still replace the list: compare only once the text stands still)
        const german = await steadyText(el);
        page.setAttribute('lang', 'en');
        await waitUntil(() => shadowText(el) !== german, 'the text changed with the language');
        await update();
        if (s.typed) expect(s.typed(el), 'typed text kept').to.equal(s.typedValue);
        page.setAttribute('lang', 'de');
        await waitUntil(() => shadowText(el) === german, 'back in German');
        page.remove();
      });

      describe('failures from the sandbox', () => {
        afterEach(async () => {
          await faults('DELETE');
        });
        FAILURES.forEach(([name, fault, kind], i) => {
          const lang = i % 2 ? 'en' : 'de';
          it(`${name}: a ${lang} sentence without status, code or server text, request-failed, a retry that loads and keeps typed text`, async () => {
            await faults('POST', { route: s.route, ...fault });
            // The element's client, as a partner configures it: no retries, a short timeout.
            const client = new ClientBase({ baseUrl: API, retries: 0, timeout: 1500 });
            const el = await s.mount({ client, state: { mode: 'pass', signals: [], requests: 0 } });
            el.lang = lang;
            const failures: FailureEvent[] = [];
            el.addEventListener('request-failed', (e) => failures.push(e));
            await s.start?.(el);
            if (lang === 'en') await SHARED.load(); // (what an English element waits for before it renders)
            const expected = failureSentences(kind, lang)[0];
            // (geo-autocomplete's back-off after a 503 is a status: it goes on by itself)
            const backoff = s.tag === 'geo-autocomplete' && kind === 'busy';
            const box = () =>
              el.shadowRoot!.querySelector(backoff ? '[part~=status]' : '[part~=error]');
            await waitUntil(
              () => box()?.textContent?.includes(expected),
              `"${expected}" shown: "${shadowText(el).slice(0, 300)}"`,
              { timeout: 8000 },
            );
            const text = box()!.textContent!.replace(/\s+/g, ' ');
            expect(text, 'no technical text').not.to.match(TECHNICAL);
            expect(shadowText(el), 'nowhere in the element').not.to.match(TECHNICAL);
            expect(failures.length, 'request-failed fired').to.be.greaterThan(0);
            expect(failures[0]!.kind).to.equal(kind);
            if (fault.status)
              expect(failures[0]!.error.status, 'the status is in the event').to.equal(
                fault.status,
              );
            if (s.typed) expect(s.typed(el), 'typed text kept').to.equal(s.typedValue);
            await expect(el).to.be.accessible();
            await faults('DELETE');
            const retry = el.shadowRoot!.querySelector<HTMLButtonElement>('[part~=retry]');
            // geo-autocomplete backs off after a 503 and tries again by itself
            if (backoff) expect(retry).to.equal(null);
            else {
              expect(retry, 'a retry button').to.exist;
              retry!.click();
            }
            await waitUntil(
              () => !!el.shadowRoot!.querySelector(s.loaded),
              'loaded after the retry',
              { timeout: 8000 },
            );
            expect(el.shadowRoot!.querySelector('[part~=error]'), 'the error is gone').to.equal(
              null,
            );
            if (s.typed)
              expect(s.typed(el), 'typed text kept after the retry').to.equal(s.typedValue);
            el.remove();
          });
        });
      });

      it('removing the element aborts its pending request', async () => {
        const { ctl, el } = await started(s, 'hold');
        await waitUntil(() => ctl.state.signals.length > 0, 'a request is pending');
        el.remove();
        await waitUntil(
          () => ctl.state.signals.every((x) => x.aborted),
          'every pending request aborted',
        );
      });
    });
  }
});
