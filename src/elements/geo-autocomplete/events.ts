import type { ApiError, GeoEntity, GeoSuggestion } from '../../api/index.js';
import type { GeoRemoveEvent } from './remove-event.js';

/**
 * A visitor chose a suggestion (click, Enter, or autofill). Not fired when code sets
 * `value`. With `resolve`, it is fired once the entity record has arrived (or failed).
 * With `multiple`, once per place added, followed by `input` and `change`.
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
  constructor(
    suggestion: GeoSuggestion,
    entity: GeoEntity | null = null,
    error: ApiError | null = null,
  ) {
    super('geo-select', { bubbles: true, composed: true });
    this.suggestion = suggestion;
    this.entity = entity;
    this.error = error;
    this.detail = { suggestion, entity, error };
  }
}

// (In a module of its own: only multiple.ts, loaded on demand, makes one.)
export { GeoRemoveEvent } from './remove-event.js';

declare global {
  interface HTMLElementEventMap {
    'geo-select': GeoSelectEvent;
    'geo-remove': GeoRemoveEvent;
  }
  // Bubbling and composed: listeners on the document and the window get these events too.
  interface DocumentEventMap {
    'geo-select': GeoSelectEvent;
    'geo-remove': GeoRemoveEvent;
  }
  interface WindowEventMap {
    'geo-select': GeoSelectEvent;
    'geo-remove': GeoRemoveEvent;
  }
}

/** The failure event every element fires (src/shared/failure.ts): the technical detail of what the visitor reads as a sentence. */
export { FailureEvent, type FailureDetail, type FailureKind } from '../../shared/failure.js';
