import type { ApiError, GeoEntity, GeoSuggestion } from '../../api/index.js';

/**
 * A visitor chose a suggestion (click, Enter, or autofill). Not fired when code sets
 * `value`. With `resolve`, it is fired once the entity record has arrived (or failed).
 */
export class GeoSelectEvent extends Event {
  /** The chosen suggestion as the service sent it. */
  readonly suggestion: GeoSuggestion;
  /** The entity record (address, geoId or coordinates) when `resolve` is set, else null. */
  readonly entity: GeoEntity | null;
  /** Why the entity record could not be fetched, when `resolve` is set and it failed. */
  readonly error: ApiError | null;
  /** The same fields, for code that reads `event.detail`. */
  readonly detail: { suggestion: GeoSuggestion; entity: GeoEntity | null; error: ApiError | null };
  constructor(suggestion: GeoSuggestion, entity: GeoEntity | null = null, error: ApiError | null = null) {
    super('geo-select', { bubbles: true, composed: true });
    this.suggestion = suggestion;
    this.entity = entity;
    this.error = error;
    this.detail = { suggestion, entity, error };
  }
}

declare global {
  interface HTMLElementEventMap {
    'geo-select': GeoSelectEvent;
  }
  // Bubbling and composed: listeners on the document and the window get these events too.
  interface DocumentEventMap {
    'geo-select': GeoSelectEvent;
  }
  interface WindowEventMap {
    'geo-select': GeoSelectEvent;
  }
}

/** The failure event every element fires (src/shared/failure.ts): the technical detail of what the visitor reads as a sentence. */
export { FailureEvent, type FailureDetail, type FailureKind } from '../../shared/failure.js';
