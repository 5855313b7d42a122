import { css } from 'lit';

/*
 * The one token sheet and the styles every element shares: an element's `static styles` is
 * `[tokens, controls, styles]` (`[tokens, controls, skeleton, styles]` with a skeleton), its
 * own sheet last. Public custom properties (--immo-*) are only read here, never set, so a
 * value on any ancestor wins; defaults are private --_immo-* properties on :host, colours
 * `light-dark()` pairs that follow the page's `color-scheme`. Elements paint no surface unless
 * asked; text properties a page leaks onto the host are reset with !important; sizes are px,
 * so a page's root font size does not shrink an element (docs/architecture.md#styles).
 */
export const tokens = css`
  :host {
    display: block;
    box-sizing: border-box;
    --_immo-accent: var(--immo-color-accent, light-dark(#0b5cad, #7db7f5));
    --_immo-on-accent: var(--immo-color-on-accent, light-dark(#fff, #0d1b2a));
    --_immo-muted: var(--immo-color-text-muted, color-mix(in srgb, currentColor 72%, transparent));
    --_immo-border: var(--immo-color-border, light-dark(#8a8f98, #8f8f98));
    --_immo-field: var(--immo-color-field, transparent);
    --_immo-error: var(--immo-color-error, light-dark(#b3261e, #ff8a80));
    --_immo-success: var(--immo-color-success, light-dark(#1b6e2d, #7ed996));
    --_immo-active: var(--immo-color-active, light-dark(#e3eefa, #22344a));
    --_immo-focus-ring: var(--immo-focus-ring, 0 0 0 3px light-dark(#0b5cad73, #7db7f58c));
    --_immo-radius: var(--immo-radius, 6px);
    --_immo-space: var(--immo-space, 12px);
    --_immo-opaque: var(--immo-color-surface, light-dark(#fff, #1c1c1f));
    --_immo-opaque-text: var(--immo-color-text, light-dark(#1d1d1f, #ececf0));
    --_immo-skeleton: var(--immo-color-skeleton, color-mix(in srgb, currentColor 13%, transparent));
    color: var(--immo-color-text);
    background: var(--immo-color-surface, transparent);
    font-family: var(
      --immo-font-family,
      system-ui,
      -apple-system,
      'Segoe UI',
      Roboto,
      sans-serif
    ) !important;
    font-size: var(--immo-font-size, 16px) !important;
    font-style: normal !important;
    font-weight: 400 !important;
    font-variant: normal !important;
    font-stretch: normal !important;
    line-height: 1.4 !important;
    letter-spacing: normal !important;
    word-spacing: normal !important;
    text-transform: none !important;
    text-align: start !important;
    text-indent: 0 !important;
    text-shadow: none !important;
    white-space: normal !important;
    word-break: normal !important;
    overflow-wrap: break-word !important;
    hyphens: manual !important;
  }
  :host([hidden]) {
    display: none !important;
  }
`;

/*
 * What all five share, by role: the focus ring, buttons (the primary action is part "submit",
 * secondary actions "retry", "cancel" or class .secondary), inputs (part "input"), the error
 * box (part "error", role=alert, with its "retry"), the polite status and the visually-hidden
 * text (.sr).
 */
export const controls = css`
  *,
  ::before,
  ::after {
    box-sizing: border-box;
  }
  :focus-visible {
    outline: 2px solid var(--_immo-accent);
    outline-offset: 1px;
    box-shadow: var(--_immo-focus-ring);
  }
  button {
    font: inherit;
    color: inherit;
    cursor: pointer;
    border-radius: var(--_immo-radius);
  }
  [part~='submit'],
  [part~='retry'],
  [part~='cancel'],
  .secondary {
    min-height: 40px;
    padding: 8px 16px;
    border: 1px solid var(--_immo-accent);
    font-weight: 600;
    background: none;
    color: var(--_immo-accent);
  }
  [part~='submit'] {
    background: var(--_immo-accent);
    color: var(--_immo-on-accent);
  }
  button[aria-disabled='true'],
  button:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  [part~='input'] {
    font: inherit;
    color: inherit;
    background: var(--_immo-field);
    border: 1px solid var(--_immo-border);
    border-radius: var(--_immo-radius);
    min-height: 40px;
    padding: 8px 10px;
    margin: 0;
    max-width: 100%;
  }
  [aria-invalid='true'] {
    border-color: var(--_immo-error);
  }
  [part~='label'] {
    font-weight: 600;
  }
  [part~='status'],
  [part~='empty'] {
    color: var(--_immo-muted);
  }
  [part~='error'] {
    color: var(--_immo-error);
    border: 1px solid currentColor;
    border-radius: var(--_immo-radius);
    padding: calc(var(--_immo-space) * 0.75) var(--_immo-space);
    margin: 8px 0;
    overflow-wrap: anywhere;
  }
  [part~='error'] p {
    margin: 0 0 8px;
  }
  [part~='error'] > :last-child {
    margin-bottom: 0;
  }
  [part~='error'] [part~='retry'] {
    margin-top: 8px;
    min-height: 36px;
    padding: 4px 14px;
  }
  .sr {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    margin: -1px;
    padding: 0;
    border: 0;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

/*
 * The skeleton (part "skeleton", aria-hidden, inert): the loading state drawn in the shapes of
 * what loads, at its height: its text in bars of its own length (.bone), its inputs and
 * buttons as grey boxes, blocks of class .sk where no text stands for them (a chart's bars),
 * all in --_immo-skeleton (--immo-color-skeleton, by default the text colour at 13 %, so it
 * suits a light, a dark or a partner's page), pulsing unless the visitor asks for reduced
 * motion. Selected by part name, so the public name and the look of a role are one. Only the
 * elements that draw a skeleton (contact-realtor, project-picker, region-stats) add this
 * sheet: geo-autocomplete and property-text have nothing to load before they can be used.
 */
export const skeleton = css`
  [part~='skeleton'] {
    pointer-events: none;
    user-select: none;
    animation: immo-pulse 1.2s ease-in-out infinite alternate;
  }
  [part~='skeleton'] .sk {
    display: block;
    border-radius: 3px;
    background: var(--_immo-skeleton);
  }
  [part~='skeleton'] :is(.bone, [part~='input'], button) {
    -webkit-text-fill-color: transparent;
    color: inherit;
    background: var(--_immo-skeleton);
    border-color: transparent;
    box-shadow: none;
    outline: 0;
  }
  [part~='skeleton'] .bone {
    border-radius: 4px;
    -webkit-box-decoration-break: clone;
    box-decoration-break: clone;
  }
  [part~='skeleton'] textarea {
    resize: none;
  }
  [part~='skeleton'] :is([type='checkbox'], [type='radio'], .req) {
    opacity: 0.35;
  }
  [part~='skeleton'] button .bone {
    background: none;
  }
  [part~='skeleton'] ::slotted(*) {
    visibility: hidden;
  }
  @keyframes immo-pulse {
    to {
      opacity: 0.55;
    }
  }
  .said {
    display: flex;
    flex-direction: column;
    height: 100%;
  }
  [part~='skeleton'].ghost {
    flex: 1 1 0;
    min-height: 0;
    overflow: hidden;
    animation: none;
    opacity: 0.6;
    -webkit-mask-image: linear-gradient(#000, transparent 90%);
    mask-image: linear-gradient(#000, transparent 90%);
  }
  @media (prefers-reduced-motion: reduce) {
    [part~='skeleton'] {
      animation: none;
    }
  }
`;
