/**
 * Tests under a light or dark system colour scheme (prefers-color-scheme) in every engine.
 *
 * Chromium switches the scheme at run time (CDP's media emulation): the test switches, runs
 * and switches back. Firefox and WebKit take the scheme only at launch (Firefox's preference
 * layout.css.prefers-color-scheme.content-override, MiniBrowser's --dark-mode), so the config
 * launches each twice (groups firefox-dark and webkit-dark in web-test-runner.config.mjs, for
 * the files that call itInColorScheme): the dark browser runs only the dark-scheme tests, the
 * light one all others (in the dark browser mocha.ts's it registers nothing), so no test runs
 * twice and none shows as skipped.
 */
import { executeServerCommand } from '@web/test-runner-commands';
import { engine } from './engine.js';
import { darkSchemeRun, mochaIt, type Test, type TestContext } from './mocha.js';

export type Scheme = 'light' | 'dark';

const MARK = (scheme: Scheme) => `[${scheme} scheme]`;
const current = (): Scheme =>
  matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

/** Switches the scheme where the engine can at run time; false where it cannot. */
async function emulate(scheme: Scheme): Promise<boolean> {
  return Boolean(await executeServerCommand('immo-color-scheme', { scheme }));
}

/** A test that runs under the given system colour scheme, in every engine ("[dark scheme]" ends its name). */
export function itInColorScheme(scheme: Scheme, title: string, fn: Test): void {
  // Firefox and WebKit: each scheme's tests run in that scheme's browser
  if (engine !== 'chromium' && darkSchemeRun !== (scheme === 'dark')) return;
  mochaIt(`${title} ${MARK(scheme)}`, async function (this: TestContext) {
    const switched = await emulate(scheme);
    try {
      if (current() !== scheme)
        throw new Error(
          `${engine} is in the ${current()} colour scheme, not ${scheme}: this test belongs to the ${scheme} run`,
        );
      await fn.call(this);
    } finally {
      if (switched) await emulate('light');
    }
  });
}
