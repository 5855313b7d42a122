/** Fired after the realtor's service accepted a contact request (HTTP 200). */
export class ContactSentEvent extends Event {
  static readonly eventName = 'contact-sent';
  /** The expose the request was for. */
  readonly exposeId: string;
  /** The body as sent (a ContactForm: the schema's field names, in schema order). */
  readonly form: Readonly<Record<string, unknown>>;
  /** Wire format of the body. */
  readonly format: 'json' | 'xml';

  constructor(exposeId: string, form: Record<string, unknown>, format: 'json' | 'xml') {
    super(ContactSentEvent.eventName, { bubbles: true, composed: true });
    this.exposeId = exposeId;
    this.form = form;
    this.format = format;
  }
}

/**
 * Fired when the loaded expose has contact form type NONE: the realtor has no e-mail
 * address, so the host page can offer another way (a phone number) instead.
 */
export class ContactUnavailableEvent extends Event {
  static readonly eventName = 'contact-unavailable';
  /** The expose that cannot be contacted online. */
  readonly exposeId: string;

  constructor(exposeId: string) {
    super(ContactUnavailableEvent.eventName, { bubbles: true, composed: true });
    this.exposeId = exposeId;
  }
}

declare global {
  interface HTMLElementEventMap {
    'contact-sent': ContactSentEvent;
    'contact-unavailable': ContactUnavailableEvent;
  }
  // Bubbling and composed: listeners on the document and the window get these events too.
  interface DocumentEventMap {
    'contact-sent': ContactSentEvent;
    'contact-unavailable': ContactUnavailableEvent;
  }
  interface WindowEventMap {
    'contact-sent': ContactSentEvent;
    'contact-unavailable': ContactUnavailableEvent;
  }
}

/** The failure event every element fires (src/shared/failure.ts): the technical detail of what the visitor reads as a sentence. */
export { FailureEvent, type FailureDetail, type FailureKind } from '../../shared/failure.js';
