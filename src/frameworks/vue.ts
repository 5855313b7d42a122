/**
 * Vue 3 typings: `import type {} from 'immo-elements/vue'` once, and tell the compiler that
 * these tags are custom elements (`compilerOptions.isCustomElement: (tag) =>
 * ['geo-autocomplete', 'region-stats', 'contact-realtor', 'property-text',
 * 'project-picker'].includes(tag)`). Templates then type-check props and `@geo-select`.
 */
import type { DefineComponent } from 'vue';
import type { ImmoElementMap, ImmoEventMap, ElementProperties } from './elements.js';

type VueEvents<M> = {
  [K in keyof M as `on${Capitalize<CamelCase<K & string>>}`]?: (event: M[K]) => void;
};
type CamelCase<S extends string> = S extends `${infer H}-${infer T}`
  ? `${H}${Capitalize<CamelCase<T>>}`
  : S;

export type ImmoVueComponents = {
  [K in keyof ImmoElementMap as PascalTag<K>]: DefineComponent<
    ElementProperties<ImmoElementMap[K]> & VueEvents<ImmoEventMap[K]>
  >;
} & {
  [K in keyof ImmoElementMap]: DefineComponent<
    ElementProperties<ImmoElementMap[K]> & VueEvents<ImmoEventMap[K]>
  >;
};
type PascalTag<S extends string> = Capitalize<CamelCase<S>>;

declare module 'vue' {
  interface GlobalComponents extends ImmoVueComponents {}
}
