import { css } from 'lit';
import { controls, tokens } from '../../shared/styles.js';

// Tokens, resets, buttons, the input and the error box come from src/shared/styles.ts; this
// sheet only adds what is geo-autocomplete's own.
// The input is the shared transparent field (it sits on the page); the popup overlays other
// content, so it is opaque (--_immo-opaque, with the text colour that pairs with it).
// The listbox, not the popup, scrolls: the combobox controls it, so a keyboard reaches every
// option through aria-activedescendant (axe's scrollable-region rule knows that pattern),
// and its scrollbar is inside the listbox's pointerdown guard that keeps the focus in the input.
// The popup is fixed in the top layer; position.ts places it (left, top, width, max-height
// as inline styles, through Floating UI).
const own = css`
  :host {
    position: relative;
  }
  label {
    display: block;
    margin-bottom: 4px;
  }
  .field {
    position: relative;
    display: flex;
  }
  [part='hint'] {
    margin-top: 4px;
    font-size: 13px;
    color: var(--_immo-muted);
  }
  input {
    flex: 1;
    min-width: 0;
    height: var(--immo-geo-autocomplete-height, 44px);
    padding: 0 40px 0 12px;
  }
  input:disabled {
    opacity: 0.6;
  }
  .clear {
    position: absolute;
    inset-inline-end: 4px;
    top: 4px;
    width: 36px;
    height: 36px;
    border: 0;
    background: none;
    color: var(--_immo-muted);
    font-size: 22px;
  }
  [popover] {
    position: fixed;
    inset: auto;
    margin: 0;
    padding: 0;
    overflow: hidden;
    max-height: 360px;
    font: inherit;
    color: var(--_immo-opaque-text);
    background: var(--_immo-opaque);
    border: 1px solid var(--_immo-border);
    border-radius: var(--_immo-radius);
    box-shadow: 0 8px 24px rgb(0 0 0/20%);
  }
  :popover-open {
    display: flex;
    flex-direction: column;
  }
  [role='listbox'] {
    padding: 4px 0;
    overflow: auto;
    overscroll-behavior: contain;
    min-height: 0;
  }
  [part='group-label'] {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 8px 12px 4px;
    font-size: 13px;
    font-weight: 600;
    color: var(--_immo-muted);
  }
  svg {
    width: 16px;
    height: 16px;
    flex: none;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.5;
    stroke-linejoin: round;
  }
  [role='option'] {
    padding: 8px 12px 8px 36px;
    cursor: pointer;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  [aria-selected='true'] {
    background: var(--_immo-active);
    outline: 2px solid var(--_immo-accent);
    outline-offset: -2px;
  }
  mark {
    background: none;
    color: var(--immo-color-match);
    font-weight: 700;
  }
  [part~='status'],
  [part~='error'] {
    flex: none;
    margin: 0;
    padding: 10px 12px;
    border: 0;
    border-radius: 0;
  }
`;
export const styles = [tokens, controls, own];
