import { css } from 'lit';
import { controls, skeleton, tokens } from '../../shared/styles.js';

// What region-stats adds to the shared sheet (src/shared/styles.ts). Series colours and skeleton
// widths are classes, not style attributes, so a Content-Security-Policy without
// 'unsafe-inline' is enough. The series defaults are eight hues, each at least 3:1 against the
// light and the dark surface.
const own = css`
  :host {
    container-type: inline-size;
    font-size: var(--immo-font-size, 14px) !important;
    --_immo-series-1: var(--immo-region-stats-series-1, light-dark(#0072b2, #56b4e9));
    --_immo-series-2: var(--immo-region-stats-series-2, light-dark(#a66a00, #e69f00));
    --_immo-series-3: var(--immo-region-stats-series-3, light-dark(#007a5a, #00b386));
    --_immo-series-4: var(--immo-region-stats-series-4, light-dark(#c7430e, #ff7a33));
    --_immo-series-5: var(--immo-region-stats-series-5, light-dark(#00829b, #4fc6d9));
    --_immo-series-6: var(--immo-region-stats-series-6, light-dark(#8a4fb0, #c49bf0));
    --_immo-series-7: var(--immo-region-stats-series-7, light-dark(#b8407f, #e08cbf));
    --_immo-series-8: var(--immo-region-stats-series-8, light-dark(#5f6368, #c8c8cc));
  }
  [part~='heading'] {
    font-size: 16px;
    outline: none;
  }
  [part~='heading'],
  nav li,
  .cap {
    overflow-wrap: anywhere;
  }
  [part~='heading'],
  .cap,
  thead th,
  tfoot th,
  tfoot td {
    font-weight: 600;
  }
  [part~='heading'],
  .note,
  nav ol,
  [part~='legend'] {
    margin: 0 0 8px;
  }
  nav ol,
  [part~='legend'] {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
    list-style: none;
    padding: 0;
  }
  nav li + li::before {
    content: '›';
    margin-inline-end: 4px;
    opacity: 0.7;
  }
  .link,
  thead button {
    border: 0;
    background: none;
    padding: 0;
    border-radius: 2px;
  }
  .link {
    text-decoration: underline;
    color: var(--_immo-accent);
    text-align: start;
  }
  [part~='legend'] {
    gap: 4px 16px;
  }
  [part~='legend'] li {
    display: flex;
    align-items: center;
    gap: 6px;
  }
  .sw {
    width: 12px;
    height: 12px;
    border-radius: 2px;
    flex: none;
    forced-color-adjust: none;
  }
  .note {
    font-size: 13px;
    color: var(--_immo-muted);
  }
  .chart-wrap {
    max-height: var(--immo-region-stats-chart-height, 640px);
    overflow-y: auto;
    margin-bottom: 12px;
  }
  [part~='chart'] {
    display: block;
    max-width: 100%;
    overflow: visible;
  }
  [part~='chart'] text {
    fill: currentColor;
    font-size: 12px;
  }
  .labels {
    pointer-events: none;
  }
  .hit {
    fill: transparent;
    stroke: none;
  }
  .bar-group {
    cursor: pointer;
    outline: none;
  }
  .bar-group:focus-visible {
    box-shadow: none;
  }
  .bar-group:hover .hit {
    fill: var(--_immo-border);
    fill-opacity: 0.35;
  }
  .bar-group:focus-visible .hit {
    stroke: var(--_immo-accent);
    stroke-width: 2px;
  }
  .zero {
    color: var(--_immo-muted);
  }
  text.zero {
    fill: var(--_immo-muted);
  }
  .axis {
    stroke: var(--_immo-border);
  }
  .scroll {
    overflow-x: auto;
    border-radius: 2px;
  }
  .scroll:focus-visible {
    outline-offset: 2px;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-variant-numeric: tabular-nums;
  }
  .cap {
    margin: 0 0 4px;
  }
  th,
  td {
    border-bottom: 1px solid var(--_immo-border);
    padding: 4px 8px;
    text-align: end;
    vertical-align: top;
  }
  th:first-child,
  td:first-child {
    text-align: start;
  }
  th[scope='col'] {
    vertical-align: bottom;
    white-space: nowrap;
  }
  tbody th,
  tfoot th {
    min-width: min(10em, 45vw);
    overflow-wrap: break-word;
  }
  @container (max-width:640px) {
    tbody th,
    tfoot th,
    thead th:first-child {
      position: sticky;
      inset-inline-start: 0;
      z-index: 1;
      background: var(--_immo-opaque);
      max-width: 45vw;
    }
  }
  thead button {
    font-weight: inherit;
    text-align: inherit;
    display: inline-flex;
    gap: 4px;
    align-items: center;
  }
  .arrow {
    width: 1em;
    opacity: 0.8;
  }
  tbody tr.pick {
    cursor: pointer;
  }
  tbody tr.pick:hover {
    background: color-mix(in srgb, var(--_immo-border) 35%, transparent);
  }
  tfoot th,
  tfoot td {
    border-bottom: 0;
  }
  [part~='empty'] {
    margin: 8px 0;
  }
  .more {
    margin-top: 8px;
  }
  .frame {
    display: flow-root;
    min-height: var(--immo-region-stats-height, 900px);
  }
  .frame.loading,
  .frame.message {
    display: flex;
    flex-direction: column;
  }
  /* A state without a chart (no region yet, no listings, no subregions, an error) keeps the chart's
   frame in the reserved height: the legend, then the chart's area with its axis and bars in the
   placeholder's colour (still: nothing loads), the sentence and its action in a gap in the middle. */
  .stage {
    flex: 1;
    position: relative;
    display: flex;
    align-items: center;
    justify-content: center;
    min-height: 220px;
    margin-top: 4px;
  }
  .axes {
    position: absolute;
    inset: 0;
    display: flex;
    flex-direction: column;
    justify-content: space-between;
    padding-inline-start: 35%;
  }
  .axes > div {
    height: 27%;
    display: flex;
    flex-direction: column;
    justify-content: space-around;
    border-inline-start: 1px solid var(--_immo-skeleton);
  }
  .axes span {
    display: block;
    height: 14px;
    border-radius: 0 3px 3px 0;
    background: var(--_immo-skeleton);
  }
  .axes span:nth-child(1) {
    width: 88%;
  }
  .axes span:nth-child(2) {
    width: 71%;
  }
  .axes span:nth-child(3) {
    width: 55%;
  }
  .axes > div + div span:nth-child(1) {
    width: 40%;
  }
  .axes > div + div span:nth-child(2) {
    width: 29%;
  }
  .axes > div + div span:nth-child(3) {
    width: 20%;
  }
  .say {
    position: relative;
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 12px;
    max-width: 34rem;
    padding: 8px 16px;
    text-align: center;
  }
  .say > [part~='empty'] {
    margin: 0;
  }
  .say .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    justify-content: center;
    margin-top: 8px;
  }
  .asked li {
    color: var(--_immo-muted);
  }
  .asked .sw {
    background: var(--_immo-skeleton);
  }
  [part~='skeleton'] {
    flex: 1;
    display: flex;
    flex-direction: column;
  }
  [part~='skeleton'] .h {
    height: 16px;
    width: 30%;
    margin: 3px 0 11px;
  }
  .lg {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 16px;
    margin: 4px 0 12px;
  }
  .lg .sk {
    height: 12px;
    width: 110px;
  }
  [part~='skeleton'] .nt {
    height: 10px;
    width: 45%;
    margin: 4px 0 12px;
  }
  .bars {
    flex: 1;
    min-height: 260px;
    display: flex;
    flex-direction: column;
    justify-content: space-around;
    padding-inline-start: 35%;
  }
  .bars .sk {
    height: 14px;
  }
  [part~='skeleton'] .cap {
    height: 12px;
    width: 40%;
    margin: 14px 0 10px;
  }
  .rows {
    display: flex;
    flex-direction: column;
    gap: 17px;
    margin: 8px 0;
  }
  .rows .sk {
    height: 12px;
  }
  [part~='skeleton'] .btn {
    height: 40px;
    width: 200px;
    margin-top: 8px;
    border-radius: var(--_immo-radius);
  }
  .s1 {
    --c: var(--_immo-series-1);
  }
  .s2 {
    --c: var(--_immo-series-2);
  }
  .s3 {
    --c: var(--_immo-series-3);
  }
  .s4 {
    --c: var(--_immo-series-4);
  }
  .s5 {
    --c: var(--_immo-series-5);
  }
  .s6 {
    --c: var(--_immo-series-6);
  }
  .s7 {
    --c: var(--_immo-series-7);
  }
  .s8 {
    --c: var(--_immo-series-8);
  }
  rect[class^='s'] {
    fill: var(--c);
  }
  .sw[class*=' s'] {
    background: var(--c);
  }
  .bars .sk:nth-child(1) {
    width: 92%;
  }
  .bars .sk:nth-child(2) {
    width: 84%;
  }
  .bars .sk:nth-child(3) {
    width: 70%;
  }
  .bars .sk:nth-child(4) {
    width: 52%;
  }
  .bars .sk:nth-child(5) {
    width: 44%;
  }
  .bars .sk:nth-child(6) {
    width: 37%;
  }
  .bars .sk:nth-child(7) {
    width: 31%;
  }
  .bars .sk:nth-child(8) {
    width: 26%;
  }
  .bars .sk:nth-child(9) {
    width: 22%;
  }
  .bars .sk:nth-child(10) {
    width: 18%;
  }
`;
export const styles = [tokens, controls, skeleton, own];
