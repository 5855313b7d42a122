import { defineElement } from '../../shared/define.js';
import { GeoAutocomplete } from './geo-autocomplete.js';
// The element's HTMLElementEventMap entries, for every app that imports this module.
import './events.js';

defineElement('geo-autocomplete', GeoAutocomplete);

declare global {
  interface HTMLElementTagNameMap {
    'geo-autocomplete': GeoAutocomplete;
  }
}
