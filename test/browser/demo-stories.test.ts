/**
 * Opens every story of the demo page, as the demo does (markup, then setup, then into the
 * page), against the sandbox, and fails on any console error, any uncaught error, any failed
 * request the story did not ask for (a story asks for failures by declaring
 * `expectFailedRequests`, or through the sandbox's fault mode: then only responses with a
 * fault's status count as asked for), and any axe violation: in German under the
 * light theme, in English under the dark theme, and under the partner brand of the demo's
 * stylesheet.
 */
import { expect } from '@open-wc/testing';
import '../../src/define.js';
import { afterEach, describe, it } from './helpers/index.js';
import { observeRequests, realFetch, settle, storyGroups as groups } from './helpers/stories.js';

const failures: { text: string; status?: number }[] = [];
observeRequests(({ method, url, response, error }) => {
  if (response && !response.ok && !url.includes('/sandbox/'))
    failures.push({ text: `${method} ${url} → ${response.status}`, status: response.status });
  if (error && (error as Error).name !== 'AbortError')
    failures.push({ text: `${method} ${url} → ${(error as Error).message}` });
});

const consoleErrors: string[] = [];
const origError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  consoleErrors.push(args.map(String).join(' '));
  origError(...args);
};
window.addEventListener('error', (e) => consoleErrors.push(`uncaught: ${e.message}`));
window.addEventListener('unhandledrejection', (e) => {
  const r = e.reason as Error | undefined;
  if (r?.name !== 'AbortError')
    consoleErrors.push(`unhandled rejection: ${r?.message ?? String(r)}`);
});

/** The statuses the sandbox's active faults answer with (a latency-only fault fails nothing). */
async function faultStatuses(): Promise<Set<number>> {
  const res = await realFetch('/restapi/api/sandbox/faults', {
    headers: { Accept: 'application/json' },
  });
  const { faults } = (await res.json()) as { faults: { status?: number }[] };
  return new Set(faults.map((f) => f.status).filter((x): x is number => typeof x === 'number'));
}

// The demo's own stylesheet, so that its themes (demo/demo.css) are what axe checks.
const demoCss = document.createElement('style');
demoCss.textContent = await (await realFetch('/demo/demo.css')).text();
document.head.append(demoCss);

/** Each story as the demo shows it by default, in English under the dark theme, and under the partner brand. */
const passes = [
  { lang: 'de', theme: 'light' },
  { lang: 'en', theme: 'dark' },
  { lang: 'de', theme: 'brand' },
] as const;

for (const { lang, theme } of passes)
  for (const [group, stories] of Object.entries(groups)) {
    describe(`demo stories (${lang}, ${theme}): ${group}`, () => {
      afterEach(async () => {
        document.querySelectorAll('.story-under-test').forEach((n) => n.remove());
        await realFetch('/restapi/api/sandbox/faults', { method: 'DELETE' });
        await realFetch('/restapi/api/sandbox/reset', { method: 'POST' });
      });

      stories.forEach((story) => {
        it(`${story.name}: no console error, no unexpected failed request, axe-clean`, async () => {
          failures.length = 0;
          consoleErrors.length = 0;
          document.documentElement.dataset.theme = theme;
          const container = document.createElement('div');
          container.className = 'story-under-test canvas';
          container.setAttribute('lang', lang);
          container.innerHTML = story.html;
          if (story.setup) await story.setup(container);
          const asked = await faultStatuses();
          document.body.append(container);
          await settle(container, 8000);
          expect(consoleErrors, 'console errors').to.deep.equal([]);
          // A failure is asked for when the story says so, or when a fault answers with its status.
          if (!story.expectFailedRequests)
            expect(
              failures
                .filter((f) => f.status === undefined || !asked.has(f.status))
                .map((f) => f.text),
              'failed requests',
            ).to.deep.equal([]);
          await expect(container).to.be.accessible();
        });
      });
    });
  }
