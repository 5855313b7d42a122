import { css } from 'lit';

// One rule per line: the template literal goes into the bundle as written.
export const styles = css`
:host {
  display: block;
  --immo-font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  --immo-color-text: #1d1d1f;
  --immo-color-background: #ffffff;
  --immo-color-accent: #0b5cad;
  --immo-color-border: #8a8a90;
  --immo-color-error: #b00020;
  --immo-radius: 6px;
  --immo-focus-ring: 0 0 0 3px rgba(11, 92, 173, 0.45);
  --immo-text-gap: 12px;
  --immo-text-muted: #5a5a60;
  --immo-text-button-text: #ffffff;
  --immo-text-columns: repeat(auto-fill, minmax(200px, 1fr));
  font-family: var(--immo-font-family);
  font-size: 16px;
  line-height: 1.4;
  color: var(--immo-color-text);
  background: var(--immo-color-background);
  text-align: start;
  letter-spacing: normal;
}
@media (prefers-color-scheme: dark) {
  :host {
    --immo-color-text: #ececf0;
    --immo-color-background: #1c1c1f;
    --immo-color-accent: #7db7f5;
    --immo-color-border: #8f8f98;
    --immo-color-error: #ff8a8a;
    --immo-focus-ring: 0 0 0 3px rgba(125, 183, 245, 0.55);
    --immo-text-muted: #b4b4bc;
    --immo-text-button-text: #0d1b2a;
  }
}
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
form, .result, .grid { display: grid; gap: var(--immo-text-gap); }
.grid { grid-template-columns: var(--immo-text-columns); align-items: start; }
fieldset, .summary, .status { border: 1px solid var(--immo-color-border); border-radius: var(--immo-radius); padding: var(--immo-text-gap); }
.summary, .status { border: 2px solid var(--immo-color-error); }
.busy { border-color: var(--immo-color-border); }
fieldset { margin: 0; min-width: 0; }
legend { font-weight: 700; padding: 0 4px; }
.field { display: grid; gap: 4px; min-width: 0; }
.radios { display: flex; flex-wrap: wrap; gap: 4px 16px; border: 0; padding: 0; }
.field > label, .radios legend { font-size: 14px; font-weight: 600; }
.radios legend { padding: 0; margin-bottom: 4px; }
.check, .actions, .coords { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.check { flex-wrap: nowrap; font-size: 16px; }
input[type=text], select, textarea, button { font: inherit; min-height: 40px; border-radius: var(--immo-radius); background: var(--immo-color-background); }
input[type=text], select, textarea { color: inherit; border: 1px solid var(--immo-color-border); padding: 8px 10px; width: 100%; }
textarea { min-height: 200px; resize: vertical; }
input[type=checkbox], input[type=radio] { width: 20px; height: 20px; margin: 0; flex: none; accent-color: var(--immo-color-accent); }
[aria-invalid=true] { border-color: var(--immo-color-error); border-width: 2px; }
:focus-visible, input:focus, select:focus, textarea:focus { outline: 2px solid var(--immo-color-accent); outline-offset: 1px; box-shadow: var(--immo-focus-ring); }
.hint { font-size: 13px; color: var(--immo-text-muted); }
p.hint { margin: 0 0 var(--immo-text-gap); }
.error { font-size: 14px; color: var(--immo-color-error); }
.coords { font-size: 14px; color: var(--immo-text-muted); }
.summary a { color: inherit; }
button { padding: 8px 16px; border: 1px solid var(--immo-color-accent); color: var(--immo-color-accent); cursor: pointer; }
.primary { background: var(--immo-color-accent); color: var(--immo-text-button-text); }
progress { width: 100%; accent-color: var(--immo-color-accent); }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
/* A class, not a style attribute: the element must work under a CSP without 'unsafe-inline'. */
.wide, geo-autocomplete { grid-column: 1 / -1; }
`;
