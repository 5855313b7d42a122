import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
    --immo-series-1: #0072b2;
    --immo-series-2: #e69f00;
    --immo-series-3: #009e73;
    --immo-series-4: #d55e00;
    --immo-series-5: #56b4e9;
    --immo-series-6: #cc79a7;
    --immo-series-7: #f0e442;
    --immo-series-8: #000000;
    --immo-region-stats-skeleton: #e5e7eb;
    --immo-region-stats-chart-height: 640px;
    color: var(--immo-color-text, #1f2328);
    background: var(--immo-color-background, #ffffff);
    font-family: var(--immo-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    font-size: 14px;
    line-height: 1.4;
    text-align: start;
    letter-spacing: normal;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --immo-series-1: #56b4e9;
      --immo-series-5: #0072b2;
      --immo-series-8: #bbbbbb;
      --immo-region-stats-skeleton: #30363d;
      color: var(--immo-color-text, #e6edf3);
      background: var(--immo-color-background, #0d1117);
    }
  }
  :host([hidden]) {
    display: none;
  }
  * {
    box-sizing: border-box;
  }
  button {
    font: inherit;
    color: inherit;
    cursor: pointer;
  }
  button:focus-visible,
  [tabindex]:focus-visible {
    outline: 2px solid var(--immo-focus-ring, var(--immo-color-accent, #0b5fff));
    outline-offset: 2px;
  }
  .sr {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .title {
    font-weight: 600;
    font-size: 16px;
    margin: 0 0 8px;
  }
  nav ol {
    display: flex;
    flex-wrap: wrap;
    list-style: none;
    margin: 0 0 8px;
    padding: 0;
    gap: 4px;
  }
  nav li + li::before {
    content: '›';
    margin-inline-end: 4px;
    opacity: 0.7;
  }
  .link {
    border: 0;
    background: none;
    padding: 0;
    text-decoration: underline;
    color: var(--immo-color-accent, #0b5fff);
    text-align: start;
  }
  [part~='legend'] {
    display: flex;
    flex-wrap: wrap;
    gap: 4px 16px;
    list-style: none;
    margin: 0 0 8px;
    padding: 0;
  }
  [part~='legend'] li {
    display: flex;
    align-items: center;
    gap: 6px;
  }
  .sw.none {
    border: 1px dashed currentColor;
    opacity: 0.5;
  }
  .note {
    margin: 0 0 8px;
    font-size: 13px;
  }
  .chart-wrap {
    max-height: var(--immo-region-stats-chart-height, 640px);
    overflow-y: auto;
    margin-bottom: 12px;
  }
  [part~='chart'].small .v {
    font-size: 10px;
  }
  .sw {
    display: inline-block;
    width: 12px;
    height: 12px;
    border-radius: 2px;
    flex: none;
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
  .bar-group:hover .hit {
    fill: var(--immo-color-border, #d0d7de);
    fill-opacity: 0.35;
  }
  .bar-group:focus-visible .hit {
    stroke: var(--immo-focus-ring, var(--immo-color-accent, #0b5fff));
    stroke-width: 2px;
  }
  .axis {
    stroke: var(--immo-color-border, #d0d7de);
  }
  .scroll {
    overflow-x: auto;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-variant-numeric: tabular-nums;
  }
  caption {
    text-align: start;
    font-weight: 600;
    padding-bottom: 4px;
  }
  th,
  td {
    border-bottom: 1px solid var(--immo-color-border, #d0d7de);
    padding: 4px 8px;
    text-align: end;
    vertical-align: top;
  }
  th:first-child,
  td:first-child {
    text-align: start;
  }
  thead th {
    font-weight: 600;
  }
  thead button {
    border: 0;
    background: none;
    padding: 0;
    font-weight: inherit;
    text-align: inherit;
    display: inline-flex;
    gap: 4px;
    align-items: center;
  }
  .arrow {
    display: inline-block;
    width: 1em;
    opacity: 0.8;
  }
  tbody tr {
    cursor: pointer;
  }
  tbody tr:hover {
    background: color-mix(in srgb, var(--immo-color-border, #d0d7de) 35%, transparent);
  }
  tfoot th,
  tfoot td {
    font-weight: 600;
    border-bottom: 0;
  }
  [part~='message'] {
    margin: 8px 0;
  }
  [part~='error'] {
    color: var(--immo-color-error, #b42318);
    margin: 8px 0;
  }
  @media (prefers-color-scheme: dark) {
    [part~='error'] {
      color: var(--immo-color-error, #ff7b72);
    }
    .link {
      color: var(--immo-color-accent, #58a6ff);
    }
    button:focus-visible,
    [tabindex]:focus-visible {
      outline-color: var(--immo-focus-ring, var(--immo-color-accent, #58a6ff));
    }
    .bar-group:focus-visible .hit {
      stroke: var(--immo-focus-ring, var(--immo-color-accent, #58a6ff));
    }
  }
  [part~='retry'] {
    margin-top: 6px;
    padding: 4px 12px;
    border: 1px solid var(--immo-color-border, #d0d7de);
    border-radius: var(--immo-radius, 6px);
    background: var(--immo-color-background, transparent);
  }
  .sk {
    height: 14px;
    margin: 10px 0;
    border-radius: 3px;
    background: var(--immo-region-stats-skeleton);
    animation: pulse 1.2s ease-in-out infinite alternate;
  }
  @keyframes pulse {
    to {
      opacity: 0.45;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .sk {
      animation: none;
    }
  }
  /* Series colours and skeleton widths as classes, not style attributes: the element must
     work under a Content-Security-Policy without 'unsafe-inline'. */
  .s1 { --c: var(--immo-series-1); }
  .s2 { --c: var(--immo-series-2); }
  .s3 { --c: var(--immo-series-3); }
  .s4 { --c: var(--immo-series-4); }
  .s5 { --c: var(--immo-series-5); }
  .s6 { --c: var(--immo-series-6); }
  .s7 { --c: var(--immo-series-7); }
  .s8 { --c: var(--immo-series-8); }
  rect[class^='s'] { fill: var(--c); }
  .sw[class*=' s'] { background: var(--c); }
  .sk:nth-child(1) { width: 70%; }
  .sk:nth-child(2) { width: 45%; }
  .sk:nth-child(3) { width: 85%; }
  .sk:nth-child(4) { width: 30%; }
  .sk:nth-child(5) { width: 60%; }
`;
