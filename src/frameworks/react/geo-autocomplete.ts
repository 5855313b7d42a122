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
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import '../../elements/geo-autocomplete/define.js';
import {
  GeoAutocomplete,
  type GeoSelectEvent,
  type GeoRemoveEvent,
  type FailureEvent,
  type ValidityChangeEvent,
} from '../../elements/geo-autocomplete/index.js';

export const GeoAutocompleteReact = createComponent({
  react: React,
  tagName: 'geo-autocomplete',
  elementClass: GeoAutocomplete,
  events: {
    onGeoSelect: 'geo-select' as EventName<GeoSelectEvent>,
    onGeoRemove: 'geo-remove' as EventName<GeoRemoveEvent>,
    onChange: 'change',
    onInput: 'input',
    onRequestFailed: 'request-failed' as EventName<FailureEvent>,
    onValidityChange: 'validity-change' as EventName<ValidityChangeEvent>,
  },
});
