/**
 * Server rendering (docs/embedding.md, "Server-side rendering"): `immo-elements/ssr` renders
 * every element of every demo story to declarative shadow DOM, each with its first state (the
 * geo field's label and text box, region-stats' frame or its chart when handed data,
 * contact-realtor's heading, property-text's form, project-picker's heading), without a
 * request; and the plain Node server of the docs serves such a page.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { register } from 'node:module';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TAGS, type Tag } from '../../demo/tags.js';
import { raw } from './raw-http.js';
import { launchChromium } from '../../bench/browser.js';

const root = resolve(import.meta.dirname, '../..');

// A server render sends no request: every fetch here fails the test.
const realFetch = globalThis.fetch;
let fetched = 0;
globalThis.fetch = (() => {
  fetched++;
  return Promise.reject(new Error('a server render sent a request'));
}) as typeof fetch;

// src/'s templates as the build writes them (scripts/minify-templates-hooks.ts), as a browser
// that hydrates them gets them.
register('../../scripts/minify-templates-hooks.ts', import.meta.url);
const { renderElement, renderHTML, renderToString, render } = await import('../../src/ssr.js');
const { html } = await import('lit');

interface Story {
  name: string;
  html: string;
}

/** Every demo story's markup (their module wraps the browser's fetch on import: a stand-in window here). */
async function stories(): Promise<[string, Story][]> {
  const g = globalThis as { window?: unknown };
  g.window = { fetch: globalThis.fetch };
  try {
    const out: [string, Story][] = [];
    for (const f of readdirSync(join(root, 'demo/stories')).sort()) {
      const m = (await import(`../../demo/stories/${f}`)) as { default: Story[] };
      for (const s of m.default) out.push([`${f.replace('.stories.ts', '')}: ${s.name}`, s]);
    }
    return out;
  } finally {
    delete g.window;
  }
}

/** What each element's server render shows first, inside its shadow root. */
const FIRST: Record<Tag, RegExp> = {
  'geo-autocomplete': /<label part="label" for="in">[\s\S]*<input\s+id="in"\s+part="input"/,
  'region-stats': /<div class="frame /,
  'contact-realtor': /<h2 part="heading">/,
  'property-text': /<form /,
  'project-picker': /<h2 id="ph">/,
};

/** The shadow roots of the tags in a rendered page, tag by tag, in document order. */
function shadows(out: string): { tag: Tag; inner: string }[] {
  const found: { tag: Tag; inner: string }[] = [];
  const re = new RegExp(
    `<(${TAGS.join('|')})\\b[^>]*><template shadowroot="open" shadowrootmode="open"[^>]*>`,
    'g',
  );
  for (const m of out.matchAll(re)) {
    const tag = m[1] as Tag;
    const from = m.index + m[0].length;
    // (a nested element's template closes first: the element's own closing tag bounds it)
    const to = out.indexOf(`</${tag}>`, from);
    found.push({ tag, inner: out.slice(from, to) });
  }
  return found;
}

const tagsIn = (markup: string) =>
  [...markup.matchAll(new RegExp(`<(${TAGS.join('|')})[\\s>]`, 'g'))].map((m) => m[1] as Tag);
const countTags = (markup: string) => tagsIn(markup).length;

test('every story of the demo renders on the server: each element with its shadow root and its first state', async () => {
  const all = await stories();
  assert.ok(all.length >= 40, `the stories are found (${all.length})`);
  const seen = new Set<Tag>();
  for (const [name, story] of all) {
    const out = await renderHTML(story.html);
    // (a boolean attribute with any value is on: `checked="false"` would check a box)
    assert.doesNotMatch(out, /\s(checked|selected|disabled|required|hidden)="(false|undefined)"/);
    const roots = shadows(out);
    // (property-text's form holds a geo-autocomplete of its own: one root more)
    assert.ok(roots.length >= countTags(story.html), `${name}: a shadow root per element`);
    for (const t of tagsIn(story.html))
      assert.ok(
        roots.some((r) => r.tag === t),
        `${name}: ${t} is rendered`,
      );
    for (const { tag, inner } of roots) {
      seen.add(tag);
      // (headless, `no-form`, property-text shows no form by design)
      if (!(tag === 'property-text' && /\bno-form\b/.test(story.html)))
        assert.match(inner, FIRST[tag], `${name}: ${tag} shows its first state`);
      assert.match(inner, /<style>/, `${name}: ${tag} brings its styles`);
    }
  }
  assert.deepEqual([...seen].sort(), [...TAGS].sort(), 'every tag is in some story');
  assert.equal(fetched, 0, 'no request on the server');
});

