import { defineElement } from '../../shared/define.js';
import { PropertyText } from './property-text.js';
// Its event classes, types only: with them come the element's HTMLElementEventMap entries.
export type { TextGeneratedEvent, AuthRequiredEvent, FailureEvent } from './events.js';

defineElement('property-text', PropertyText);

// The embedded address search is a separate element, loaded on demand: the form is usable at
// once, and a page that already has the element loads it once.
void import('../geo-autocomplete/define.js');

declare global {
  interface HTMLElementTagNameMap {
    'property-text': PropertyText;
  }
}
