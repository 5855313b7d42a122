import { defineElement } from '../../shared/define.js';
import { ContactRealtor } from './contact-realtor.js';

defineElement('contact-realtor', ContactRealtor);

declare global {
  interface HTMLElementTagNameMap {
    'contact-realtor': ContactRealtor;
  }
}
