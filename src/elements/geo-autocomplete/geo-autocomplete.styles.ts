import { css } from 'lit';

export const styles = css`
  :host {
    --_fg: var(--immo-color-text, #1f2328);
    --_bg: var(--immo-color-background, #fff);
    --_accent: var(--immo-color-accent, #0b5cad);
    --_border: var(--immo-color-border, #8c959f);
    --_error: var(--immo-color-error, #b42318);
    --_muted: var(--immo-geo-color-muted, #57606a);
    --_active: var(--immo-geo-color-active, #e7f0fa);
    --_mark: var(--immo-geo-color-match, inherit);
    --_radius: var(--immo-radius, 6px);
    --_ring: var(--immo-focus-ring, 0 0 0 3px rgb(11 92 173 / 45%));
    display: block;
    position: relative;
    font-family: var(--immo-font-family, system-ui, sans-serif);
    font-size: var(--immo-geo-font-size, 16px);
    line-height: 1.4;
    color: var(--_fg);
    text-align: start;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_fg: var(--immo-color-text, #e6edf3);
      --_bg: var(--immo-color-background, #161b22);
      --_accent: var(--immo-color-accent, #6cb6ff);
      --_border: var(--immo-color-border, #6e7681);
      --_error: var(--immo-color-error, #ff7b72);
      --_muted: var(--immo-geo-color-muted, #9da7b3);
      --_active: var(--immo-geo-color-active, #1f3a5a);
    }
  }
  :host([hidden]) { display: none; }
  label { display: block; margin-bottom: 4px; font-weight: 600; }
  .field { position: relative; display: flex; }
  input {
    flex: 1; min-width: 0; box-sizing: border-box; height: var(--immo-geo-height, 44px);
    padding: 0 40px 0 12px; font: inherit; color: inherit; background: var(--_bg);
    border: 1px solid var(--_border); border-radius: var(--_radius); margin: 0;
  }
  input:focus-visible, button:focus-visible { outline: 2px solid var(--_accent); outline-offset: 1px; box-shadow: var(--_ring); }
  input:disabled { opacity: .6; }
  input[aria-invalid='true'] { border-color: var(--_error); }
  .clear {
    position: absolute; inset-inline-end: 4px; top: 50%; transform: translateY(-50%);
    width: 36px; height: 36px; border: 0; border-radius: var(--_radius); background: none;
    color: var(--_muted); font: 22px/1 sans-serif; cursor: pointer;
  }
  [popover] {
    position: fixed; inset: auto; margin: 0; padding: 0; box-sizing: border-box;
    overflow: auto; overscroll-behavior: contain; max-height: 360px;
    color: var(--_fg); background: var(--_bg); border: 1px solid var(--_border);
    border-radius: var(--_radius); box-shadow: 0 8px 24px rgb(0 0 0 / 20%);
    font: inherit; z-index: 2147483000;
  }
  [role='listbox'] { padding: 4px 0; }
  [part~='group-label'] {
    display: flex; align-items: center; gap: 8px; padding: 8px 12px 4px;
    font-size: 13px; font-weight: 600; color: var(--_muted); text-transform: none;
  }
  svg { width: 16px; height: 16px; flex: none; fill: none; stroke: currentColor; stroke-width: 1.5; stroke-linejoin: round; }
  [role='option'] { padding: 8px 12px 8px 36px; cursor: pointer; }
  [role='option'][aria-selected='true'] { background: var(--_active); outline: 2px solid var(--_accent); outline-offset: -2px; }
  mark { background: none; color: var(--_mark); font-weight: 700; }
  [part~='status'] { padding: 10px 12px; color: var(--_muted); }
  [part~='status'].error { color: var(--_error); }
  [part~='status'] button {
    margin-inline-start: 8px; padding: 4px 10px; font: inherit; font-size: 14px; color: var(--_accent);
    background: none; border: 1px solid currentColor; border-radius: var(--_radius); cursor: pointer;
  }
  .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;
