/**
 * The page behind the strict-CSP test (served by web-test-runner.config.mjs under /csp/ with
 * `Content-Security-Policy: default-src 'self'`): records every violation, then puts every
 * element in the page and lets it talk to the sandbox.
 */
const violations: string[] = [];
document.addEventListener(
  'securitypolicyviolation',
  (e) =>
    violations.push(
      `${e.violatedDirective}: ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
    ),
  true,
);
/** Uncaught errors of the page, the bundles' own evaluation included. */
const errors: string[] = [];
addEventListener('error', (e) => errors.push(`${e.message} (${e.filename}:${e.lineno})`));
addEventListener('unhandledrejection', (e) => errors.push(String(e.reason)));

async function token(): Promise<string> {
  const res = await fetch('/restapi/api/sandbox/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"user":"demo"}',
  });
  return ((await res.json()) as { token: string }).token;
}

/**
 * `/csp/` loads the elements from the sources; `/bundle/?src=/dist/<file>.js` has loaded a
 * script-tag bundle with a `<script type="module">` before this script, and only the
 * elements that bundle defined are put in the page.
 */
async function main(): Promise<
  Partial<Record<'geo' | 'stats' | 'contact' | 'text' | 'picker', HTMLElement>>
> {
  if (!new URLSearchParams(location.search).get('src')) await import('../../src/define.js');
  // The bundles' script tags come after this one: they have all run when the page has loaded.
  else if (document.readyState !== 'complete')
    await new Promise((r) => addEventListener('load', r, { once: true }));
  const has = (tag: string) => customElements.get(tag) !== undefined;
  const fx = (await (await fetch('/restapi/api/sandbox/fixtures')).json()) as {
    exposes: { EMAIL: string[] };
    statistic: { geocodesWithSubregions: { geoCodeId: string }[] };
  };
  const t = await token();
  const geo = document.createElement('geo-autocomplete');
  geo.id = 'place';
  geo.setAttribute('label', 'Ort');
  const stats = document.createElement('region-stats');
  stats.setAttribute('geocode', fx.statistic.geocodesWithSubregions[0]!.geoCodeId);
  const contact = document.createElement('contact-realtor');
  contact.setAttribute('expose-id', fx.exposes.EMAIL[0]!);
  const text = document.createElement('property-text') as HTMLElement & { token?: string };
  text.token = t;
  const picker = document.createElement('project-picker') as HTMLElement & { token?: string };
  picker.token = t;
  const els = { geo, stats, contact, text, picker };
  for (const [k, el] of Object.entries(els)) {
    if (has(el.localName)) document.body.append(el);
    else delete els[k as keyof typeof els];
  }
  return els;
}

(window as unknown as { __csp: unknown }).__csp = { violations, errors, ready: main() };
