import type { PropertyTextRequest, PropertyTextResult } from '../../api/types.js';

/** Headline and text arrived from the service (after `generate()` or the form's button). */
export class TextGeneratedEvent extends Event {
  /** The generated headline. */
  readonly headline: string;
  /** The generated descriptive text. */
  readonly propertyText: string;
  /** The request body that was sent. */
  readonly request: PropertyTextRequest;
  /** The same fields, for code that reads `event.detail`. */
  readonly detail: PropertyTextResult & { request: PropertyTextRequest };
  constructor(result: PropertyTextResult, request: PropertyTextRequest) {
    super('text-generated', { bubbles: true, composed: true });
    this.headline = result.headline;
    this.propertyText = result.propertyText;
    this.request = request;
    this.detail = { ...result, request };
  }
}

/** The 401 event, shared with project-picker; property-text's operation is 'generate'. */
export { AuthRequiredEvent } from '../../shared/events.js';

declare global {
  interface HTMLElementEventMap {
    'text-generated': TextGeneratedEvent;
  }
  // Bubbling and composed: listeners on the document and the window get these events too.
  interface DocumentEventMap {
    'text-generated': TextGeneratedEvent;
  }
  interface WindowEventMap {
    'text-generated': TextGeneratedEvent;
  }
}

/** The failure event every element fires (src/shared/failure.ts): the technical detail of what the visitor reads as a sentence. */
export { FailureEvent, type FailureDetail, type FailureKind } from '../../shared/failure.js';
