import { defineElement } from '../../shared/define.js';
import { ProjectPicker } from './project-picker.js';

defineElement('project-picker', ProjectPicker);

export { ProjectPicker };

declare global {
  interface HTMLElementTagNameMap {
    'project-picker': ProjectPicker;
  }
}
