import { css } from 'lit';

// One rule per line: Lit keeps the CSS text as written, so no indentation or line-per-declaration.
// Borders: one rule for every boxed element (the button recoloured below); an error or success
// box takes its border from its text colour. `.sr` hides the live region and the honeypot.
// Address: two rows, street and city wide, house number and postcode narrow; a row wraps by the element's own width.
export const styles = css`
:host{display:block;--_immo-font-family:var(--immo-font-family,system-ui,-apple-system,'Segoe UI',Roboto,sans-serif);--_immo-color-text:var(--immo-color-text,#1d1d1f);--_immo-color-background:var(--immo-color-background,#fff);--_immo-color-accent:var(--immo-color-accent,#0b5cad);--_immo-color-border:var(--immo-color-border,#8a8a90);--_immo-color-error:var(--immo-color-error,#b00020);--_immo-radius:var(--immo-radius,6px);--_immo-focus-ring:var(--immo-focus-ring,0 0 0 3px rgba(11,92,173,.45));--_immo-contact-gap:var(--immo-contact-gap,12px);--_immo-contact-input-padding:var(--immo-contact-input-padding,8px 10px);--_immo-contact-button-text:var(--immo-contact-button-text,#fff);--_immo-contact-success:var(--immo-contact-success,#1b6e2d);font-family:var(--_immo-font-family);font-size:16px;line-height:1.4;color:var(--_immo-color-text);background:var(--_immo-color-background);text-align:start;letter-spacing:normal}
@media (prefers-color-scheme:dark){:host{--_immo-color-text:var(--immo-color-text,#ececf0);--_immo-color-background:var(--immo-color-background,#1c1c1f);--_immo-color-accent:var(--immo-color-accent,#7db7f5);--_immo-color-border:var(--immo-color-border,#8f8f98);--_immo-color-error:var(--immo-color-error,#ff8a8a);--_immo-focus-ring:var(--immo-focus-ring,0 0 0 3px rgba(125,183,245,.55));--_immo-contact-button-text:var(--immo-contact-button-text,#0d1b2a);--_immo-contact-success:var(--immo-contact-success,#7ed996)}}
:host([hidden]){display:none}
*{box-sizing:border-box}
h2{font-size:20px;margin:0 0 var(--_immo-contact-gap)}
form,.field,fieldset{display:grid;gap:var(--_immo-contact-gap)}
.field{gap:4px}
fieldset,.status,input:not([type=checkbox]),select,textarea,button{border:1px solid var(--_immo-color-border);border-radius:var(--_immo-radius)}
fieldset,.status{padding:var(--_immo-contact-gap)}
fieldset{margin:0}
.row{display:flex;flex-wrap:wrap;gap:var(--_immo-contact-gap)}
.row>div{flex:3 1 12em}
.row>div+div{flex:1 1 8em}
.row+.row>div{flex:1 1 6em}
.row+.row>div+div{flex:3 1 12em}
legend{padding:0 4px}
label,legend{font-size:14px;font-weight:600}
.check label{font-weight:normal;font-size:16px;display:flex;gap:8px;align-items:flex-start}
.check input{width:18px;height:18px;margin:2px 0 0;flex:none}
input:not([type=checkbox]),select,textarea{font:inherit;color:inherit;background:var(--_immo-color-background);padding:var(--_immo-contact-input-padding);width:100%;min-height:40px}
textarea{min-height:120px;resize:vertical}
[aria-invalid=true]{border-color:var(--_immo-color-error);outline:1px solid var(--_immo-color-error)}
:focus-visible{outline:2px solid var(--_immo-color-accent);outline-offset:1px;box-shadow:var(--_immo-focus-ring)}
.req,.msg,.error{color:var(--_immo-color-error)}
.note,.msg{font-size:14px}
.success{color:var(--_immo-contact-success)}
.error,.success{border-color:currentColor}
.status p{margin:0 0 8px}
.status p:last-child{margin:0}
button{font:inherit;font-weight:600;cursor:pointer;border-color:var(--_immo-color-accent);padding:10px 18px;min-height:44px;background:var(--_immo-color-accent);color:var(--_immo-contact-button-text);justify-self:start}
.secondary{background:none;color:var(--_immo-color-accent)}
[aria-disabled=true]{opacity:.7;cursor:progress}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;margin:-1px;clip:rect(0 0 0 0);white-space:nowrap}
`;
