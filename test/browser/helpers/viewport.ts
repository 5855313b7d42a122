import { waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';

/**
 * Sizes the page's viewport in every engine (the 'immo-viewport' command of engines.node.mjs):
 * @web/test-runner-commands' setViewport knows no WebDriver browser, so WebKit needs this.
 */
export async function setViewport(width: number, height: number): Promise<void> {
  await executeServerCommand('immo-viewport', { width, height });
  await waitUntil(
    () => innerWidth === width && innerHeight === height,
    `the page took the viewport ${width}×${height} (it is ${innerWidth}×${innerHeight})`,
  );
}

/**
 * The viewport a session was made for, where the engine cannot resize a running session
 * (WebKitGTK's driver: see webkit() in engines.node.mjs), else null: the page sizes itself with
 * setViewport.
 */
export async function sessionSize(): Promise<{ width: number; height: number } | null> {
  return (
    ((await executeServerCommand('immo-session-size')) as
      { width: number; height: number } | null | undefined) ?? null
  );
}
