/** @jsxImportSource preact */
// Type-checked by `npm run typecheck`: the Preact snippet of docs/embedding.md.
import type {} from '../../src/frameworks/jsx-preact.js';

export const app = (
  <geo-autocomplete
    base-url="/restapi/api"
    types="city"
    ongeo-select={(e) => console.log(e.suggestion.entity.label)}
  />
);
// @ts-expect-error: country is 'DEU' | 'AUT'
export const wrong = <geo-autocomplete country="FRA" />;
