// Type-checked by `npm run typecheck`: Vue's GlobalComponents typings (a .vue-free file).
import type { GlobalComponents } from 'vue';
import type {} from '../../src/frameworks/vue.js';
import type { GeoSelectEvent } from '../../src/elements/geo-autocomplete/events.js';

type GeoProps = InstanceType<GlobalComponents['GeoAutocomplete']>['$props'];
export const props: GeoProps = {
  baseUrl: '/restapi/api',
  types: 'city',
  onGeoSelect: (e: GeoSelectEvent) => e.suggestion,
};
// @ts-expect-error: limit is a number
export const wrong: GeoProps = { limit: 'ten' };
type Kebab = InstanceType<GlobalComponents['region-stats']>['$props'];
export const stats: Kebab = { geocode: '1276003001', drilldown: true };
