import './sandbox-scope.js';

/** One story of the demo page (demo/stories/<group>.stories.ts exports an array of them). */
export interface Story {
  /** Short name in the sidebar. */
  name: string;
  /** One or two sentences: what this variant shows. */
  description: string;
  /** The markup, with documented attributes only: also the snippet partners copy. */
  html: string;
  /** The story shows a refusal of the service on purpose (besides sandbox faults, which count anyway). */
  expectFailedRequests?: boolean;
  /** Runs after the markup is in the page: set properties, enable a sandbox fault, … */
  setup?: (container: HTMLElement) => void | Promise<void>;
}

/**
 * Turns on a fault of the sandbox for one route (see docs/architecture.md), in this tab's
 * fault scope (demo/sandbox-scope.ts): other tabs and test runs on the same sandbox do not
 * see it.
 */
export async function sandboxFault(fault: Record<string, unknown>): Promise<void> {
  await fetch('/restapi/api/sandbox/faults', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fault),
  });
}

/** Clears this tab's faults (those of other tabs and test runs stay). */
export async function clearSandboxFaults(): Promise<void> {
  await fetch('/restapi/api/sandbox/faults', { method: 'DELETE' });
}

/** The ids the sandbox seeded (exposes per form type, projects, real estates). */
export async function sandboxFixtures<T = Record<string, unknown>>(): Promise<T> {
  const res = await fetch('/restapi/api/sandbox/fixtures', {
    headers: { Accept: 'application/json' },
  });
  return (await res.json()) as T;
}

/** A sandbox user token for the building-project and property-text stories. */
export async function sandboxToken(): Promise<string> {
  const res = await fetch('/restapi/api/sandbox/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user: 'demo' }),
  });
  return ((await res.json()) as { token: string }).token;
}
