import { defineElement } from '../../shared/define.js';
import { ContactRealtor } from './contact-realtor.js';
// The element's HTMLElementEventMap entries, for every app that imports this module.
import './events.js';

defineElement('contact-realtor', ContactRealtor);

declare global {
  interface HTMLElementTagNameMap {
    'contact-realtor': ContactRealtor;
  }
}
