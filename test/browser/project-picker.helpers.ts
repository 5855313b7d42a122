/** Queries into a project-picker's shadow root, for its test files. */
import type { ProjectPicker } from '../../src/elements/project-picker/project-picker.js';

export const sr = (el: ProjectPicker) => el.shadowRoot!;
export const $ = <T extends Element = HTMLElement>(el: ProjectPicker, sel: string) =>
  sr(el).querySelector<T>(sel);
export const $$ = <T extends Element = HTMLElement>(el: ProjectPicker, sel: string) => [
  ...sr(el).querySelectorAll<T>(sel),
];
export const text = (n: Node | null | undefined) =>
  (n?.textContent ?? '').replace(/\s+/g, ' ').trim();
export const projectOptions = (el: ProjectPicker) => $$(el, '[part=project-list] [role=option]');
export const pickOptions = (el: ProjectPicker) => $$(el, '[part=listing-list] [role=option]');
