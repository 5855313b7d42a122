/**
 * The demo's stories for the test files that open every one of them (demo-stories, layout):
 * the groups as the demo lists them, the page's requests watched, and a story's settling.
 * Imported on its own, not through index.ts: importing it wraps the page's `fetch`.
 */
import type { Story } from '../../../demo/story.js';
import type { Tag } from '../../../demo/tags.js';
import geo from '../../../demo/stories/geo-autocomplete.stories.js';
import region from '../../../demo/stories/region-stats.stories.js';
import contact from '../../../demo/stories/contact-realtor.stories.js';
import propertyText from '../../../demo/stories/property-text.stories.js';
import picker from '../../../demo/stories/project-picker.stories.js';
import compositions from '../../../demo/stories/compositions.stories.js';

/** Every story of the demo, by group (an element's tag, or "compositions"). */
export const storyGroups: Record<Tag | 'compositions', Story[]> = {
  'geo-autocomplete': geo,
  'region-stats': region,
  'contact-realtor': contact,
  'property-text': propertyText,
  'project-picker': picker,
  compositions,
};

/** The page's own fetch: the tests' set-up and clean-up requests, not counted below. */
export const realFetch = window.fetch.bind(window);

/** One request the page made, as it ended: with a response, or with an error. */
export interface RequestOutcome {
  method: string;
  url: string;
  response?: Response;
  error?: unknown;
}

let inFlight = 0;
let lastActivity = performance.now();
const observers: ((o: RequestOutcome) => void)[] = [];

/** Calls `fn` with the outcome of every request the page makes from now on. */
export function observeRequests(fn: (o: RequestOutcome) => void): void {
  observers.push(fn);
}

window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  inFlight++;
  lastActivity = performance.now();
  const method = init?.method ?? 'GET';
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  try {
    const response = await realFetch(input, init);
    for (const fn of observers) fn({ method, url, response });
    return response;
  } catch (error) {
    for (const fn of observers) fn({ method, url, error });
    throw error;
  } finally {
    inFlight--;
    lastActivity = performance.now();
  }
};

export const frame = () =>
  new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

/** Every element of the light DOM and of every open shadow root under `root`. */
export function* deep(root: Element | ShadowRoot): Generator<Element> {
  for (const n of root.querySelectorAll('*')) {
    yield n;
    if (n.shadowRoot) yield* deep(n.shadowRoot);
  }
}

/**
 * Waits until every custom element under `container` (nested ones included) has rendered and
 * no request has been in flight for 400 ms, or until `deadline` ms have passed; then two frames.
 * A bare wait (the quiet 400 ms, checked every 50): it serves every story alike, and a
 * story's last request has no event of its own (one answer may start the next load, a
 * fault's latency delays it).
 */
export async function settle(container: HTMLElement, deadline = 10000): Promise<void> {
  const end = performance.now() + deadline;
  for (;;) {
    const els = [...deep(container)].filter((n) => n.localName.includes('-')) as (Element & {
      updateComplete?: Promise<unknown>;
    })[];
    await Promise.all(els.map((e) => e.updateComplete));
    if (inFlight === 0 && performance.now() - lastActivity > 400) break;
    if (performance.now() > end) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await frame();
}
