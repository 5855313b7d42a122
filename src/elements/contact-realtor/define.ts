import { defineElement } from '../../shared/define.js';
import { ContactRealtor } from './contact-realtor.js';
// Its event classes, types only: with them come the element's HTMLElementEventMap entries.
export type { ContactSentEvent, ContactUnavailableEvent, FailureEvent } from './events.js';

defineElement('contact-realtor', ContactRealtor);

declare global {
  interface HTMLElementTagNameMap {
    'contact-realtor': ContactRealtor;
  }
}
