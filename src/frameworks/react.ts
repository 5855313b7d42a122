/**
 * All five React wrappers at once (for React 18, and React 19 on a server-rendered page; React
 * 19 in the browser alone handles custom elements itself: see 'immo-elements/jsx-react').
 * Importing this module registers all five tags and loads all five elements; import one
 * element's wrapper from 'immo-elements/react/<tag>' to load only that element. Needs the optional peers `react` and `@lit/react`.
 *
 * ```tsx
 * import { GeoAutocompleteReact } from 'immo-elements/react';
 * <GeoAutocompleteReact baseUrl="/restapi/api" types="city" onGeoSelect={(e) => setPlace(e.suggestion)} />
 * ```
 */
export { GeoAutocompleteReact } from './react/geo-autocomplete.js';
export { RegionStatsReact } from './react/region-stats.js';
export { ContactRealtorReact } from './react/contact-realtor.js';
export { PropertyTextReact } from './react/property-text.js';
export { ProjectPickerReact } from './react/project-picker.js';
