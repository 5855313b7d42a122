import { css } from 'lit';

// One rule per line: Lit keeps the CSS text as written, so no indentation or line-per-declaration.
// Borders: one rule for every boxed element (the button recoloured below); an error or success
// box takes its border from its text colour. `.sr` hides the live region and the honeypot.
// Address: two rows, street and city wide, house number and postcode narrow; a row wraps by the element's own width.
export const styles = css`
:host{display:block;--immo-font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;--immo-color-text:#1d1d1f;--immo-color-background:#fff;--immo-color-accent:#0b5cad;--immo-color-border:#8a8a90;--immo-color-error:#b00020;--immo-radius:6px;--immo-focus-ring:0 0 0 3px rgba(11,92,173,.45);--immo-contact-gap:12px;--immo-contact-input-padding:8px 10px;--immo-contact-button-text:#fff;--immo-contact-success:#1b6e2d;font-family:var(--immo-font-family);font-size:16px;line-height:1.4;color:var(--immo-color-text);background:var(--immo-color-background);text-align:start;letter-spacing:normal}
@media (prefers-color-scheme:dark){:host{--immo-color-text:#ececf0;--immo-color-background:#1c1c1f;--immo-color-accent:#7db7f5;--immo-color-border:#8f8f98;--immo-color-error:#ff8a8a;--immo-focus-ring:0 0 0 3px rgba(125,183,245,.55);--immo-contact-button-text:#0d1b2a;--immo-contact-success:#7ed996}}
:host([hidden]){display:none}
*{box-sizing:border-box}
h2{font-size:20px;margin:0 0 var(--immo-contact-gap)}
form,.field,fieldset{display:grid;gap:var(--immo-contact-gap)}
.field{gap:4px}
fieldset,.status,input:not([type=checkbox]),select,textarea,button{border:1px solid var(--immo-color-border);border-radius:var(--immo-radius)}
fieldset,.status{padding:var(--immo-contact-gap)}
fieldset{margin:0}
.row{display:flex;flex-wrap:wrap;gap:var(--immo-contact-gap)}
.row>div{flex:3 1 12em}
.row>div+div{flex:1 1 8em}
.row+.row>div{flex:1 1 6em}
.row+.row>div+div{flex:3 1 12em}
legend{padding:0 4px}
label,legend{font-size:14px;font-weight:600}
.check label{font-weight:normal;font-size:16px;display:flex;gap:8px;align-items:flex-start}
.check input{width:18px;height:18px;margin:2px 0 0;flex:none}
input:not([type=checkbox]),select,textarea{font:inherit;color:inherit;background:var(--immo-color-background);padding:var(--immo-contact-input-padding);width:100%;min-height:40px}
textarea{min-height:120px;resize:vertical}
[aria-invalid=true]{border-color:var(--immo-color-error);outline:1px solid var(--immo-color-error)}
:focus-visible{outline:2px solid var(--immo-color-accent);outline-offset:1px;box-shadow:var(--immo-focus-ring)}
.req,.msg,.error{color:var(--immo-color-error)}
.note,.msg{font-size:14px}
.success{color:var(--immo-contact-success)}
.error,.success{border-color:currentColor}
.status p{margin:0 0 8px}
.status p:last-child{margin:0}
button{font:inherit;font-weight:600;cursor:pointer;border-color:var(--immo-color-accent);padding:10px 18px;min-height:44px;background:var(--immo-color-accent);color:var(--immo-contact-button-text);justify-self:start}
.secondary{background:none;color:var(--immo-color-accent)}
[aria-disabled=true]{opacity:.7;cursor:progress}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;margin:-1px;clip:rect(0 0 0 0);white-space:nowrap}
`;
