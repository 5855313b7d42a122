import type { ApiError } from '../../api/errors.js';
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

/**
 * The service answered 401: the token is missing, invalid or expired. Set a new `token`
 * on the element (in the handler or later); it then retries once, keeping the form. Hosts
 * whose client refreshes credentials in its auth hook call `generate()` again instead.
 * The fields match project-picker's AuthRequiredEvent, which declares the `auth-required`
 * entry of HTMLElementEventMap for both elements (one key can have only one type).
 */
export class PropertyTextAuthRequiredEvent extends Event {
  /** The operation that failed. */
  readonly operation = 'generate' as const;
  /** The error the client threw (status 401). */
  readonly error: ApiError;
  /** The same fields, for code that reads `event.detail`. */
  readonly detail: { operation: 'generate'; error: ApiError };
  constructor(error: ApiError) {
    super('auth-required', { bubbles: true, composed: true });
    this.error = error;
    this.detail = { operation: 'generate', error };
  }
}

declare global {
  interface HTMLElementEventMap {
    'text-generated': TextGeneratedEvent;
  }
}
