import { css } from 'lit';
import { controls, skeleton, tokens } from '../../shared/styles.js';

// Tokens, resets, buttons, inputs, the error box and .sr come from src/shared/styles.ts; this
// sheet adds what is contact-realtor's own. One rule per line: Lit keeps the CSS text as written.
// A status box (loading aside) is framed like the error box; a success takes its frame from its
// text colour. Address: two rows, street and city wide, house number and postcode narrow; a row
// wraps by the element's own width. The listing's title line is two lines tall whatever its
// length (at most two lines, then an ellipsis), so that the skeleton knows its height. The
// outcome of a load and a hidden copy of the skeleton's form (the common one, or the one
// `expected-form` names) share one grid cell (.stack): the
// element keeps at least the skeleton's height (no shift when a shorter outcome arrives).
const own = css`
h2{font-size:20px;margin:0 0 var(--_immo-space)}
form,.form,.field,fieldset{display:grid;gap:var(--_immo-space)}
.field{gap:4px}
fieldset{border:1px solid var(--_immo-border);border-radius:var(--_immo-radius);padding:var(--_immo-space);margin:0;min-width:0}
div.status:not(.error){border:1px solid var(--_immo-border);border-radius:var(--_immo-radius);padding:var(--_immo-space)}
.row{display:flex;flex-wrap:wrap;gap:var(--_immo-space)}
.row>div{flex:3 1 12em}
.row>div+div{flex:1 1 8em}
.row+.row>div{flex:1 1 6em}
.row+.row>div+div{flex:3 1 12em}
legend{padding:0 4px}
label,legend{font-size:14px}
.check label{font-weight:400;font-size:16px;display:flex;gap:8px;align-items:flex-start}
.check input{width:18px;height:18px;margin:2px 0 0;flex:none;accent-color:var(--_immo-accent)}
input:not([type=checkbox]),select,textarea{width:100%}
textarea{min-height:120px;resize:vertical}
[aria-invalid=true]{outline:1px solid var(--_immo-error)}
.req,.msg{color:var(--_immo-error)}
.note,.msg{font-size:14px}
.note{color:var(--_immo-muted);margin:0}
.success{color:var(--_immo-success);border-color:currentColor}
.status p{margin:0 0 8px}
.status p:last-child{margin:0}
[part~=submit],.secondary{justify-self:start;min-height:44px;padding:10px 18px}
.title{min-height:2.8em;margin:0 0 var(--_immo-space);display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden}
.stack{display:grid}
.stack>*{grid-area:1/1;min-width:0}
.kept{visibility:hidden;animation:none}
`;
export const styles = [tokens, controls, skeleton, own];
