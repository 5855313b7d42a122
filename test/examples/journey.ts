/**
 * What a partner's visitor does on every example app, driven in Chromium: the page loads from
 * the app's server (already rendered where the stack renders on the server), the app says it
 * has hydrated, the visitor types a place and picks the first suggestion with the keyboard,
 * the app's own handler shows it, region-stats follows the field, contact-realtor shows the
 * listing's form, and the search form sends the place's id.
 *
 * Every app writes the same hooks, which the test reads:
 * - `#app-ready[data-ready="true"]`, set by the framework's client lifecycle once the app is
 *   interactive (after hydration where there is one);
 * - `#picked`, whose `data-id` and text the app's `geo-select` handler sets from its state;
 * - `form#search` with the place field (`name="ort"`) and a submit button; the form either
 *   navigates to `/suche?ort=<id>` (`submit: "navigate"`) or the app's submit handler shows
 *   the value it sends in `#submitted[data-id]` (`submit: "state"`).
 */
import { launchChromium } from '../../bench/browser.js';

export interface ExampleMeta {
  /** The stack and its versions, as the docs name them. */
  name: string;
  /** The page comes from the app's server with the elements in it. */
  ssr: boolean;
  /** The server writes the elements' shadow roots (declarative shadow DOM). */
  dsd?: boolean;
  /** How the search form sends the place: a navigation, or the app's submit handler. */
  submit: 'navigate' | 'state';
}

export interface JourneyReport {
  cls: number;
  picked: { id: string; label: string };
  warnings: string[];
}

/**
 * For a selector into shadow roots: `visible` makes puppeteer poll every frame, where its
 * default waits for mutations of the document, which a shadow root's changes are not.
 */
const DEEP = { visible: true, timeout: 15_000 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function journey(origin: string, meta: ExampleMeta): Promise<JourneyReport> {
  const html = await (await fetch(origin + '/')).text();
  if (meta.ssr)
    for (const tag of ['geo-autocomplete', 'region-stats', 'contact-realtor'])
      if (!html.includes(`<${tag}`))
        throw new Error(`the server's page has no <${tag}>: it is not rendered on the server`);
  if (meta.dsd && !html.includes('shadowrootmode'))
    throw new Error(`the server's page has no declarative shadow root`);

  const browser = await launchChromium();
  const errors: string[] = [];
  const warnings: string[] = [];
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    page.on('console', (m) => {
      const where = m.location()?.url;
      const text = `${m.type()}: ${m.text()}${where ? ` (${where})` : ''}`;
      // The browser asks for /favicon.ico by itself; the apps have none.
      if (where?.endsWith('/favicon.ico')) return;
      if (m.type() === 'error') errors.push(text);
      else if (m.type() === 'warn')
        (/hydrat|mismatch/i.test(m.text()) ? errors : warnings).push(text);
    });
    page.on('pageerror', (e) => errors.push(`uncaught: ${(e as Error).message}`));
    await page.evaluateOnNewDocument(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as {
          value: number;
          hadRecentInput: boolean;
        }[])
          if (!e.hadRecentInput) w.__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(origin + '/', { waitUntil: 'load' });
    await page.waitForSelector('#app-ready[data-ready="true"]', { timeout: 30_000 });
    await page.waitForFunction(
      () =>
        ['geo-autocomplete', 'region-stats', 'contact-realtor'].every((t) => customElements.get(t)),
      { timeout: 30_000 },
    );
    // contact-realtor's form for the listing is there before anything is typed.
    await page.waitForSelector('contact-realtor >>> form input', DEEP);
    await sleep(500);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);

    const input = await page.waitForSelector('geo-autocomplete >>> input', DEEP);
    await input!.click();
    await page.keyboard.type('Berlin', { delay: 60 });
    await page.waitForSelector('geo-autocomplete >>> [role="option"]', DEEP);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#picked')?.getAttribute('data-id'), {
      timeout: 15_000,
    });
    const picked = await page.$eval('#picked', (el) => ({
      id: el.getAttribute('data-id') ?? '',
      label: el.textContent?.trim() ?? '',
    }));
    if (!/Berlin/.test(picked.label))
      throw new Error(`the app's handler shows "${picked.label}", not the place picked`);

    // region-stats follows the field: it shows the place's statistic.
    await page.waitForFunction(
      () => {
        const root = document.querySelector('region-stats')?.shadowRoot;
        return !!root?.querySelector('table') && /Berlin/.test(root.textContent ?? '');
      },
      { timeout: 20_000 },
    );

    await page.click('form#search [type="submit"]');
    if (meta.submit === 'navigate') {
      const until = Date.now() + 15_000;
      while (new URL(page.url()).pathname !== '/suche') {
        if (Date.now() > until) throw new Error(`the search form did not navigate: ${page.url()}`);
        await sleep(100);
      }
      const sent = new URL(page.url()).searchParams.get('ort');
      if (sent !== picked.id) throw new Error(`the form sent ort=${sent}, not ${picked.id}`);
    } else {
      await page.waitForFunction(
        (id) => document.querySelector('#submitted')?.getAttribute('data-id') === id,
        { timeout: 10_000 },
        picked.id,
      );
    }
    if (errors.length) throw new Error(`the console reported:\n${errors.join('\n')}`);
    return { cls, picked, warnings };
  } catch (e) {
    // What the page said is often why a step failed.
    if (errors.length && e instanceof Error && !e.message.startsWith('the console reported'))
      e.message += `\nthe console reported:\n${errors.join('\n')}`;
    throw e;
  } finally {
    await browser.close();
  }
}
