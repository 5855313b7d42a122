/**
 * The look every element shares (src/shared/styles.ts), checked on all five, loaded against
 * the sandbox inside a page wrapper as a partner embeds them:
 * - under a dark system theme, a page that declares no colour scheme stays light: no dark
 *   surface anywhere in the element, no light text;
 * - a page that declares `color-scheme: dark` gets the dark palette: no light surface, no
 *   dark text, accent and error colours included; axe-clean (contrast) in both;
 * - a host page's `*{line-height:1; letter-spacing; text-transform; …}` does not reach the text;
 * - (geo-autocomplete also with `multiple`: its chips, and chosen places marked in the list)
 * - the same part names for the same roles: every part an element renders is one its
 *   custom-elements.json entry documents, no documented part uses an old or suffixed name,
 *   and the error box and its retry button carry `error` and `retry` in every element.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { ClientBase } from '../../src/api/core.js';
import '../../src/define.js';
import type { Tag } from '../../demo/tags.js';
import { describe, it, before, itInColorScheme, type } from './helpers/index.js';

const API = '/restapi/api';
let token = '';
let exposeId = '';
let manifest: { tagName: string; cssParts: string[] }[] = [];

interface Subject {
  tag: Tag;
  /** The test's name when it is not the tag (a variant). */
  name?: string;
  /** The element's markup; properties are set by `prepare`. */
  make(): HTMLElement;
  /** Starts what shows the element's content (geo-autocomplete: typing, so the popup opens). */
  start?(el: HTMLElement): Promise<void>;
  /** Shown once loaded (a selector in the shadow root). */
  loaded: string;
}

const make = (
  tag: string,
  props: Record<string, unknown> = {},
  attrs: Record<string, string> = {},
) => {
  const el = document.createElement(tag) as HTMLElement & Record<string, unknown>;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  Object.assign(el, props);
  return el;
};

const SUBJECTS: Subject[] = [
  {
    tag: 'geo-autocomplete',
    make: () => make('geo-autocomplete', {}, { debounce: '0' }),
    async start(el) {
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      el.shadowRoot!.querySelector('input')!.focus();
      await type('Berl');
    },
    loaded: '[role=option]',
  },
  {
    // Several places: the chips before the text, some of them marked in the list.
    tag: 'geo-autocomplete',
    name: 'geo-autocomplete multiple',
    make: () => {
      const place = (id: string, label: string) => ({
        entity: { id, label, type: 'quarterOrTown' },
        matches: [],
      });
      return make(
        'geo-autocomplete',
        {
          multiple: true,
          selections: [
            place('1276003001047', 'Berlin - Kreuzberg'),
            place('1276003001063', 'Berlin - Neukölln'),
            place('1276003001023', 'Berlin - Friedrichshain'),
          ],
        },
        { debounce: '0' },
      );
    },
    async start(el) {
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      el.shadowRoot!.querySelector('input')!.focus();
      await type('Berl');
    },
    loaded: '[role=option]',
  },
  {
    tag: 'region-stats',
    make: () =>
      make(
        'region-stats',
        {},
        {
          geocode: '1276003001',
          'real-estate-types': 'apartmentrent,apartmentbuy,houserent,housebuy',
        },
      ),
    loaded: 'table',
  },
  { tag: 'contact-realtor', make: () => make('contact-realtor', { exposeId }), loaded: 'form' },
  {
    tag: 'property-text',
    make: () => make('property-text', { token }, { 'no-draft': '' }),
    loaded: 'form',
  },
  { tag: 'project-picker', make: () => make('project-picker', { token }), loaded: '[role=option]' },
];

/** The element inside `page`, started and shown. */
async function loaded(s: Subject, page: HTMLElement): Promise<HTMLElement> {
  const el = s.make();
  page.append(el);
  await s.start?.(el);
  await waitUntil(() => !!el.shadowRoot?.querySelector(s.loaded), `${s.tag} loaded (${s.loaded})`, {
    timeout: 10000,
  });
  await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  return el;
}

/** The host and every element of its shadow tree. */
const nodes = (el: HTMLElement): Element[] =>
  [el, ...el.shadowRoot!.querySelectorAll('*')].filter((n) => n.tagName !== 'STYLE');

