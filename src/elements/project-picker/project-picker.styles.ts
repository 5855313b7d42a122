import { css } from 'lit';

// One rule per line: Lit keeps the CSS text as written, so no indentation or line-per-declaration.
// The active option has an outline, not a border that is transparent on the others: forced colours
// draw every border, so all options would look active. The tick's alternative text ('✓'/'') keeps
// it out of the option's accessible name; the plain 'content' before it is for older engines.
export const styles = css`
:host{--_immo-font-family:var(--immo-font-family,system-ui,sans-serif);--_immo-color-text:var(--immo-color-text,#1d1d1f);--_immo-color-background:var(--immo-color-background,#fff);--_immo-color-accent:var(--immo-color-accent,#0b5cad);--_immo-color-border:var(--immo-color-border,#8a8f98);--_immo-color-error:var(--immo-color-error,#b3261e);--_immo-radius:var(--immo-radius,6px);--_immo-focus-ring:var(--immo-focus-ring,0 0 0 3px #0b5cad80);--_immo-project-picker-muted:var(--immo-project-picker-muted,#5a5f66);--_immo-project-picker-selected:var(--immo-project-picker-selected,#e3eefa);--_immo-project-picker-ok:var(--immo-project-picker-ok,#1b6e2f);--_immo-project-picker-list-height:var(--immo-project-picker-list-height,320px);display:block;container-type:inline-size;box-sizing:border-box;font:400 15px/1.45 var(--_immo-font-family);color:var(--_immo-color-text);background:var(--_immo-color-background);letter-spacing:normal;text-align:start}
@media (prefers-color-scheme:dark){:host{--_immo-color-text:var(--immo-color-text,#ececf0);--_immo-color-background:var(--immo-color-background,#17181b);--_immo-color-accent:var(--immo-color-accent,#7ab4ff);--_immo-color-error:var(--immo-color-error,#ff8a80);--_immo-focus-ring:var(--immo-focus-ring,0 0 0 3px #7ab4ff99);--_immo-project-picker-muted:var(--immo-project-picker-muted,#b4b8bf);--_immo-project-picker-selected:var(--immo-project-picker-selected,#22344a);--_immo-project-picker-ok:var(--immo-project-picker-ok,#7fd891)}}
:host([hidden]){display:none}
*,::before{box-sizing:inherit}
.base{display:grid;gap:16px;grid-template-columns:minmax(220px,1fr) minmax(260px,2fr);align-items:start}
@container (max-width:560px){.base{grid-template-columns:1fr}}
.full{grid-column:1/-1}
h2,h3{margin:0 0 8px;font-size:17px;line-height:1.3}
h3{font-size:15px}
p{margin:4px 0}
.muted{color:var(--_immo-project-picker-muted);font-size:13px}
[role=listbox]{list-style:none;margin:0;padding:4px;border:1px solid var(--_immo-color-border);border-radius:var(--_immo-radius);max-height:var(--_immo-project-picker-list-height);overflow:auto;outline:none}
:focus-visible{outline:2px solid transparent;box-shadow:var(--_immo-focus-ring)}
[role=option]{padding:8px 10px 8px 32px;border-radius:calc(var(--_immo-radius) - 2px);cursor:pointer;position:relative}
[aria-selected=true]{background:var(--_immo-project-picker-selected)}
[aria-selected=true]::before{content:'✓';content:'✓'/'';position:absolute;inset-inline-start:9px;font-weight:700}
[aria-disabled=true]{cursor:not-allowed;opacity:.75}
:focus>.active{outline:2px solid var(--_immo-color-accent);outline-offset:-2px}
.name{display:block;font-weight:600}
.badge{display:inline-block;padding:0 6px;border:1px solid;border-radius:999px;font-size:12px}
.entries,.results{margin:0;padding:0 0 0 18px}
.ok{color:var(--_immo-project-picker-ok)}
.err,.refused{color:var(--_immo-color-error)}
.box{border:1px solid var(--_immo-color-border);border-radius:var(--_immo-radius);padding:10px 12px;margin:8px 0}
.box.err{border-color:var(--_immo-color-error)}
.row{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:8px 0}
button{font:inherit;font-size:14px;min-height:32px;padding:4px 12px;border-radius:var(--_immo-radius);border:1px solid var(--_immo-color-accent);background:var(--_immo-color-accent);color:var(--_immo-color-background);cursor:pointer}
.secondary{background:none;color:var(--_immo-color-accent)}
button[aria-disabled=true]{opacity:.55}
input{font:inherit;width:100%;min-height:34px;padding:4px 8px;border:1px solid var(--_immo-color-border);border-radius:var(--_immo-radius);color:inherit;background:inherit}
label{display:block;font-weight:600;margin:8px 0 4px}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;
