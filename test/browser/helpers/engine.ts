/** Which of the three test engines runs this page, and what it supports. */
export type Engine = 'chromium' | 'firefox' | 'webkit';

function detect(): Engine {
  const ua = navigator.userAgent;
  if (/\bFirefox\//.test(ua)) return 'firefox';
  if (/Chrom(e|ium)\//.test(ua)) return 'chromium';
  return 'webkit';
}

/** The engine of this test page: 'chromium', 'firefox' or 'webkit' (MiniBrowser, Safari's engine). */
export const engine: Engine = detect();

/**
 * Whether the engine supports a CSS property (and value): for features one engine lacks, such
 * as forced-color-adjust, which WebKit does not support (Safari has no forced-colours mode).
 */
export function supportsCss(property: string, value = 'initial'): boolean {
  return CSS.supports(property, value);
}
