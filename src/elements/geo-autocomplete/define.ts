import { defineElement } from '../../shared/define.js';
import { GeoAutocomplete } from './geo-autocomplete.js';
// Its event classes, types only: with them come the element's HTMLElementEventMap entries.
export type { GeoSelectEvent, GeoRemoveEvent, FailureEvent } from './events.js';

defineElement('geo-autocomplete', GeoAutocomplete);

declare global {
  interface HTMLElementTagNameMap {
    'geo-autocomplete': GeoAutocomplete;
  }
}
