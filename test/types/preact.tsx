/** @jsxImportSource preact */
// Type-checked by `npm run typecheck`: the README's Preact snippet.
import type {} from '../../src/frameworks/jsx-preact.js';

export const app = (
  <geo-autocomplete base-url="/restapi/api" types="city" ongeo-select={(e) => console.log(e.suggestion.entity.label)} />
);
// @ts-expect-error: country is 'DEU' | 'AUT'
export const wrong = <geo-autocomplete country="FRA" />;
