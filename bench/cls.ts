/**
 * Cumulative layout shift per element on a plain partner page: a heading, the
 * element, a paragraph under it; the element's script-tag bundle from dist/ loaded by a
 * `<script type="module">` at the end of the body, as a partner's page has it; the sandbox
 * on the same origin under /restapi/api. Headless Chromium (puppeteer-core, /usr/bin/chromium)
 * records `layout-shift` entries (without recent input) from navigation until the element
 * has settled (its data arrived, the network idle, 1.5 s quiet), and the paragraph's final
 * position. Each element is measured three times: without any page CSS, with the docs'
 * `:not(:defined)` rule (read from docs/embedding.md, so the figure is the snippet's), and
 * rendered on the server (immo-elements/ssr: declarative shadow DOM, Lit's hydration support
 * from dist/immo-elements-hydrate.js before the element's file), without page CSS and with the
 * rule. Target: 0.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { register } from 'node:module';
import { createSandbox } from '../packages/sandbox/src/index.js';
import { launchChromium, listen, ROOT, serveStatic } from './browser.js';
import type { Tag } from '../demo/tags.js';

// src/'s templates as the build writes them (scripts/minify-templates-hooks.ts): the page
// hydrates the server's render with dist/, and Lit takes over only templates of the same strings.
register('../scripts/minify-templates-hooks.ts', import.meta.url);
const { renderElement, renderHTML } = await import('../src/ssr.js');

/**
 * The placeholder rules of docs/embedding.md: the ```css block after the `<!-- not-defined-rule -->`
 * marker (one line per element), then the one after `<!-- not-defined-rule-hints -->` (the
 * heights for what the page tells an element before it loads: contact-realtor's
 * expected-form, project-picker's open project).
 */
export function notDefinedRule(): string {
  const readme = readFileSync(`${ROOT}docs/embedding.md`, 'utf8');
  return ['not-defined-rule', 'not-defined-rule-hints']
    .map((marker) => {
      const m = new RegExp(`<!-- ${marker} -->\\s*\`\`\`css\\n([^]*?)\`\`\``).exec(readme);
      if (!m) throw new Error(`docs/embedding.md has no \`\`\`css block after <!-- ${marker} -->`);
      return m[1]!;
    })
    .join('');
}

interface Case {
  tag: Tag;
  name?: string;
  markup: (fx: Fx) => string;
  script?: (fx: Fx) => string;
  /** The server's render, when the page hands it properties too (else renderHTML of the markup). */
  rendered?: (fx: Fx) => Promise<string>;
}

/** Places a page knows with their labels (a form posted back), for geo-autocomplete's `selections`. */
const PLACES = [
  { entity: { type: 'city', id: '1276003001', label: 'Berlin' }, matches: [] },
  { entity: { type: 'city', id: '1276002007', label: 'Hamburg' }, matches: [] },
];
interface Fx {
  exposeId: string;
  longExposeId: string;
  projectId: string;
  token: string;
}

const CASES: Case[] = [
  {
    tag: 'geo-autocomplete',
    markup: () => '<geo-autocomplete label="Wo suchen Sie?"></geo-autocomplete>',
  },
  {
    tag: 'region-stats',
    markup: () =>
      '<region-stats geocode="1276003001" real-estate-types="apartmentrent,apartmentbuy"></region-stats>',
  },
  {
    tag: 'contact-realtor',
    markup: (fx) => `<contact-realtor expose-id="${fx.exposeId}"></contact-realtor>`,
  },
  {
    tag: 'property-text',
    markup: () => '<property-text></property-text>',
    script: (fx) => `document.querySelector('property-text').token = ${JSON.stringify(fx.token)};`,
  },
  {
    tag: 'project-picker',
    markup: () => '<project-picker></project-picker>',
    script: (fx) => `document.querySelector('project-picker').token = ${JSON.stringify(fx.token)};`,
  },
  {
    tag: 'geo-autocomplete',
    name: 'geo places',
    markup: () =>
      '<geo-autocomplete multiple name="orte" label="Wo suchen Sie?"></geo-autocomplete>',
    script: () =>
      `document.querySelector('geo-autocomplete').selections = ${JSON.stringify(PLACES)};`,
    rendered: () =>
      renderElement(
        'geo-autocomplete',
        { multiple: true, name: 'orte', label: 'Wo suchen Sie?' },
        { selections: PLACES },
      ),
  },
  // What the page tells the element before it loads (docs/embedding.md, the hints block).
  {
    tag: 'contact-realtor',
    name: 'contact LONG',
    markup: (fx) =>
      `<contact-realtor expected-form="LONG" expose-id="${fx.longExposeId}"></contact-realtor>`,
  },
  {
    tag: 'project-picker',
    name: 'picker open',
    markup: (fx) => `<project-picker project-id="${fx.projectId}"></project-picker>`,
    script: (fx) => `document.querySelector('project-picker').token = ${JSON.stringify(fx.token)};`,
  },
];

