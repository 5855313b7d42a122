import { defineElement } from '../../shared/define.js';
import { ProjectPicker } from './project-picker.js';
// The element's HTMLElementEventMap entries, for every app that imports this module.
import './events.js';

defineElement('project-picker', ProjectPicker);

export { ProjectPicker };

declare global {
  interface HTMLElementTagNameMap {
    'project-picker': ProjectPicker;
  }
}
