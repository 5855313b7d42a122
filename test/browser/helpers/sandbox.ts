/**
 * The sandbox's set-up routes (faults, fixtures, tokens, reset) for tests: the demo's own
 * helpers (demo/story.ts) plus what only tests need.
 */
export {
  clearSandboxFaults,
  sandboxFault,
  sandboxFixtures,
  sandboxToken,
} from '../../../demo/story.js';

/** Where the browser tests reach the sandbox (mounted by web-test-runner.config.mjs). */
export const API = '/restapi/api';

/** Resets the sandbox's state (stored contacts, drafts, project entries) to its seed. */
export async function resetSandbox(): Promise<void> {
  await fetch(`${API}/sandbox/reset`, { method: 'POST' });
}