const page = (
  c: Case,
  fx: Fx,
  css: string,
  /** The element as the server rendered it (else the bare tag). */
  rendered?: string,
) => `<!doctype html><html lang="de"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner</title>
<style>body{font:16px/1.5 Georgia,serif;margin:24px;max-width:760px}${css}</style></head><body>
<h1>Partnerseite</h1>
${rendered ?? c.markup(fx)}
<p id="after">Ein Absatz unter dem Element. Er darf sich nicht bewegen, wenn das Element ankommt oder seine Daten.</p>
${c.script ? `<script type="module">${c.script(fx)}</script>` : ''}
${rendered ? '<script type="module" src="/dist/immo-elements-hydrate.js"></script>' : ''}
<script type="module" src="/dist/${c.tag}.js"></script>
</body></html>`;

export async function benchCls(): Promise<string> {
  const sandbox = await createSandbox({ quiet: true });
  const pages = new Map<string, string>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/restapi/')) return void sandbox.handle(req, res);
    if (serveStatic(url, res, pages)) return;
    res.writeHead(404).end();
  });
  const base = await listen(server);
  const browser = await launchChromium();
  const lines: string[] = [
    'element            viewport  CLS (no page CSS)  CLS (docs rule)  CLS (server-rendered)  CLS (rendered, docs rule)  settled height',
  ];
  try {
    const fxRes = await fetch(`${base}/restapi/api/sandbox/fixtures`, {
      headers: { Accept: 'application/json' },
    });
    const fixtures = (await fxRes.json()) as {
      exposes: { EMAIL: string[]; LONG: string[] };
      projects: { basicAlmostFull: string };
    };
    const tok = await fetch(`${base}/restapi/api/sandbox/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: 'demo' }),
    });
    const fx: Fx = {
      exposeId: fixtures.exposes.EMAIL[0]!,
      longExposeId: fixtures.exposes.LONG[0]!,
      projectId: fixtures.projects.basicAlmostFull,
      token: ((await tok.json()) as { token: string }).token,
    };
    const rule = notDefinedRule();
    for (const width of [390, 1280]) {
      for (const c of CASES) {
        const figures: string[] = [];
        let height = 0;
        for (const [variant, css] of [
          ['plain', ''],
          ['rule', rule],
          ['ssr', ''],
          ['ssr-rule', rule],
        ] as const) {
          const path = `/${(c.name ?? c.tag).replace(/\W+/g, '-')}-${variant}.html`;
          const rendered = !variant.startsWith('ssr')
            ? undefined
            : c.rendered
              ? await c.rendered(fx)
              : await renderHTML(c.markup(fx));
          pages.set(path, page(c, fx, css, rendered));
          const p = await browser.newPage();
          await p.setViewport({ width, height: 900 });
          await p.evaluateOnNewDocument(() => {
            (window as unknown as { __cls: number }).__cls = 0;
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as unknown as {
                value: number;
                hadRecentInput: boolean;
              }[]) {
                if (!e.hadRecentInput) (window as unknown as { __cls: number }).__cls += e.value;
              }
            }).observe({ type: 'layout-shift', buffered: true });
          });
          p.on('pageerror', (e) => console.error(`${c.tag}: ${String(e)}`));
          p.on('console', (m) => {
            if (m.type() === 'warn' || m.type() === 'error')
              console.error(`${c.tag} (${variant}): ${m.text()}`);
          });
          await p.goto(base + path, { waitUntil: 'networkidle0', timeout: 60000 });
          // Quiet for 1.5 s: the element's data has arrived and rendered.
          let last = '';
          for (let i = 0; i < 20; i++) {
            await new Promise((r) => setTimeout(r, 500));
            const now = await p.evaluate(
              `String(document.getElementById('after').getBoundingClientRect().top)`,
            );
            if (now === last) break;
            last = now as string;
          }
          await new Promise((r) => setTimeout(r, 1000));
          if (!(await p.evaluate(`!!customElements.get('${c.tag}')`)))
            throw new Error(`${c.tag} was not defined by /dist/${c.tag}.js`);
          const cls = (await p.evaluate('window.__cls')) as number;
          if (variant === 'plain')
            height = (await p.evaluate(
              `document.querySelector('${c.tag}').getBoundingClientRect().height`,
            )) as number;
          figures.push(cls.toFixed(4));
          await p.close();
        }
        lines.push(
          `${(c.name ?? c.tag).padEnd(18)} ${String(width).padEnd(9)} ${figures[0]!.padEnd(18)} ${figures[1]!.padEnd(16)} ${figures[2]!.padEnd(22)} ${figures[3]!.padEnd(26)} ${Math.round(height)} px`,
        );
      }
    }
  } finally {
    await browser.close();
    server.close();
    await sandbox.close?.();
  }
  return `${lines.join('\n')}\n(target 0. Settled height: after the data, without page CSS. The rule covers the time before the script runs; a shift left with it comes from the element's own loading state being shorter than its loaded state. Server-rendered: the element's first state is in the HTML, and hydration keeps it.)`;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchCls());
