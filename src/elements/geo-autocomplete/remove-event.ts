import type { GeoSuggestion } from '../../api/index.js';

/**
 * With `multiple`: a visitor removed a chosen place (its chip's remove button, Delete or
 * Backspace on its chip, or choosing it again in the list). Followed by `input` and
 * `change`. Not fired when code sets `values`, `selections` or `value`.
 */
export class GeoRemoveEvent extends Event {
  /** The place that was removed, as it was chosen. */
  readonly suggestion: GeoSuggestion;
  /** The same field, for code that reads `event.detail`. */
  readonly detail: { suggestion: GeoSuggestion };
  constructor(suggestion: GeoSuggestion) {
    super('geo-remove', { bubbles: true, composed: true });
    this.suggestion = suggestion;
    this.detail = { suggestion };
  }
}
