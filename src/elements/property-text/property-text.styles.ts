import { css } from 'lit';

// One rule per line: the template literal goes into the bundle as written.
export const styles = css`
:host{
  display: block;
  --_immo-font-family:var(--immo-font-family,system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  --_immo-color-text:var(--immo-color-text,#1d1d1f);
  --_immo-color-background:var(--immo-color-background,#ffffff);
  --_immo-color-accent:var(--immo-color-accent,#0b5cad);
  --_immo-color-border:var(--immo-color-border,#8a8a90);
  --_immo-color-error:var(--immo-color-error,#b00020);
  --_immo-radius:var(--immo-radius,6px);
  --_immo-focus-ring:var(--immo-focus-ring,0 0 0 3px rgba(11, 92, 173, 0.45));
  --_immo-text-gap:var(--immo-text-gap,12px);
  --_immo-text-muted:var(--immo-text-muted,#5a5a60);
  --_immo-text-button-text:var(--immo-text-button-text,#ffffff);
  --_immo-text-columns:var(--immo-text-columns,repeat(auto-fill, minmax(200px, 1fr)));
  font-family: var(--_immo-font-family);
  font-size: 16px;
  line-height: 1.4;
  color: var(--_immo-color-text);
  background: var(--_immo-color-background);
  text-align: start;
  letter-spacing: normal;
}
@media (prefers-color-scheme: dark) {
  :host{
    --_immo-color-text:var(--immo-color-text,#ececf0);
    --_immo-color-background:var(--immo-color-background,#1c1c1f);
    --_immo-color-accent:var(--immo-color-accent,#7db7f5);
    --_immo-color-border:var(--immo-color-border,#8f8f98);
    --_immo-color-error:var(--immo-color-error,#ff8a8a);
    --_immo-focus-ring:var(--immo-focus-ring,0 0 0 3px rgba(125, 183, 245, 0.55));
    --_immo-text-muted:var(--immo-text-muted,#b4b4bc);
    --_immo-text-button-text:var(--immo-text-button-text,#0d1b2a);
  }
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
form, .result, .grid { display: grid; gap: var(--_immo-text-gap); }
.grid { grid-template-columns: var(--_immo-text-columns); align-items: start; }
fieldset, .summary, .status { border: 1px solid var(--_immo-color-border); border-radius: var(--_immo-radius); padding: var(--_immo-text-gap); }
.summary, .status { border: 2px solid var(--_immo-color-error); }
.busy { border-color: var(--_immo-color-border); }
fieldset { margin: 0; min-width: 0; }
legend { font-weight: 700; padding: 0 4px; }
.field { display: grid; gap: 4px; min-width: 0; }
.radios { display: flex; flex-wrap: wrap; gap: 4px 16px; border: 0; padding: 0; }
.field > label, .radios legend { font-size: 14px; font-weight: 600; }
.radios legend { padding: 0; margin-bottom: 4px; }
.check, .actions, .coords { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.check { flex-wrap: nowrap; font-size: 16px; }
input[type=text], select, textarea, button { font: inherit; min-height: 40px; border-radius: var(--_immo-radius); background: var(--_immo-color-background); }
input[type=text], select, textarea { color: inherit; border: 1px solid var(--_immo-color-border); padding: 8px 10px; width: 100%; }
textarea { min-height: 200px; resize: vertical; }
input[type=checkbox], input[type=radio] { width: 20px; height: 20px; margin: 0; flex: none; accent-color: var(--_immo-color-accent); }
[aria-invalid=true] { border-color: var(--_immo-color-error); border-width: 2px; }
:focus-visible, input:focus, select:focus, textarea:focus { outline: 2px solid var(--_immo-color-accent); outline-offset: 1px; box-shadow: var(--_immo-focus-ring); }
.hint { font-size: 13px; color: var(--_immo-text-muted); }
p.hint { margin: 0 0 var(--_immo-text-gap); }
.error { font-size: 14px; color: var(--_immo-color-error); }
.coords { font-size: 14px; color: var(--_immo-text-muted); }
.summary a { color: inherit; }
button { padding: 8px 16px; border: 1px solid var(--_immo-color-accent); color: var(--_immo-color-accent); cursor: pointer; }
.primary { background: var(--_immo-color-accent); color: var(--_immo-text-button-text); }
progress { width: 100%; accent-color: var(--_immo-color-accent); }

.sr-only, .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
/* A class, not a style attribute: the element must work under a CSP without 'unsafe-inline'. */
.wide, geo-autocomplete { grid-column: 1 / -1; }
`;
