/**
 * Mocha's globals, typed once (the project has no @types/mocha): every browser test file takes
 * describe, it and the hooks from here.
 *
 * Firefox and WebKit take the colour scheme only at launch, so their dark browsers (groups
 * firefox-dark and webkit-dark) run only the tests written with itInColorScheme('dark', …)
 * (scheme.ts): there `it` registers nothing, so no test runs twice and none shows as skipped.
 */
import { engine } from './engine.js';

export interface TestContext {
  timeout(ms: number): void;
  /** Skips the running test (mocha's this.skip()); say why in the test's name or a comment. */
  skip(): never;
}
export type Test = (this: TestContext) => unknown;

const g = globalThis as unknown as {
  describe: ((title: string, fn: () => void) => void) & {
    skip(title: string, fn: () => void): void;
  };
  it(title: string, fn: Test): void;
  before(fn: Test): void;
  after(fn: Test): void;
  beforeEach(fn: Test): void;
  afterEach(fn: Test): void;
};

/** This page is a dark-scheme browser of an engine that cannot switch schemes at run time. */
export const darkSchemeRun =
  engine !== 'chromium' && matchMedia('(prefers-color-scheme: dark)').matches;

export const { describe, before, after, beforeEach, afterEach } = g;

/** Mocha's it (in a dark-scheme browser, only itInColorScheme('dark', …) registers tests). */
export function it(title: string, fn: Test): void {
  if (!darkSchemeRun) g.it(title, fn);
}

/** Mocha's it as it is, for itInColorScheme. */
export const mochaIt = g.it;
