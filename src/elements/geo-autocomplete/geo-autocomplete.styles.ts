import { css } from 'lit';

// Written compactly on purpose: Lit keeps CSS text as is, and it counts against the 16 KB budget.
// --_* are private: each reads the public custom property, with a light and a dark default.
// The label stands on the host page's background, not on one the element paints, so its
// colour is the page's text colour unless --immo-color-text is set (an unset custom
// property makes `color` inherit): a dark system theme on a light page must not turn it
// light-on-white. The input and the popup paint their own background and use the pair.
// The listbox, not the popup, scrolls: the combobox controls it, so a keyboard reaches every
// option through aria-activedescendant (axe's scrollable-region rule knows that pattern),
// and its scrollbar is inside the listbox's pointerdown guard that keeps the focus in the input.
export const styles = css`
:host{--_fg:var(--immo-color-text,#1f2328);--_bg:var(--immo-color-background,#fff);--_ac:var(--immo-color-accent,#0b5cad);--_bd:var(--immo-color-border,#8c959f);--_er:var(--immo-color-error,#b42318);--_mu:var(--immo-geo-color-muted,#57606a);--_act:var(--immo-geo-color-active,#e7f0fa);--_r:var(--immo-radius,6px);display:block;position:relative;font:var(--immo-geo-font-size,16px)/1.4 var(--immo-font-family,system-ui,sans-serif);text-align:start}
@media (prefers-color-scheme:dark){:host{--_fg:var(--immo-color-text,#e6edf3);--_bg:var(--immo-color-background,#161b22);--_ac:var(--immo-color-accent,#6cb6ff);--_bd:var(--immo-color-border,#6e7681);--_er:var(--immo-color-error,#ff7b72);--_mu:var(--immo-geo-color-muted,#9da7b3);--_act:var(--immo-geo-color-active,#1f3a5a)}}
:host([hidden]){display:none}
label{display:block;margin-bottom:4px;font-weight:600;color:var(--immo-color-text)}
.field{position:relative;display:flex}
input,[popover]{box-sizing:border-box;margin:0;font:inherit;background:var(--_bg);border:1px solid var(--_bd);border-radius:var(--_r)}
input{flex:1;min-width:0;height:var(--immo-geo-height,44px);padding:0 40px 0 12px;color:var(--_fg)}
:focus-visible{outline:2px solid var(--_ac);outline-offset:1px;box-shadow:var(--immo-focus-ring,0 0 0 3px rgb(11 92 173/45%))}
input:disabled{opacity:.6}
[aria-invalid=true]{border-color:var(--_er)}
button{font:inherit;color:var(--_ac);background:none;border-radius:var(--_r);cursor:pointer}
.clear{position:absolute;inset-inline-end:4px;top:4px;width:36px;height:36px;border:0;color:var(--_mu);font-size:22px}
[popover]{position:fixed;inset:auto;padding:0;overflow:hidden;max-height:360px;color:var(--_fg);box-shadow:0 8px 24px rgb(0 0 0/20%)}
:popover-open{display:flex;flex-direction:column}
[role=listbox]{padding:4px 0;overflow:auto;overscroll-behavior:contain;min-height:0}
[part=group-label]{display:flex;align-items:center;gap:8px;padding:8px 12px 4px;font-size:13px;font-weight:600;color:var(--_mu)}
svg{width:16px;height:16px;flex:none;fill:none;stroke:currentColor;stroke-width:1.5;stroke-linejoin:round}
[role=option]{padding:8px 12px 8px 36px;cursor:pointer}
[aria-selected=true]{background:var(--_act);outline:2px solid var(--_ac);outline-offset:-2px}
mark{background:none;color:var(--immo-geo-color-match,inherit);font-weight:700}
[part=status]{flex:none;padding:10px 12px;color:var(--_mu)}
.error{color:var(--_er)}
.error button{margin-inline-start:8px;padding:4px 10px;font-size:14px;border:1px solid}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
`;
