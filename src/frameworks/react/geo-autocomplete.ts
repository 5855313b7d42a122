/**
 * The React 18 (and earlier) wrapper of `<geo-autocomplete>`, made with @lit/react: props are set as
 * properties, events are `on…` props. Importing it registers the tag; an app pays only for
 * the elements whose wrappers it imports. Needs the optional peers `react` and `@lit/react`
 * (React 19 needs neither: see 'immo-elements/jsx-react').
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