test("every story renders from src/ as from lib/: the build's templates, which a browser hydrates", async () => {
  assert.ok(existsSync(join(root, 'lib', 'ssr.js')), 'lib/ is built (npm run build)');
  const all = await stories();
  const script =
    "const { renderHTML } = await import('./lib/ssr.js');" +
    "const { readFileSync } = await import('node:fs');" +
    'const out = [];' +
    "for (const m of JSON.parse(readFileSync(0, 'utf8'))) out.push(await renderHTML(m));" +
    'process.stdout.write(JSON.stringify(out));';
  const fromLib = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      input: JSON.stringify(all.map(([, s]) => s.html)),
      encoding: 'utf8',
      maxBuffer: 64e6,
    }),
  ) as string[];
  // (Lit marks each template part with a digest of the template's strings: equal markup, equal
  // templates; lib/ renders what this src/ builds to, so a stale lib/ differs too)
  for (const [i, [name, story]] of all.entries())
    assert.equal(
      await renderHTML(story.html),
      fromLib[i],
      `${name} (npm run build after a change)`,
    );
});

test('attributes reach the render: label, language, region-stats data as a property', async () => {
  const geo = await renderElement('geo-autocomplete', { label: 'Wo suchen Sie?', required: true });
  assert.match(geo, /<geo-autocomplete [^>]*label="Wo suchen Sie\?"/);
  assert.match(geo, /<slot name="label"><!--lit-part-->Wo suchen Sie\?<!--\/lit-part--><\/slot>/);
  const en = await renderHTML('<project-picker lang="en"></project-picker>');
  assert.match(en, /Building projects/, 'English from its own lang attribute');
  const data = {
    parent: {
      type: 'City',
      name: 'Musterstadt',
      geoCodeId: '1276099001',
      statistics: [{ realEstateType: 'APARTMENT_RENT', count: 1234 }],
    },
    children: ['Altstadt', 'Neustadt'].map((name, i) => ({
      type: 'Quarter',
      name,
      geoCodeId: `127609900100${i + 1}`,
      statistics: [{ realEstateType: 'APARTMENT_RENT', count: 500 + i }],
    })),
  };
  const stats = await renderElement(
    'region-stats',
    { 'real-estate-types': 'apartmentrent' },
    { data },
  );
  assert.match(stats, /<div part="heading"[^>]*><!--lit-part-->Musterstadt</, 'heading');
  assert.match(stats, /<ul part="legend"/, 'legend');
  assert.match(stats, /<svg part="chart"/, 'chart');
  assert.match(stats, /Neustadt/);
  // an element that loads in the browser renders its loading frame, without a request
  const contact = await renderHTML('<contact-realtor expose-id="150001001"></contact-realtor>');
  assert.match(contact, /<h2 part="heading">/);
  const picker = await renderHTML('<project-picker project-id="4711"></project-picker>');
  assert.match(picker, /<h2 id="ph">/);
  // no empty project-id: the placeholder sheet's rule for an open project would hold the wrong height
  assert.match(await renderHTML('<project-picker></project-picker>'), /<project-picker>/);
  // @lit-labs/ssr's own render() of a template that holds an element renders it too
  const viaTemplate = await renderToString(html`<main><contact-realtor></contact-realtor></main>`);
  assert.match(viaTemplate, /<contact-realtor><template shadowroot="open" shadowrootmode="open">/);
  assert.equal(typeof render, 'function');
  // markup is the page's: an attribute value is escaped, not parsed
  const odd = await renderElement('geo-autocomplete', { label: '"><script>x</script>' });
  assert.doesNotMatch(odd, /<script>x/);
  assert.throws(() => renderElement('geo-autocomplete', { 'a b': '1' }), /not an attribute/);
  assert.equal(fetched, 0, 'no request on the server');
});

const place = (id: string, label: string) => ({ entity: { type: 'city', id, label }, matches: [] });

