/**
 * The React wrapper of `<geo-autocomplete>`, made with @lit/react: props are set as properties,
 * events are `on…` props, both in an effect, so they hold on a page a server rendered too
 * (React's hydration sets neither on a custom element). For React 18 and earlier, and for
 * React 19 on a server-rendered page; React 19 in the browser alone needs no wrapper (see
 * 'immo-elements/jsx-react'). Importing it registers the tag; an app pays only for the
 * elements whose wrappers it imports. Needs the optional peers `react` and `@lit/react`.
 *
 * ```tsx
 * import { GeoAutocompleteReact } from 'immo-elements/react/geo-autocomplete';
 * <GeoAutocompleteReact types="city" onGeoSelect={(e) => setPlace(e.suggestion)} />
 * ```
 */
import { wrap, type EventName, type Wrapper } from './lit-react.js';
import '../../elements/geo-autocomplete/define.js';
import {
  GeoAutocomplete,
  type GeoSelectEvent,
  type GeoRemoveEvent,
  type FailureEvent,
  type ValidityChangeEvent,
} from '../../elements/geo-autocomplete/index.js';

const events = {
  onGeoSelect: 'geo-select' as EventName<GeoSelectEvent>,
  onGeoRemove: 'geo-remove' as EventName<GeoRemoveEvent>,
  onChange: 'change',
  onInput: 'input',
  onRequestFailed: 'request-failed' as EventName<FailureEvent>,
  onValidityChange: 'validity-change' as EventName<ValidityChangeEvent>,
};

export const GeoAutocompleteReact: Wrapper<GeoAutocomplete, typeof events> = wrap(
  'geo-autocomplete',
  GeoAutocomplete,
  events,
);
