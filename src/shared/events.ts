import type { ApiError } from '../api/errors.js';

/**
 * The service answered 401: the token is missing, invalid or expired. Fired by
 * project-picker and property-text (bubbles, composed). Give the element a new `token` (or
 * a `client` whose auth hook has fresh credentials) and it re-runs the operation that
 * failed, keeping what the visitor entered.
 */
export class AuthRequiredEvent<Op extends string = string> extends Event {
  static readonly eventName = 'auth-required';
  /** The same fields, for code that reads `event.detail`. */
  readonly detail: { operation: Op; error?: ApiError };
  constructor(
    /** The operation that failed: project-picker's 'projects', 'entries', 'realestates' or 'add'; property-text's 'generate'. */
    readonly operation: Op,
    /** The error the client threw (status 401); undefined when nothing was sent because the host had given no token or client yet. */
    readonly error?: ApiError,
  ) {
    super(AuthRequiredEvent.eventName, { bubbles: true, composed: true });
    this.detail = { operation, error };
  }
}

declare global {
  interface HTMLElementEventMap {
    'auth-required': AuthRequiredEvent;
  }
  // Bubbling and composed: listeners on the document and the window get these events too.
  interface DocumentEventMap {
    'auth-required': AuthRequiredEvent;
  }
  interface WindowEventMap {
    'auth-required': AuthRequiredEvent;
  }
}
