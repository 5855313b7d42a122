import { defineElement } from '../../shared/define.js';
import { GeoAutocomplete } from './geo-autocomplete.js';

defineElement('geo-autocomplete', GeoAutocomplete);

declare global {
  interface HTMLElementTagNameMap {
    'geo-autocomplete': GeoAutocomplete;
  }
}
