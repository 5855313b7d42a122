import { defineElement } from '../../shared/define.js';
import { ProjectPicker } from './project-picker.js';
// Its event classes, types only: with them come the element's HTMLElementEventMap entries.
export type {
  ProjectSelectEvent,
  EntryAddedEvent,
  AuthRequiredEvent,
  FailureEvent,
} from './events.js';

defineElement('project-picker', ProjectPicker);

export { ProjectPicker };

declare global {
  interface HTMLElementTagNameMap {
    'project-picker': ProjectPicker;
  }
}