test('places the page hands the server: chips of `multiple`, the text of one place', async () => {
  const places = [place('1276003001', 'Berlin'), place('1276002007', 'Hamburg')];
  const multi = await renderElement(
    'geo-autocomplete',
    { multiple: true, name: 'orte' },
    { selections: places },
  );
  const chips = [...multi.matchAll(/<span part="chip-label">(?:<!--[^>]*-->)*([^<]*)</g)];
  assert.deepEqual(
    chips.map((m) => m[1]),
    ['Berlin', 'Hamburg'],
    'a chip per place, with its label, before the script runs',
  );
  assert.match(multi, /<ul\s+role="list"\s+part="chips"\s+aria-label="[^"]+"(?!\s+hidden)/);
  assert.match(multi, /<style>[^<]*\[part~='?chip'?\]\s*\{/, 'with their styles');
  // ids alone: a chip each, busy until the browser has looked its label up (as it renders first)
  const ids = await renderElement('geo-autocomplete', {
    multiple: true,
    value: '1276003001,1276002007',
  });
  assert.equal([...ids.matchAll(/<li part="chip" aria-busy/g)].length, 2);
  // one place: its label is the text box's text (its default value)
  const one = await renderElement('geo-autocomplete', { name: 'ort' }, { selections: [places[0]] });
  assert.match(one, /<input\s+id="in"\s+part="input"[^>]* value="Berlin"/);
  const none = await renderElement('geo-autocomplete', { name: 'ort' });
  assert.match(none, /<input\s+id="in"\s+part="input"[^>]* value=""/);
  assert.equal(fetched, 0, 'no request on the server');
});

test('contact-realtor with the listing the page hands it: its form, on the server', async () => {
  const expose = {
    id: '150001001',
    contactFormType: 'EMAIL',
    contactFormConfiguration: { emailAddressField: 'MANDATORY', lastnameField: 'OPTIONAL' },
    title: 'Helle Altbauwohnung',
  };
  const out = await renderElement('contact-realtor', { 'expose-id': '150001001' }, { expose });
  assert.match(out, /<form part="form"/);
  assert.match(out, /id="f-emailAddress"/);
  assert.match(out, /id="f-lastname"/);
  assert.doesNotMatch(out, /id="f-income"/);
  assert.match(out, /Helle Altbauwohnung/);
  // another listing's: the loading frame, as without it (the browser loads and warns)
  const warn = console.warn;
  console.warn = () => {};
  try {
    const other = await renderElement('contact-realtor', { 'expose-id': '7' }, { expose });
    assert.doesNotMatch(other, /<form part="form"/);
    assert.match(other, /part="skeleton"/);
  } finally {
    console.warn = warn;
  }
  assert.equal(fetched, 0, 'no request on the server');
});

test("the page's language: an option, or a whole page's <html lang>; an element's own lang wins", async () => {
  const label = (out: string) => /<slot name="label">(?:<!--[^>]*-->)*([^<]*)</.exec(out)?.[1];
  assert.equal(label(await renderElement('geo-autocomplete')), 'Ort', 'German by default');
  assert.equal(
    label(await renderElement('geo-autocomplete', {}, {}, { lang: 'en-GB' })),
    'Location',
  );
  assert.equal(
    label(await renderElement('geo-autocomplete', { lang: 'de' }, {}, { lang: 'en' })),
    'Ort',
    'its own lang',
  );
  const page = await renderHTML(
    '<!doctype html><html lang="en"><body><project-picker></project-picker><geo-autocomplete></geo-autocomplete></body></html>',
  );
  assert.match(page, /Building projects/);
  assert.equal(label(page), 'Location');
  const tpl = await renderToString(html`<geo-autocomplete></geo-autocomplete>`, { lang: 'en' });
  assert.equal(label(tpl), 'Location');
  // @lit-labs/ssr's own render() with the package's render info
  const { renderInfo } = await import('../../src/ssr.js');
  const { collectResult } = await import('@lit-labs/ssr/lib/render-result.js');
  const own = await collectResult(
    render(html`<geo-autocomplete></geo-autocomplete>`, renderInfo({ lang: 'en' })),
  );
  assert.equal(label(own), 'Location');
  // nested: property-text hands its language to its place field
  const pt = await renderElement('property-text', {}, {}, { lang: 'en' });
  assert.match(pt, /<geo-autocomplete [^>]*lang="en"/);
});

/** The first ```js block of docs/embedding.md's server-rendering section. */
function docsServer(): string {
  const doc = readFileSync(join(root, 'docs/embedding.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Server-side rendering'));
  const m = /```js\n([\s\S]*?)```/.exec(section);
  assert.ok(m, 'the section has a js example');
  return m[1]!;
}

test('the plain Node server of docs/embedding.md serves the page with the elements rendered', async () => {
  assert.ok(existsSync(join(root, 'lib', 'ssr.js')), 'lib/ is built (npm run build)');
  // Inside the package, so that `immo-elements/ssr` resolves to it as to a partner's install.
  const dir = mkdtempSync(join(root, 'test', 'node', '.ssr-server-'));
  const file = join(dir, 'server.mjs');
  writeFileSync(file, docsServer());
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = setTimeout(() => child.kill(), 30000);
  try {
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d));
    const url = await new Promise<string>((ok, fail) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d;
        const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
        if (m) ok(m[0]);
      });
      child.on('exit', (code) => fail(new Error(`the server ended (${code}): ${err}`)));
    });
    const page = await (await realFetch(url)).text();
    const roots = shadows(page);
    assert.deepEqual(
      roots.map((r) => r.tag),
      ['geo-autocomplete', 'region-stats'],
    );
    assert.match(roots[0]!.inner, /Wo suchen Sie\?/);
    assert.match(page, /<script type="module" src="\/immo\/immo-elements-hydrate\.js">/);
    // It serves dist/ as the page links it: scripts as JavaScript, the stylesheet as CSS.
    for (const [file, type] of [
      ['immo-elements.js', /^text\/javascript/],
      ['immo-elements-hydrate.js', /^text\/javascript/],
      ['immo-elements-placeholders.css', /^text\/css/],
    ] as const) {
      const r = await realFetch(new URL(`/immo/${file}`, url));
      assert.equal(r.status, 200, file);
      assert.match(r.headers.get('content-type') ?? '', type, file);
      assert.equal(await r.text(), readFileSync(join(root, 'dist', file), 'utf8'), file);
    }
    for (const path of ['/immo/nothing.js', '/immo/chunks', '/suche', '/immo/../package.json'])
      assert.equal((await realFetch(new URL(path, url))).status, 404, path);
    // What a client library would normalise away: a path out of dist/, as sent.
    const port = Number(new URL(url).port);
    for (const path of [
      '/immo/../package.json',
      '/immo/%2e%2e/package.json',
      '/immo/chunks/../../package.json',
    ])
      assert.match(
        (await raw(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`))
          .answer,
        /^HTTP\/1\.1 404 /,
        path,
      );
    // In a browser the page comes alive: both elements are defined and take over the
    // server's shadow roots.
    const state = await inChromium(url);
    assert.deepEqual(state.errors, []);
    assert.deepEqual(state.defined, ['geo-autocomplete', 'region-stats']);
    assert.equal(state.hydrated, true);
  } finally {
    clearTimeout(stop);
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A page in Chromium: which of the two elements got defined, the page's errors, and whether both took over the server's shadow roots. */
async function inChromium(url: string) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e instanceof Error ? e.message : String(e)));
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warn') warnings.push(m.text());
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(
      () => customElements.get('geo-autocomplete') && customElements.get('region-stats'),
      { timeout: 15000 },
    );
    const defined = await page.evaluate(() =>
      ['geo-autocomplete', 'region-stats'].filter((t) => customElements.get(t)),
    );
    await page.type('geo-autocomplete >>> input', 'Ber');
    // Taken over, not drawn again: one text box (a render beside the server's would add a
    // second), the text typed into it, and no warning of a render that did not match.
    const hydrated = await page.evaluate(() => {
      const inputs = document
        .querySelector('geo-autocomplete')!
        .shadowRoot!.querySelectorAll('input');
      const frames = document.querySelector('region-stats')!.shadowRoot!.querySelectorAll('.frame');
      return inputs.length === 1 && inputs[0]!.value === 'Ber' && frames.length === 1;
    });
    assert.deepEqual(
      warnings.filter((w) => w.includes('drawn anew')),
      [],
    );
    return { errors, defined, hydrated };
  } finally {
    await browser.close();
  }
}
