import { css } from 'lit';
import { controls, skeleton, tokens } from '../../shared/styles.js';

// What contact-realtor adds to the shared sheet (src/shared/styles.ts). The listing's title is
// two lines tall whatever its length, so the skeleton knows its height; the outcome of a load
// and a hidden copy of the skeleton's form share one grid cell (.stack), so the element keeps
// at least the skeleton's height.
const own = css`
  h2 {
    font-size: 20px;
    margin: 0 0 var(--_immo-space);
  }
  form,
  .form,
  .field,
  fieldset {
    display: grid;
    gap: var(--_immo-space);
  }
  .field {
    gap: 4px;
  }
  fieldset {
    border: 1px solid var(--_immo-border);
    border-radius: var(--_immo-radius);
    padding: var(--_immo-space);
    margin: 0;
    min-width: 0;
  }
  div.status:not(.error) {
    border: 1px solid var(--_immo-border);
    border-radius: var(--_immo-radius);
    padding: var(--_immo-space);
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_immo-space);
  }
  .row > div {
    flex: 3 1 12em;
  }
  .row > div + div {
    flex: 1 1 8em;
  }
  .row + .row > div {
    flex: 1 1 6em;
  }
  .row + .row > div + div {
    flex: 3 1 12em;
  }
  legend {
    padding: 0 4px;
  }
  label,
  legend {
    font-size: 14px;
  }
  .check label {
    font-weight: 400;
    font-size: 16px;
    display: flex;
    gap: 8px;
    align-items: flex-start;
  }
  .check input {
    width: 18px;
    height: 18px;
    margin: 2px 0 0;
    flex: none;
    accent-color: var(--_immo-accent);
  }
  input:not([type='checkbox']),
  select,
  textarea {
    width: 100%;
  }
  textarea {
    min-height: 120px;
    resize: vertical;
  }
  [aria-invalid='true'] {
    outline: 1px solid var(--_immo-error);
  }
  .req,
  .msg {
    color: var(--_immo-error);
  }
  .note,
  .msg {
    font-size: 14px;
  }
  .note {
    color: var(--_immo-muted);
    margin: 0;
  }
  .success {
    color: var(--_immo-success);
    border-color: currentColor;
  }
  .status p {
    margin: 0 0 8px;
  }
  .status p:last-child {
    margin: 0;
  }
  [part~='submit'],
  .secondary {
    justify-self: start;
    min-height: 44px;
    padding: 10px 18px;
  }
  .title {
    min-height: 2.8em;
    margin: 0 0 var(--_immo-space);
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
  }
  .stack {
    display: grid;
  }
  .stack > * {
    grid-area: 1/1;
    min-width: 0;
  }
  .kept {
    visibility: hidden;
    animation: none;
  }
`;
export const styles = [tokens, controls, skeleton, own];