/** [r, g, b, a] of a computed colour (rgb(), rgba() or color(srgb …) as engines report it). */
function rgba(c: string): [number, number, number, number] {
  const srgb = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)/.exec(c);
  if (srgb)
    return [
      +srgb[1]! * 255,
      +srgb[2]! * 255,
      +srgb[3]! * 255,
      srgb[4] === undefined ? 1 : +srgb[4],
    ];
  const m = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:[,/] ?([\d.]+))?\)/.exec(c);
  if (!m) throw new Error(`unreadable colour ${c}`);
  return [+m[1]!, +m[2]!, +m[3]!, m[4] === undefined ? 1 : +m[4]];
}
/** Relative luminance (WCAG) of an sRGB colour. */
function luminance([r, g, b]: number[]): number {
  const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

/** What a scheme allows: opaque backgrounds light (or dark), text dark (or light). */
function offenders(el: HTMLElement, scheme: 'light' | 'dark'): string[] {
  const bad: string[] = [];
  for (const n of nodes(el)) {
    const cs = getComputedStyle(n);
    if (cs.display === 'none') continue;
    const name = `${n.tagName.toLowerCase()}${n.getAttribute('part') ? `[part=${n.getAttribute('part')}]` : ''}${n.className && typeof n.className === 'string' ? '.' + n.className : ''}`;
    const bg = rgba(cs.backgroundColor);
    // A surface: an opaque box of some size that is not a button (a filled accent button, a
    // legend swatch or a skeleton bar are colours, not surfaces).
    const box = n.getBoundingClientRect();
    if (bg[3] > 0.5 && n.tagName !== 'BUTTON' && box.width >= 48 && box.height >= 48) {
      const l = luminance(bg);
      if (scheme === 'light' ? l < 0.4 : l > 0.2)
        bad.push(`${name}: background ${cs.backgroundColor}`);
    }
    // Text on the page's own background (not on a filled button or an option's highlight).
    if (
      bg[3] === 0 &&
      [...n.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && c.textContent!.trim())
    ) {
      const l = luminance(rgba(cs.color));
      if (scheme === 'light' ? l > 0.3 : l < 0.3) bad.push(`${name}: text ${cs.color}`);
    }
  }
  return bad;
}

describe('shared look of the five elements', () => {
  before(async function () {
    this.timeout(20000);
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
    const cem = (await (await fetch('/custom-elements.json')).json()) as {
      modules: {
        declarations?: {
          tagName?: string;
          customElement?: boolean;
          cssParts?: { name: string }[];
        }[];
      }[];
    };
    manifest = cem.modules
      .flatMap((m) => m.declarations ?? [])
      .filter((d) => d.customElement && d.tagName)
      .map((d) => ({ tagName: d.tagName!, cssParts: (d.cssParts ?? []).map((p) => p.name) }));
  });

  it('documents one name per role: no -button suffixes, no old names, the shared roles named alike', () => {
    expect(manifest.map((d) => d.tagName).sort()).to.deep.equal(
      [...new Set(SUBJECTS.map((s) => s.tag))].sort(),
    );
    for (const d of manifest) {
      const old = d.cssParts.filter(
        (p) => /-button$/.test(p) || ['title', 'message', 'search', 'headline-input'].includes(p),
      );
      expect(old, `${d.tagName}: parts with an old or suffixed name`).to.deep.equal([]);
      expect(d.cssParts, `${d.tagName}: error box and retry`).to.include.members([
        'error',
        'retry',
      ]);
    }
  });

  for (const s of SUBJECTS) {
    describe(s.name ?? s.tag, () => {
      itInColorScheme(
        'dark',
        'a light page that declares no scheme stays light under a dark system: no dark surface, no light text, axe-clean',
        async function () {
          this.timeout(20000);
          const page = await fixture<HTMLDivElement>(
            html`<div style="background:#fff;color:#111;padding:8px"></div>`,
          );
          const el = await loaded(s, page);
          expect(offenders(el, 'light')).to.deep.equal([]);
          expect(getComputedStyle(el).backgroundColor, 'the host paints nothing').to.equal(
            'rgba(0, 0, 0, 0)',
          );
          await expect(page).to.be.accessible();
          page.remove();
        },
      );

      itInColorScheme(
        'light',
        'a page that declares color-scheme: dark gets the dark palette under a light system, axe-clean',
        async function () {
          this.timeout(20000);
          const page = await fixture<HTMLDivElement>(
            html`<div style="color-scheme:dark;background:#1c1c1f;color:#ececf0;padding:8px"></div>`,
          );
          const el = await loaded(s, page);
          expect(offenders(el, 'dark')).to.deep.equal([]);
          await expect(page).to.be.accessible();
          page.remove();
        },
      );

      itInColorScheme(
        'dark',
        'a page with color-scheme: light dark follows the system',
        async function () {
          this.timeout(20000);
          const page = await fixture<HTMLDivElement>(
            html`<div style="color-scheme:light dark;background:Canvas;color:CanvasText;padding:8px"></div>`,
          );
          const el = await loaded(s, page);
          expect(offenders(el, 'dark')).to.deep.equal([]);
          page.remove();
        },
      );

      it("a host page's line-height, letter-spacing, text-transform and more do not reach the text", async function () {
        this.timeout(20000);
        const hostile = document.createElement('style');
        hostile.textContent =
          '*{line-height:1;letter-spacing:4px;word-spacing:9px;text-transform:uppercase;text-align:center;font-style:italic;white-space:nowrap;text-indent:20px}';
        document.head.append(hostile);
        try {
          const page = await fixture<HTMLDivElement>(html`<div></div>`);
          const el = await loaded(s, page);
          const host = getComputedStyle(el);
          expect([host.textAlign, host.whiteSpace, host.textIndent], 'host').to.deep.equal([
            'start',
            'normal',
            '0px',
          ]);
          for (const n of nodes(el)) {
            const cs = getComputedStyle(n);
            const what = `${n.tagName.toLowerCase()}${n.getAttribute('part') ? `[part=${n.getAttribute('part')}]` : ''}`;
            expect(
              [cs.letterSpacing, cs.wordSpacing, cs.textTransform, cs.fontStyle],
              what,
            ).to.deep.equal(['normal', '0px', 'none', 'normal']);
            if (cs.lineHeight !== 'normal')
              expect(
                parseFloat(cs.lineHeight) / parseFloat(cs.fontSize),
                `${what} line-height`,
              ).to.be.greaterThan(1.15);
          }
          page.remove();
        } finally {
          hostile.remove();
        }
      });

      it('renders only documented parts', async function () {
        this.timeout(20000);
        const page = await fixture<HTMLDivElement>(html`<div></div>`);
        const el = await loaded(s, page);
        const documented = manifest.find((d) => d.tagName === s.tag)!.cssParts;
        const used = [...new Set(nodes(el).flatMap((n) => [...((n as HTMLElement).part ?? [])]))];
        expect(
          used.filter((p) => !documented.includes(p)),
          'undocumented parts',
        ).to.deep.equal([]);
        page.remove();
      });

      it('a failure shows part "error" with a part "retry" button', async function () {
        this.timeout(20000);
        const fail: typeof fetch = async () =>
          new Response(
            JSON.stringify({ messageCode: 'ERROR_COMMON_INTERNAL_SERVER_ERROR', message: 'down' }),
            { status: 500, headers: { 'content-type': 'application/json' } },
          );
        const el = s.make() as HTMLElement & {
          client: unknown;
          data?: unknown;
          generate?: () => Promise<unknown>;
        };
        el.client = new ClientBase({ baseUrl: API, fetch: fail, retries: 0 });
        await fixture(html`<div></div>`).then((page) => page.append(el));
        await s.start?.(el);
        if (s.tag === 'property-text') {
          el.data = {
            realEstateType: 'house',
            transactionType: 'sale',
            houseDetails: { livingSpace: 120 },
          };
          el.generate!().catch(() => {});
        }
        await waitUntil(
          () => el.shadowRoot!.querySelector('[part~=retry]'),
          `${s.tag}: a retry button with part "retry"`,
          { timeout: 8000 },
        );
        const retry = el.shadowRoot!.querySelector('[part~=retry]')!;
        expect(retry.closest('[part~=error]'), 'inside the part "error" box').to.exist;
        el.remove();
      });
    });
  }
});
