/**
 * Keeps geo-autocomplete's popup placed at its field while it is open, by Floating UI
 * (./floating.ts) in every engine: under the field, above it when there is no room below, as
 * wide as the field and as tall as the room the visual viewport leaves (a virtual keyboard),
 * following scrolling, resizing and the field's moves, hidden while the field is out of
 * sight, under transformed and zoomed ancestors too. The popup is a `popover` in the top
 * layer, so no `overflow` or dialog clips it; its coordinates are inline styles written
 * through the CSSOM, which a Content-Security-Policy without 'unsafe-inline' allows.
 *
 * floating.ts is an `import()`: focus starts loading it ({@link PopupPosition.prepare}) and
 * runs it once, idle, on the closed popup; the first opening waits for it with the popup
 * hidden; a load that failed is tried again at the next focus or opening. From the first
 * focus on, the closed popup is kept as wide as the field without reading layout, so that
 * placing it changes nothing of its box.
 */
type Floating = typeof import('./floating.js');
let loading: Promise<Floating> | undefined;
/** Gap (px) between the field and the popup, placed by floating.ts or, without it, here. */
export const GAP = 2;
let loaded: Floating | undefined;

/** Starts loading Floating UI's placement (once per page; again after a failed load). */
export function preload(): Promise<Floating> {
  return (loading ??= import('./floating.js').then(
    (m) => (loaded = m),
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  ));
}

/** Keeps a popup placed at its field while it is open. */
export class PopupPosition {
  #following?: ReturnType<Floating['follow']>;
  /** Counts openings: a load that finishes after its popup closed places nothing. */
  #run = 0;
  /** The field's size, watched from its first focus on. */
  #ro?: ResizeObserver;
  /** The field {@link #ro} watches. */
  #watched?: HTMLElement;

  constructor(
    private readonly field: () => HTMLElement | null | undefined,
    private readonly popup: () => HTMLElement | null | undefined,
  ) {}

  /** The field got focus: start loading Floating UI and keep the popup as wide as the field. */
  prepare(): void {
    const field = this.field();
    if (field) this.#prepare(field);
  }

  #prepare(field: HTMLElement): void {
    const load = preload();
    // Once loaded, Floating UI runs once on the closed popup in an idle moment (floating.ts, warm).
    if (!this.#ro)
      load.then(
        (m) =>
          (
            (globalThis as { requestIdleCallback?: (f: () => void) => void }).requestIdleCallback ??
            setTimeout
          )(() => {
            const pop = this.popup();
            if (pop && !this.#following) m.warm(field, pop, GAP);
          }),
        () => {},
      );
    else void load.catch(() => {}); // (retried when the popup opens)
    if (this.#watched === field) return;
    // The popup is as wide as the field before it opens, so that placing it changes nothing
    // of its box (one layout of the list, not two); read from the observer, not from layout.
    this.#ro ??= new ResizeObserver(([e]) => {
      // Open, Floating UI sizes it (on screen, under a transformed ancestor too) in its next placement.
      if (this.#following) return void this.#following.later();
      const w = e?.borderBoxSize?.[0]?.inlineSize;
      const style = this.popup()?.style;
      // (CSS pixels of the field, which the popup shares: its zoom too; floating.ts's size
      // writes the width on screen under a transformed ancestor.)
      if (w && style && !(Math.abs(parseFloat(style.width) - w) <= 0.5)) style.width = `${w}px`; // (unset: NaN)
    });
    this.#ro.disconnect();
    this.#ro.observe(field);
    this.#watched = field;
  }

  /** The popup opened (it is shown): place it and follow the field until {@link stop}. */
  start(): void {
    this.stop();
    const field = this.field();
    const pop = this.popup();
    if (!field || !pop) return;
    this.#prepare(field);
    const run = this.#run;
    pop.style.maxHeight = ''; // the stylesheet's (it was laid out closed: nothing to redo)
    if (loaded) {
      this.#following = loaded.follow(field, pop, GAP);
      return;
    }
    pop.style.visibility = 'hidden'; // until placed, while the placement loads
    preload().then(
      (m) => {
        if (run === this.#run) this.#following = m.follow(field, pop, GAP);
      },
      () => {
        // The placement did not load (offline, blocked): under the field, as wide as it; the next opening tries again.
        if (run !== this.#run) return;
        const r = field.getBoundingClientRect();
        Object.assign(pop.style, {
          left: `${r.left}px`,
          top: `${r.bottom + GAP}px`,
          width: `${r.width}px`,
          transform: '',
          visibility: '',
        });
      },
    );
  }

  /**
   * Something moved the field's content (the chips of `multiple`): place the open popup again
   * in the next frame (the field's size changes reach it by the observer too).
   */
  update(): void {
    this.#following?.later();
  }

  stop(): void {
    this.#run++;
    this.#following?.stop();
    this.#following = undefined;
  }
}
