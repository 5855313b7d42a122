import { css } from 'lit';

// One rule per line: Lit keeps the CSS text as written, so no indentation or line-per-declaration.
// Series colours (.s1 to .s8) and skeleton widths are classes, not style attributes: the element
// must work under a Content-Security-Policy without 'unsafe-inline'. The swatches (.sw) and sort
// arrows (.arrow) are flex items, so they need no display of their own.
// Custom properties are read, never set on :host (--_immo-* hold the defaults), so a value the
// page sets on an ancestor reaches the element. Focus: an outline in the accent colour plus
// --immo-focus-ring as a box-shadow, as in the other elements (SVG bars take the outline colour).
export const styles = css`
:host{display:block;--_immo-series-1:var(--immo-series-1,#0072b2);--_immo-series-2:var(--immo-series-2,#e69f00);--_immo-series-3:var(--immo-series-3,#009e73);--_immo-series-4:var(--immo-series-4,#d55e00);--_immo-series-5:var(--immo-series-5,#56b4e9);--_immo-series-6:var(--immo-series-6,#cc79a7);--_immo-series-7:var(--immo-series-7,#f0e442);--_immo-series-8:var(--immo-series-8,#000000);--_immo-region-stats-skeleton:var(--immo-region-stats-skeleton,#e5e7eb);--_immo-region-stats-chart-height:var(--immo-region-stats-chart-height,640px);color:var(--immo-color-text,#1f2328);background:var(--immo-color-background,#fff);font-family:var(--immo-font-family,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif);font-size:14px;line-height:1.4;text-align:start;letter-spacing:normal}
:host([hidden]){display:none}
*{box-sizing:border-box}
button{font:inherit;color:inherit;cursor:pointer}
button:focus-visible,[tabindex]:focus-visible{outline:2px solid var(--immo-color-accent,#0b5fff);outline-offset:2px;box-shadow:var(--immo-focus-ring)}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
.title{font-size:16px}
.title,.cap,thead th,tfoot th,tfoot td{font-weight:600}
.title,.note,nav ol,[part~=legend]{margin:0 0 8px}
nav ol,[part~=legend]{display:flex;flex-wrap:wrap;gap:4px;list-style:none;padding:0}
nav li+li::before{content:'›';margin-inline-end:4px;opacity:.7}
.link,thead button{border:0;background:none;padding:0}
.link{text-decoration:underline;color:var(--immo-color-accent,#0b5fff);text-align:start}
[part~=legend]{gap:4px 16px}
[part~=legend] li{display:flex;align-items:center;gap:6px}
.sw{width:12px;height:12px;border-radius:2px;flex:none;forced-color-adjust:none}
.sw.none{border:1px dashed currentColor;opacity:.5}
.note{font-size:13px}
.chart-wrap{max-height:var(--immo-region-stats-chart-height,640px);overflow-y:auto;margin-bottom:12px}
[part~=chart]{display:block;max-width:100%;overflow:visible}
[part~=chart] text{fill:currentColor;font-size:12px}
[part~=chart].small .v{font-size:10px}
.labels{pointer-events:none}
.hit{fill:transparent;stroke:none}
.bar-group{cursor:pointer;outline:none}
.bar-group:hover .hit{fill:var(--immo-color-border,#d0d7de);fill-opacity:.35}
.bar-group:focus-visible .hit{stroke:var(--immo-color-accent,#0b5fff);stroke-width:2px}
.axis{stroke:var(--immo-color-border,#d0d7de)}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
.cap{margin:0 0 4px}
th,td{border-bottom:1px solid var(--immo-color-border,#d0d7de);padding:4px 8px;text-align:end;vertical-align:top}
th:first-child,td:first-child{text-align:start}
thead button{font-weight:inherit;text-align:inherit;display:inline-flex;gap:4px;align-items:center}
.arrow{width:1em;opacity:.8}
tbody tr{cursor:pointer}
tbody tr:hover{background:color-mix(in srgb,var(--immo-color-border,#d0d7de) 35%,transparent)}
tfoot th,tfoot td{border-bottom:0}
[part~=message],[part~=error]{margin:8px 0}
[part~=error]{color:var(--immo-color-error,#b42318)}
[part~=retry]{margin-top:6px;padding:4px 12px;border:1px solid var(--immo-color-border,#d0d7de);border-radius:var(--immo-radius,6px);background:var(--immo-color-background,transparent)}
.sk{height:14px;margin:10px 0;border-radius:3px;background:var(--_immo-region-stats-skeleton);animation:pulse 1.2s ease-in-out infinite alternate}
@keyframes pulse{to{opacity:.45}}
@media (prefers-reduced-motion:reduce){.sk{animation:none}}
@media (prefers-color-scheme:dark){:host{--_immo-series-1:var(--immo-series-1,#56b4e9);--_immo-series-5:var(--immo-series-5,#0072b2);--_immo-series-8:var(--immo-series-8,#bbbbbb);--_immo-region-stats-skeleton:var(--immo-region-stats-skeleton,#30363d);color:var(--immo-color-text,#e6edf3);background:var(--immo-color-background,#0d1117)}[part~=error]{color:var(--immo-color-error,#ff7b72)}.link{color:var(--immo-color-accent,#58a6ff)}button:focus-visible,[tabindex]:focus-visible{outline-color:var(--immo-color-accent,#58a6ff)}.bar-group:focus-visible .hit{stroke:var(--immo-color-accent,#58a6ff)}}
.s1{--c:var(--_immo-series-1)}.s2{--c:var(--_immo-series-2)}.s3{--c:var(--_immo-series-3)}.s4{--c:var(--_immo-series-4)}
.s5{--c:var(--_immo-series-5)}.s6{--c:var(--_immo-series-6)}.s7{--c:var(--_immo-series-7)}.s8{--c:var(--_immo-series-8)}
rect[class^=s]{fill:var(--c)}
.sw[class*=' s']{background:var(--c)}
.sk:nth-child(1){width:70%}.sk:nth-child(2){width:45%}.sk:nth-child(3){width:85%}.sk:nth-child(4){width:30%}.sk:nth-child(5){width:60%}
`;
