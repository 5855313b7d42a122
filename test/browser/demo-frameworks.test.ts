/**
 * What the framework typings promise, at run time in a real framework: Preact (which, like
 * React 19, sets known properties on custom elements and attaches `on<event-name>`
 * listeners) renders the elements with typed props and receives their events, against the
 * sandbox. (React 19 and Vue 3 bound to a form, Angular's forms too: geo-autocomplete.frameworks.test.ts.)
 */
import { expect, waitUntil } from '@open-wc/testing';
import { h, render } from 'preact';
import '../../src/define.js';
import type { GeoAutocomplete } from '../../src/elements/geo-autocomplete/geo-autocomplete.js';
import type { RegionStats } from '../../src/elements/region-stats/region-stats.js';
import type { GeoSelectEvent } from '../../src/elements/geo-autocomplete/events.js';
import type { StatsLoadedEvent } from '../../src/elements/region-stats/events.js';
import { describe, it, press, type } from './helpers/index.js';

describe('elements in Preact', () => {
  it('props become properties, on<event-name> receives the element’s events, and two elements work together', async function () {
    this.timeout(30000);
    const root = document.createElement('main');
    document.body.append(root);
    const selected: GeoSelectEvent[] = [];
    const loaded: StatsLoadedEvent[] = [];
    try {
      render(
        h(
          'form',
          null,
          h('geo-autocomplete', {
            id: 'where',
            label: 'Ort',
            types: 'city',
            limit: 5,
            resolve: 'GeoId',
            'ongeo-select': (e: GeoSelectEvent) => selected.push(e),
          }),
          h('region-stats', {
            htmlFor: 'where',
            'real-estate-types': 'apartmentrent',
            'onstats-loaded': (e: StatsLoadedEvent) => loaded.push(e),
          }),
        ),
        root,
      );
      const geo = root.querySelector('geo-autocomplete') as GeoAutocomplete;
      const stats = root.querySelector('region-stats') as RegionStats;
      expect([
        geo.types,
        geo.limit,
        geo.resolve,
        stats.htmlFor,
        stats.realEstateTypes,
      ]).to.deep.equal(['city', 5, 'GeoId', 'where', 'apartmentrent']);
      await geo.updateComplete;
      geo.shadowRoot!.querySelector('input')!.focus();
      await type('Köln');
      await waitUntil(
        () => geo.shadowRoot!.querySelectorAll('[role=option]').length > 0,
        'suggestions',
        { timeout: 15000 },
      );
      await press('ArrowDown');
      await press('Enter');
      await waitUntil(() => selected.length === 1, 'ongeo-select called', { timeout: 15000 });
      expect(selected[0]!.suggestion.entity.label).to.match(/^Köln/);
      await waitUntil(
        () => loaded.length > 0,
        'onstats-loaded called: the statistic follows the choice',
        { timeout: 15000 },
      );
      expect(loaded.at(-1)!.statistic.parent.name).to.match(/^Köln/);
    } finally {
      render(null, root);
      root.remove();
    }
  });
});
