import { css } from 'lit';
import { controls, tokens } from '../../shared/styles.js';

// What property-text adds to the shared sheet (src/shared/styles.ts). A field is a grid of
// label, control, hint and error line; in a row of fields the label takes the space its longest
// neighbour needs (subgrid where supported), so inputs line up even when a label wraps.
const own = css`
  form,
  .result,
  .grid {
    display: grid;
    gap: var(--_immo-space);
  }
  .grid {
    grid-template-columns: var(--immo-property-text-columns, repeat(auto-fill, minmax(200px, 1fr)));
    align-items: start;
  }
  fieldset,
  .summary,
  div.status {
    border: 1px solid var(--_immo-border);
    border-radius: var(--_immo-radius);
    padding: var(--_immo-space);
  }
  .summary {
    border: 2px solid var(--_immo-error);
  }
  fieldset {
    margin: 0;
    min-width: 0;
  }
  legend {
    font-weight: 700;
    padding: 0 4px;
  }
  h2 {
    font-size: 18px;
    margin: 0;
  }
  #form-heading {
    margin-bottom: var(--_immo-space);
  }
  .field {
    display: grid;
    gap: 4px;
    min-width: 0;
    align-content: start;
  }
  /* Each field spans four rows of its group's grid (label, control, hint, error line) and shares
   them through subgrid: in one row of fields every label row is as tall as the tallest label,
   so the inputs line up even when a label wraps. A checkbox takes the same four rows. */
  .grid > .field,
  .grid > .check {
    grid-row: span 4;
  }
  .grid > .field {
    grid-template-rows: subgrid;
    row-gap: 4px;
  }
  .grid {
    row-gap: 0;
  }
  .grid > * {
    margin-bottom: var(--_immo-space);
  }
  .grid > .field > label {
    align-self: end;
  }
  .radios {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 16px;
    border: 0;
    padding: 0;
  }
  .field > label,
  .radios legend {
    font-size: 14px;
    font-weight: 600;
  }
  .radios legend {
    padding: 0;
    margin-bottom: 4px;
  }
  .check,
  .actions,
  .coords {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
  }
  /* A checkbox's label wraps beside its box; a long German word breaks at its soft hyphens
   ("Wohn-berechtigungs-schein"), and as a last resort anywhere, so that it never pushes its
   group wider than the form (a grid item's and a flex item's least width is their longest word). */
  .check {
    flex-wrap: nowrap;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  input[type='text'],
  select,
  textarea {
    width: 100%;
  }
  textarea {
    min-height: 200px;
    resize: vertical;
  }
  input[type='checkbox'],
  input[type='radio'] {
    width: 20px;
    height: 20px;
    margin: 0;
    flex: none;
    accent-color: var(--_immo-accent);
  }
  [aria-invalid='true'] {
    border-width: 2px;
  }
  .hint {
    font-size: 13px;
    color: var(--_immo-muted);
  }
  p.hint {
    margin: 0 0 var(--_immo-space);
  }
  [data-bad],
  .check,
  .summary li {
    overflow-wrap: anywhere;
  }
  .error,
  .msg {
    font-size: 14px;
    color: var(--_immo-error);
  }
  .coords {
    font-size: 14px;
    color: var(--_immo-muted);
  }
  .summary a {
    color: inherit;
  }
  [part~='copy'],
  .actions > button:not([part]) {
    min-height: 40px;
    padding: 8px 16px;
    border: 1px solid var(--_immo-accent);
    background: none;
    color: var(--_immo-accent);
  }
  progress {
    width: 100%;
    accent-color: var(--_immo-accent);
  }
  /* A class, not a style attribute: the element must work under a CSP without 'unsafe-inline'. */
  .wide,
  geo-autocomplete {
    grid-column: 1/-1;
  }
  /* A select whose longest option needs more than one column ("Erstbezug nach Sanierung") takes
   two where the grid has two (its own width, not the viewport's, decides). */
  .grid {
    container-type: inline-size;
  }
  @container (min-width:440px) {
    .grid > .field.long {
      grid-column: span 2;
    }
  }
  /* The embedded place search: its label as small as the other labels of the form. */
  geo-autocomplete::part(label) {
    font-size: 14px;
  }
  /* The place search loads on demand: until it is defined it holds its height (its label and
   field), so the form under it does not move when it arrives. */
  geo-autocomplete:not(:defined) {
    display: block;
    min-height: 66px;
  }
`;
export const styles = [tokens, controls, own];
