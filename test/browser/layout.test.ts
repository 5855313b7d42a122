/**
 * Layout of every demo story, in Chromium, Firefox and WebKit, at 390 px and 1280
 * px, light and dark (itInColorScheme: the system scheme, and the demo's theme of that name), with the demo's stylesheet: no element wider than its container, no text clipped
 * without an ellipsis or a way to reach it (a scroll box), and nothing under a story moving
 * when its data arrives (a sentinel paragraph's position from the elements' first render
 * until the network is quiet). Each story is mounted once (as the demo does: markup, setup,
 * into the page) and checked at both widths once per scheme, so that the file stays within the runner's
 * time limit. The shift before the first render (the script loading) is measured per
 * element on a partner page by `npm run bench` (bench/cls.ts), with docs/embedding.md's
 * `:not(:defined)` rule.
 */
import { expect } from '@open-wc/testing';
import type { Story } from '../../demo/story.js';
import '../../src/define.js';
import { deep, frame, realFetch, settle, storyGroups as groups } from './helpers/stories.js';
import {
  afterEach,
  describe,
  engine,
  it,
  itInColorScheme,
  sessionSize,
  setViewport,
  type TestContext,
} from './helpers/index.js';

type Ctx = TestContext;

/**
 * The widths checked in this session. Chromium and Firefox resize the page: 390 and 1280 px in
 * one session. WebKitGTK's driver cannot resize MiniBrowser's window once the session runs, so
 * WebKit runs this file once per width, in sessions made at that size (the webkit-390 and
 * webkit-1280 groups of web-test-runner.config.mjs, and their dark twins): each checks its own.
 * A WebKit session of the default size (a run of this file alone through `--files`, which the
 * config also gives sized sessions) checks nothing here.
 */
const WIDTHS: readonly number[] = await (async () => {
  if (engine !== 'webkit') return [390, 1280];
  const size = await sessionSize();
  return size && [390, 1280].includes(size.width) ? [size.width] : [];
})();
if (!WIDTHS.length)
  console.log(
    'layout.test.ts: this WebKit session is not made for 390 or 1280 px; the sized sessions check the layout',
  );
const HEIGHT = 844;

/**
 * The first render of every element under `container`, nested ones included (an element an
 * element renders renders after it), awaited in microtasks only: no answer can have arrived.
 */
async function firstRender(container: HTMLElement): Promise<void> {
  let count = -1;
  for (;;) {
    const els = [...deep(container)].filter((n) => n.localName.includes('-')) as (Element & {
      updateComplete?: Promise<unknown>;
    })[];
    if (els.length === count) return;
    count = els.length;
    await Promise.all(els.map((e) => e.updateComplete));
  }
}

/** Reads `value` in every animation frame until stop(), which returns what it read. */
function track(value: () => number): { stop(): number[] } {
  const seen: number[] = [];
  let on = true;
  const tick = () => {
    if (!on) return;
    seen.push(value());
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    stop() {
      on = false;
      seen.push(value());
      return seen;
    },
  };
}

const visible = (n: Element) => {
  const r = n.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) return false;
  const cs = getComputedStyle(n);
  return cs.visibility !== 'hidden' && cs.display !== 'none' && cs.position !== 'fixed';
};

