import { css } from 'lit';
import { controls, skeleton, tokens } from '../../shared/styles.js';

// Tokens, resets, buttons, the input, the error box and .sr come from src/shared/styles.ts;
// this sheet adds what is project-picker's own.
// The active option has an outline, not a border that is transparent on the others: forced colours
// draw every border, so all options would look active. The tick's alternative text ('✓'/'') keeps
// it out of the option's accessible name; the plain 'content' before it is for older engines.
const own = css`
  :host {
    container-type: inline-size;
    font-size: var(--immo-font-size, 15px) !important;
    line-height: 1.45 !important;
  }
  /*
   * Two columns on a desktop: the project list takes two fifths (room for a name and its usage line,
   * "PREMIUM · 120 Wohneinheiten · München"), the entries pane the rest; fixed shares, so neither
   * moves when the list arrives.
   */
  .base {
    display: grid;
    gap: 16px;
    grid-template-columns: minmax(240px, 2fr) minmax(260px, 3fr);
    align-items: start;
  }
  @container (max-width: 560px) {
    .base {
      grid-template-columns: 1fr;
    }
  }
  .full {
    grid-column: 1/-1;
  }
  h2,
  h3 {
    margin: 0 0 8px;
    font-size: 17px;
    line-height: 1.3;
  }
  h3 {
    font-size: 15px;
  }
  p {
    margin: 4px 0;
  }
  .muted {
    color: var(--_immo-muted);
    font-size: 13px;
  }
  [role='listbox'],
  .sklist {
    list-style: none;
    margin: 0;
    padding: 4px;
    border: 1px solid var(--_immo-border);
    border-radius: var(--_immo-radius);
    max-height: var(--immo-project-picker-list-height, 640px);
    overflow: auto;
    outline: none;
  }
  [role='listbox']:focus-visible {
    outline: 2px solid transparent;
  }
  [role='option'],
  .skopt {
    padding: 8px 10px 8px 32px;
    border-radius: calc(var(--_immo-radius) - 2px);
    cursor: pointer;
    position: relative;
  }
  [aria-selected='true'] {
    background: var(--_immo-active);
  }
  [aria-selected='true']::before {
    content: '✓';
    content: '✓'/'';
    position: absolute;
    inset-inline-start: 9px;
    font-weight: 700;
  }
  [aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.75;
  }
  :focus > .active {
    outline: 2px solid var(--_immo-accent);
    outline-offset: -2px;
  }
  .name {
    display: block;
    font-weight: 600;
  }
  .badge {
    display: table;
    margin: 2px 0;
    padding: 0 6px;
    border: 1px solid;
    border-radius: 999px;
    font-size: 12px;
    white-space: nowrap;
  }
  .entries .badge {
    display: inline-block;
    margin: 0;
  }
  .badge.pub {
    color: var(--_immo-success);
    font-weight: 600;
  }
  .badge.unpub {
    color: var(--_immo-muted);
    border-style: dashed;
  }
  .badge.pub::before {
    content: '● ';
    content: '● '/'';
  }
  /*
   * Text from an answer keeps to one line: an ellipsis where it does not fit; the element gives it a
   * tooltip (title), and the accessible name holds the whole text.
   */
  .line {
    display: block;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  .line.inline {
    display: inline-block;
    max-width: 100%;
    vertical-align: bottom;
  }
  /*
   * The usage line wraps between its parts, never inside one ("120 Wohneinheiten"), so nothing is
   * cut at the list's edge.
   */
  .usage > span {
    white-space: nowrap;
  }
  /* Under a long list: the next page of it, and how many show. */
  p.more {
    margin: 6px 0 2px;
  }
  .entries,
  .results {
    margin: 0;
    padding: 0 0 0 18px;
  }
  .ok {
    color: var(--_immo-success);
  }
  .err,
  .refused {
    color: var(--_immo-error);
  }
  .box {
    border: 1px solid var(--_immo-border);
    border-radius: var(--_immo-radius);
    padding: 10px 12px;
    margin: 8px 0;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: center;
    margin: 8px 0;
  }
  [part~='auth'] {
    color: var(--_immo-error);
    border: 1px solid currentColor;
    border-radius: var(--_immo-radius);
    padding: calc(var(--_immo-space) * 0.75) var(--_immo-space);
  }
  [part~='add'] {
    min-height: 40px;
    padding: 8px 16px;
    border: 1px solid var(--_immo-accent);
    font-weight: 600;
    background: var(--_immo-accent);
    color: var(--_immo-on-accent);
  }
  input {
    width: 100%;
  }
  .stack {
    display: grid;
    position: relative;
  }
  .stack > * {
    grid-area: 1/1;
    min-width: 0;
  }
  .fill {
    position: absolute;
    inset: 0;
    display: flex;
    flex-direction: column;
    overflow: auto;
  }
  .fill > [role='listbox'] {
    flex: 1 1 auto;
    max-height: none;
  }
  /*
   * The open project's heading learns the project's name when the list arrives: one line (.line) on
   * a desktop, two lines reserved and at most two on a phone, so the name cannot move what is under
   * it.
   */
  @container (max-width: 560px) {
    #eh {
      white-space: normal;
      display: -webkit-box;
      -webkit-box-orient: vertical;
      -webkit-line-clamp: 2;
      min-height: 2.6em;
    }
  }
  .pane {
    border: 1px solid var(--_immo-border);
    border-radius: var(--_immo-radius);
    padding: 4px 10px;
  }
  .pane > .meta {
    margin: 4px 0 6px;
  }
  .scroll {
    flex: 1 1 auto;
    min-height: 0;
    overflow: auto;
    padding-inline-start: 24px;
    border-radius: calc(var(--_immo-radius) - 2px);
  }
  .pane > [part~='skeleton'] {
    list-style: none;
    padding: 0;
  }
  .pane > .entries {
    margin: 0 0 4px;
  }
  .entries > li {
    margin: 2px 0;
  }
  .kept {
    visibility: hidden;
  }
  .kept > * {
    animation: none;
  }
  .kept[data-text]::before {
    content: attr(data-text);
  }
  [part~='skeleton'] .badge {
    border-color: transparent;
  }
  label {
    display: block;
    margin: 8px 0 4px;
  }
`;
export const styles = [tokens, controls, skeleton, own];
