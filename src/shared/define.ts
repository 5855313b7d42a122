/**
 * Registers a custom element once. A second script tag, or the all-in-one module loaded
 * beside a single element's, must not throw "name already used": the first definition wins
 * and later ones are ignored.
 */
export function defineElement(tag: string, ctor: CustomElementConstructor): void {
  if (typeof customElements === 'undefined') return;
  if (customElements.get(tag)) return;
  customElements.define(tag, ctor);
}
