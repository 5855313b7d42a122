import { defineElement } from '../../shared/define.js';
import { PropertyText } from './property-text.js';
// Its event classes, types only: with them come the element's HTMLElementEventMap entries.
export type { TextGeneratedEvent, AuthRequiredEvent, FailureEvent } from './events.js';

defineElement('property-text', PropertyText);

// The embedded address search is a separate element with its own bundle: loaded on demand,
// so the form is usable at once and a page that already has it pays nothing twice.
void import('../geo-autocomplete/define.js');

declare global {
  interface HTMLElementTagNameMap {
    'property-text': PropertyText;
  }
}
