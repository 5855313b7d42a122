import { defineElement } from '../../shared/define.js';
import { PropertyText } from './property-text.js';
// The element's HTMLElementEventMap entries, for every app that imports this module.
import './events.js';

defineElement('property-text', PropertyText);

// The embedded address search is a separate element with its own bundle: loaded on demand,
// so the form is usable at once and a page that already has it pays nothing twice.
void import('../geo-autocomplete/define.js');

declare global {
  interface HTMLElementTagNameMap {
    'property-text': PropertyText;
  }
}
