/**
 * Where geo-autocomplete's popup goes: under the field, as wide as it, above it when there
 * is more room there, its height capped to the visual viewport (a virtual keyboard counts).
 *
 * Layout is read when the list opens, when anything scrolls (capture: any container) and
 * when the window or the visual viewport resizes, once per frame, never on a list update:
 * reading `getBoundingClientRect` right after the list changed forces a page layout on every
 * keystroke. So the popup is placed without knowing its own height later on: below the field
 * by `top`, above it by `top` at the field's top edge and `translateY(-100%)`, which the
 * browser resolves when it lays the popup out. The popup lives in the top layer (Popover
 * API), whose containing block is the viewport, so the field's viewport coordinates are all
 * that is needed (no offset-parent or clipping walk, and no positioning library).
 */

/** Gap (px) between the field and the popup. */
const GAP = 2;
/** Room (px) kept free to the viewport's edge. */
const EDGE = 8;
/** Height (px) below which the popup turns upwards when there is more room above. */
const WANT = 240;
/** Popup height bounds (px). */
const MIN_H = 96;
const MAX_H = 360;

export interface Rect {
  top: number;
  bottom: number;
  left: number;
  width: number;
}

export interface Placement {
  left: number;
  top: number;
  width: number;
  maxHeight: number;
  /** Above the field (the popup is moved up by its own height). */
  up: boolean;
}

/**
 * Pure placement: `field` in viewport coordinates, the visible part of the viewport
 * (`vTop`, `vHeight`: the visual viewport), and the popup's natural height when known.
 */
export function place(field: Rect, vTop: number, vHeight: number, natural = WANT): Placement {
  const below = vTop + vHeight - field.bottom - EDGE;
  const above = field.top - vTop - EDGE;
  const up = below < Math.min(natural, WANT) && above > below;
  return {
    left: field.left,
    top: up ? field.top - GAP : field.bottom + GAP,
    width: field.width,
    maxHeight: Math.max(MIN_H, Math.min(MAX_H, up ? above : below)),
    up,
  };
}

/** Keeps a popup placed at its field while it is open. */
export class PopupPosition {
  #off?: AbortController;
  #frame = 0;
  /** The popup's natural height when it opened. */
  #natural = WANT;

  constructor(
    private readonly field: () => HTMLElement | null | undefined,
    private readonly popup: () => HTMLElement | null | undefined,
  ) {}

  /** The popup opened: place it now and follow scrolling and resizing until {@link stop}. */
  start(): void {
    this.stop();
    this.#off = new AbortController();
    const o = { capture: true, passive: true, signal: this.#off.signal };
    const later = () => {
      if (!this.#frame) this.#frame = requestAnimationFrame(() => ((this.#frame = 0), this.update()));
    };
    for (const t of [window, window.visualViewport]) for (const type of ['scroll', 'resize']) t?.addEventListener(type, later, o);
    this.update(true);
  }

  stop(): void {
    this.#off?.abort();
    this.#off = undefined;
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
  }

  /** Reads the layout and places the popup (`measure`: also its natural height, on open). */
  update(measure = false): void {
    const field = this.field();
    const pop = this.popup();
    if (!field || !pop) return;
    const r = field.getBoundingClientRect();
    const vv = window.visualViewport;
    // (the listbox scrolls inside the popup: the natural height is that of its children)
    if (measure) this.#natural = [...pop.children].reduce((h, c) => h + c.scrollHeight, 0);
    const p = place(r, vv?.offsetTop ?? 0, vv?.height ?? innerHeight, this.#natural);
    Object.assign(pop.style, {
      left: `${p.left}px`,
      top: `${p.top}px`,
      width: `${p.width}px`,
      maxHeight: `${p.maxHeight}px`,
      transform: p.up ? 'translateY(-100%)' : '',
    });
  }
}