/** An ancestor (across shadow roots) that clips or scrolls sideways: a box the content may overflow into. */
function inScrollBox(n: Element, stop: Element): boolean {
  let p: Element | null =
    n.parentElement ?? ((n.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
  while (p && p !== stop) {
    const ox = getComputedStyle(p).overflowX;
    if (ox === 'auto' || ox === 'scroll' || ox === 'hidden' || ox === 'clip') return true;
    p = p.parentElement ?? ((p.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
  }
  return false;
}

/** Elements sticking out of the canvas sideways (not inside a scroll box, not in the top layer). */
function overflowing(container: HTMLElement): string[] {
  const box = container.getBoundingClientRect();
  const out: string[] = [];
  for (const n of deep(container)) {
    if (!visible(n) || n.matches(':popover-open, [popover], [popover] *, dialog, dialog *'))
      continue;
    const r = n.getBoundingClientRect();
    if ((r.right > box.right + 1 || r.left < box.left - 1) && !inScrollBox(n, container)) {
      out.push(
        `<${n.localName}${n.id ? '#' + n.id : ''}${n.getAttribute('part') ? ` part=${n.getAttribute('part')}` : ''}> ${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(box.left)}–${Math.round(box.right)}`,
      );
    }
  }
  return out;
}

/**
 * Content of an element's shadow root that sticks out of the element's own box sideways (a
 * form wider than the element, a group's grid wider than its fieldset and so the form): the
 * story's padding would hide it from the check above. The top layer, scroll boxes and the
 * element's own nested elements' checks are left to themselves.
 */
function outsideHost(container: HTMLElement): string[] {
  const out: string[] = [];
  for (const host of deep(container)) {
    if (!host.shadowRoot || !visible(host)) continue;
    const box = host.getBoundingClientRect();
    for (const n of host.shadowRoot.querySelectorAll('*')) {
      if (!visible(n) || n.matches(':popover-open, [popover], [popover] *, dialog, dialog *'))
        continue;
      const r = n.getBoundingClientRect();
      if ((r.right > box.right + 1 || r.left < box.left - 1) && !inScrollBox(n, host)) {
        out.push(
          `<${host.localName}> <${n.localName}${n.getAttribute('part') ? ` part=${n.getAttribute('part')}` : ''}> ${Math.round(r.left)}–${Math.round(r.right)} outside the element's ${Math.round(box.left)}–${Math.round(box.right)}`,
        );
      }
    }
  }
  return out;
}

/**
 * Boxes whose content is wider than themselves and spills out (overflow visible): a checkbox's
 * label whose longest word is wider than its grid column draws its text over the group's
 * border. Inline boxes have no width of their own and are left out, as are SVG drawings.
 */
function spills(container: Element | ShadowRoot): string[] {
  const out: string[] = [];
  for (const n of deep(container)) {
    if (!(n instanceof HTMLElement) || !visible(n)) continue;
    const cs = getComputedStyle(n);
    if (cs.overflowX !== 'visible' || cs.display === 'inline' || cs.display === 'contents')
      continue;
    if (n.scrollWidth > n.clientWidth + 1 && n.clientWidth > 0) {
      out.push(
        `<${n.localName}${n.getAttribute('part') ? ` part=${n.getAttribute('part')}` : ''}${n.className && typeof n.className === 'string' ? `.${n.className.split(' ')[0]}` : ''}> "${(n.textContent ?? '').trim().slice(0, 30)}" spills out: ${n.scrollWidth} > ${n.clientWidth}`,
      );
    }
  }
  return out;
}

/**
 * Boxes that scroll sideways although they hold no table: a line cut at a list's edge that a
 * visitor can only reach by scrolling the list sideways. A table may scroll by design
 * (region-stats' numbers beside a sticky first column, the docs' reference tables).
 */
function scrollsSideways(container: HTMLElement): string[] {
  const out: string[] = [];
  for (const n of deep(container)) {
    if (!visible(n) || !(n instanceof HTMLElement)) continue;
    const ox = getComputedStyle(n).overflowX;
    if (ox !== 'auto' && ox !== 'scroll') continue;
    if (n.scrollWidth <= n.clientWidth + 1) continue;
    if (
      n.localName === 'table' ||
      n.querySelector('table') ||
      n.matches('[role=table], [role=grid]')
    )
      continue;
    out.push(
      `<${n.localName}${n.getAttribute('part') ? ` part=${n.getAttribute('part')}` : ''}> scrolls sideways: ${n.scrollWidth} > ${n.clientWidth}`,
    );
  }
  return out;
}

/** Text cut off with no ellipsis and no way to scroll to it, or cut with an ellipsis but with no tooltip holding the whole text. */
function clipped(container: HTMLElement): string[] {
  const out: string[] = [];
  for (const n of deep(container)) {
    if (!visible(n) || !(n instanceof HTMLElement || n instanceof SVGElement)) continue;
    const cs = getComputedStyle(n);
    const clips = (o: string) => o === 'hidden' || o === 'clip';
    if (!clips(cs.overflowX) && !clips(cs.overflowY)) continue;
    const h = n as HTMLElement;
    if (h.clientWidth <= 2 || h.clientHeight <= 2) continue; // visually hidden text for screen readers
    // A skeleton's shapes are not text (their letters are transparent): a faint frame under a
    // message is clipped to the height the element keeps on purpose.
    if (h.closest('[part~=skeleton]')) continue;
    const text = (h.textContent ?? '').trim();
    if (!text) continue;
    const cutX =
      clips(cs.overflowX) && h.scrollWidth > h.clientWidth + 1 && cs.textOverflow !== 'ellipsis';
    const cutY =
      clips(cs.overflowY) &&
      h.scrollHeight > h.clientHeight + 1 &&
      !/\d/.test(cs.webkitLineClamp ?? '');
    const ellipsised =
      clips(cs.overflowX) && cs.textOverflow === 'ellipsis' && h.scrollWidth > h.clientWidth + 1;
    if (ellipsised && !h.closest('[title]')?.getAttribute('title')?.includes(text))
      out.push(
        `<${n.localName}${h.getAttribute('part') ? ` part=${h.getAttribute('part')}` : ''}> "${text.slice(0, 40)}" cut with an ellipsis but no tooltip with the whole text`,
      );
    if (cutX || cutY)
      out.push(
        `<${n.localName}${h.getAttribute('part') ? ` part=${h.getAttribute('part')}` : ''}> "${text.slice(0, 40)}" ${cutX ? `${h.scrollWidth}>${h.clientWidth}` : `${h.scrollHeight}>${h.clientHeight}`}`,
      );
  }
  return out;
}

// The demo's stylesheets: the placeholder sheet it links (dist/immo-elements-placeholders.css,
// a copy of src/placeholders.css) and its own.
const demoCss = document.createElement('style');
demoCss.textContent =
  (await (await realFetch('/src/placeholders.css')).text()) +
  (await (await realFetch('/demo/demo.css')).text());
document.head.append(demoCss);

/**
 * Puts a story where the demo puts it (demo/index.html): its canvas in the page's main column,
 * beside the sidebar's 260 px on a desktop, with the demo's paddings, so that the widths the
 * elements get are the ones a visitor of the demo sees (at 1280 px a story is 922 px wide, at
 * 390 px 332 px). The paragraph under the canvas is the sentinel of the shift check.
 */
async function mount(story: Story): Promise<{ container: HTMLElement; sentinel: HTMLElement }> {
  const container = document.createElement('div');
  container.className = 'canvas';
  container.setAttribute('lang', 'de');
  container.innerHTML = story.html;
  if (story.setup) await story.setup(container);
  const sentinel = document.createElement('p');
  sentinel.textContent = 'Der Absatz unter der Story.';
  const layout = document.createElement('div');
  layout.className = 'layout story-under-test';
  const nav = document.createElement('nav');
  nav.className = 'sidebar';
  const main = document.createElement('main');
  main.append(container, sentinel);
  layout.append(nav, main);
  document.body.append(layout);
  return { container, sentinel };
}

/** A width in the scheme the test runs in (itInColorScheme set the system's; the demo's theme follows). */
async function pass(width: number, scheme: 'light' | 'dark') {
  if (engine !== 'webkit') await setViewport(width, HEIGHT);
  expect(innerWidth, 'the viewport took the width').to.equal(width);
  document.documentElement.dataset.theme = scheme;
  await frame();
  await frame();
}

(WIDTHS.length ? describe : describe.skip)(
  'layout of every demo story at 390 and 1280 px, light and dark',
  () => {
    afterEach(async () => {
      document.querySelectorAll('.story-under-test').forEach((n) => n.remove());
      await realFetch('/restapi/api/sandbox/faults', { method: 'DELETE' });
      await realFetch('/restapi/api/sandbox/reset', { method: 'POST' });
    });

    for (const [group, stories] of Object.entries(groups)) {
      stories.forEach((story) => {
        for (const scheme of ['light', 'dark'] as const) {
          itInColorScheme(scheme, `${group} · ${story.name}`, async function (this: Ctx) {
            this.timeout(60000);
            await pass(WIDTHS[0]!, scheme);
            const { container, sentinel } = await mount(story);
            // The first render of every element, then its data: the sentinel stays where it was.
            // Measured at once (a layout forced right after the first render, before any answer
            // can have arrived: fetch settles in a task, not a microtask), then in every frame
            // until the story is settled: a box that comes and goes (an error, a retry) counts too.
            await firstRender(container);
            const firstTop = sentinel.getBoundingClientRect().top + scrollY;
            const tops = track(() => sentinel.getBoundingClientRect().top + scrollY);
            await settle(container);
            const seen = tops.stop();
            const worst = seen.reduce(
              (w, t) => (Math.abs(t - firstTop) > Math.abs(w - firstTop) ? t : w),
              firstTop,
            );
            const problems: string[] = [];
            if (Math.abs(worst - firstTop) > 1) {
              problems.push(
                `${WIDTHS[0]} ${scheme}: the paragraph under the story moved ${Math.round(worst - firstTop)} px when the data arrived`,
              );
            }
            for (const width of WIDTHS) {
              await pass(width, scheme);
              await settle(container);
              for (const o of overflowing(container))
                problems.push(`${width} ${scheme}: wider than the story: ${o}`);
              for (const c of clipped(container))
                problems.push(`${width} ${scheme}: clipped text: ${c}`);
              for (const c of scrollsSideways(container)) problems.push(`${width} ${scheme}: ${c}`);
              for (const c of outsideHost(container)) problems.push(`${width} ${scheme}: ${c}`);
              for (const c of spills(container)) problems.push(`${width} ${scheme}: ${c}`);
            }
            expect(problems).to.deep.equal([]);
          });
        }
      });
    }
  },
);

describe('the :not(:defined) rule of docs/embedding.md', () => {
  it('is the one the demo uses, with a settled height for each of the five elements', async () => {
    const readme = await (await realFetch('/docs/embedding.md')).text();
    const rule = /<!-- not-defined-rule -->\s*```css\n([^]*?)```/.exec(readme)?.[1] ?? '';
    const lines = rule
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    // One line per element, then the phone's heights (one @media line) where a phone's single column is taller.
    expect(lines.filter((l) => !l.startsWith('@media')).map((l) => l.split(':')[0])).to.deep.equal(
      Object.keys(groups).filter((g) => g.includes('-')),
    );
    for (const l of lines) expect(demoCss.textContent, l).to.contain(l);
    // The hints block (what the page tells an element before it loads): in the demo too.
    const hints = /<!-- not-defined-rule-hints -->\s*```css\n([^]*?)```/.exec(readme)?.[1] ?? '';
    const hintLines = hints
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    expect(hintLines.length).to.be.greaterThan(0);
    for (const l of hintLines) expect(demoCss.textContent, l).to.contain(l);
  });
});

describe('the layout checks themselves', () => {
  it('see an element wider than the story, text clipped without an ellipsis or its tooltip, and a box that is not a table scrolling sideways', async function () {
    if (!WIDTHS.length) this.skip();
    await pass(WIDTHS[0]!, 'light');
    const { container } = await mount({
      name: 'broken',
      description: '',
      html: '<div style="width: 2000px">wide</div><div style="overflow: hidden; white-space: nowrap; width: 100px">a line of text far longer than its box</div><div title="a line with an ellipsis and its tooltip is fine" style="overflow: hidden; white-space: nowrap; width: 100px; text-overflow: ellipsis">a line with an ellipsis and its tooltip is fine</div><div style="overflow: hidden; white-space: nowrap; width: 100px; text-overflow: ellipsis">an ellipsis without a tooltip is not</div><div style="overflow-x: auto"><div style="width: 2000px">a list scrolled sideways is not fine</div></div><div style="overflow-x: auto"><table><tr><td style="min-width: 2000px">a table that scrolls is fine</td></tr></table></div>',
    });
    expect(overflowing(container)).to.have.length(1);
    const cut = clipped(container);
    expect(cut).to.have.length(2);
    expect(cut[0]).to.contain('a line of text far longer');
    expect(cut[1]).to.contain('an ellipsis without a tooltip');
    const sideways = scrollsSideways(container);
    expect(sideways).to.have.length(1);
    expect(sideways[0]).to.contain('scrolls sideways: 2000');
    // A shadow root's content wider than its element, though inside the story's padding.
    const host = document.createElement('div');
    host.style.width = '100px';
    host.attachShadow({ mode: 'open' }).innerHTML =
      '<form style="width: 130px">a form wider than its element</form><label style="display: flex; width: 80px">Wohnberechtigungsscheinerforderlich</label>';
    container.append(host);
    expect(outsideHost(container)).to.have.length(1);
    expect(outsideHost(container)[0]).to.contain('<form> ');
    expect(spills(host.shadowRoot!).filter((p) => p.includes('<label'))).to.have.length(1);
  });
});

describe('element layouts in the demo (helper "look")', () => {
  // region-stats for Berlin within a stated height by default: 900 px at 1280 px and 1200 px
  // at 390 px (the ten largest subregions with "show all", helper look; before it, 3,574 px).
  it('region-stats for Berlin is at most 900 px tall at 1280 px and 1200 px at 390 px by default', async function () {
    this.timeout(30000);
    const { container } = await mount({
      name: 'Berlin',
      description: '',
      html: '<region-stats geocode="1276003001" real-estate-types="apartmentrent,apartmentbuy,houserent,housebuy"></region-stats>',
    });
    for (const [width, max] of (
      [
        [1280, 900],
        [390, 1200],
      ] as const
    ).filter(([w]) => WIDTHS.includes(w))) {
      await pass(width, 'light');
      await settle(container);
      expect(
        container.querySelector('region-stats')!.getBoundingClientRect().height,
        `${width} px`,
      ).to.be.at.most(max);
    }
  });

  // SPEC.md 2.4: a rental form offers no purchase fields (rental income, purchase price).
  it('property-text for rent offers no purchase fields', async function () {
    this.timeout(30000);
    const { container } = await mount({
      name: 'rent',
      description: '',
      html: '<property-text></property-text>',
    });
    await settle(container);
    const el = container.querySelector('property-text')!;
    const names = async (kind: string, tx: string) => {
      el.shadowRoot!.querySelector<HTMLInputElement>(
        `input[name="realEstateType"][value="${kind}"]`,
      )!.click();
      el.shadowRoot!.querySelector<HTMLInputElement>(
        `input[name="transactionType"][value="${tx}"]`,
      )!.click();
      await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
      return [...el.shadowRoot!.querySelectorAll('[name]')].map((n) => n.getAttribute('name'));
    };
    // An apartment for sale offers rental income (an investment); for rent it must not.
    expect(await names('apartment', 'sale')).to.include('rentalIncome');
    const rent = await names('apartment', 'rent');
    expect(rent).to.include('transactionType');
    expect(rent).not.to.include('rentalIncome');
    expect(rent.filter((n) => /purchase/i.test(n ?? ''))).to.deep.equal([]);
  });
});
