/**
 * The package's React wrappers on a page a server rendered, as Next.js serves it: React 19
 * renders the component to HTML, the page holds that HTML with the elements already defined,
 * and React hydrates it. The wrappers set the properties and add the app's listeners after
 * hydration; React's hydration neither sets the same props on the bare tags nor adds
 * their `on…` listeners (why docs/embedding.md sends a server-rendered React page to the
 * wrappers).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { describe, it } from './helpers/mocha.js';

interface Vendor {
  React: typeof import('react');
  ReactDOMClient: {
    hydrateRoot(
      el: Element,
      node: unknown,
      options: { onRecoverableError(e: unknown): void },
    ): { unmount(): void };
  };
  renderToString(node: unknown): string;
  GeoAutocompleteReact: import('react').ComponentType<Record<string, unknown>>;
  RegionStatsReact: import('react').ComponentType<Record<string, unknown>>;
}

type RegionStats = HTMLElement & { htmlFor: string; drilldown: boolean };

/** `App` rendered to HTML, put into the page, and hydrated: the root, once React has hydrated. */
async function serverRenderedThenHydrated(v: Vendor, App: () => import('react').ReactElement) {
  const host = document.createElement('div');
  host.innerHTML = v.renderToString(v.React.createElement(App));
  document.body.append(host);
  const mismatches: unknown[] = [];
  const root = v.ReactDOMClient.hydrateRoot(host, v.React.createElement(App), {
    onRecoverableError: (e) => mismatches.push(e),
  });
  await waitUntil(() => host.querySelector('[data-hydrated="true"]'), 'hydrated', {
    timeout: 10000,
  });
  expect(mismatches.map(String), 'hydration errors').to.deep.equal([]);
  return { host, done: () => (root.unmount(), host.remove()) };
}

describe('the React wrappers on a server-rendered page (hydrateRoot)', () => {
  it('set the properties and add the listeners after hydration; the bare tags get neither', async function () {
    this.timeout(20000);
    const url = '/__vendor/react-wrappers.js';
    const v = (await import(url)) as Vendor;
    const { createElement: h, useEffect, useState } = v.React;
    const picked: Event[] = [];
    const Hydrated = () => {
      const [ready, setReady] = useState(false);
      useEffect(() => setReady(true), []);
      return h('span', { 'data-hydrated': String(ready) });
    };

    const Wrapped = () =>
      h(
        'form',
        null,
        h(v.GeoAutocompleteReact, {
          id: 'where',
          name: 'ort',
          onGeoSelect: (e: Event) => picked.push(e),
        }),
        h(v.RegionStatsReact, { htmlFor: 'where', drilldown: true }),
        h(Hydrated),
      );
    const wrapped = await serverRenderedThenHydrated(v, Wrapped);
    try {
      const stats = wrapped.host.querySelector('region-stats') as RegionStats;
      expect(stats.htmlFor, 'htmlFor set after hydration').to.equal('where');
      expect(stats.drilldown).to.equal(true);
      const geo = wrapped.host.querySelector('geo-autocomplete')!;
      const event = new Event('geo-select', { bubbles: true, composed: true });
      geo.dispatchEvent(event);
      expect(picked, "the app's geo-select handler").to.deep.equal([event]);
    } finally {
      wrapped.done();
    }

    const bareEvents: Event[] = [];
    const onBare = (e: Event) => bareEvents.push(e);
    const Bare = () =>
      h(
        'form',
        null,
        h('geo-autocomplete', { id: 'where', name: 'ort', 'ongeo-select': onBare }),
        h('region-stats', { htmlFor: 'where', drilldown: true }),
        h(Hydrated),
      );
    const bare = await serverRenderedThenHydrated(v, Bare);
    try {
      const stats = bare.host.querySelector('region-stats') as RegionStats;
      expect(stats.htmlFor, "React's hydration leaves the bare tag's htmlFor unset").to.equal('');
      const geo = bare.host.querySelector('geo-autocomplete')!;
      geo.dispatchEvent(new Event('geo-select', { bubbles: true, composed: true }));
      expect(bareEvents, "nor does it add the bare tag's listener").to.deep.equal([]);
    } finally {
      bare.done();
    }
  });
});
