/**
 * The part of geo-autocomplete's popup placement that ships with the element: it loads the
 * rest on demand and keeps the popup as wide as the field. Where the popup goes, and how it
 * follows the field without a layout read while the visitor types, is ./floating.ts with
 * Floating UI, an `import()`: focus starts it ({@link PopupPosition.prepare}), the first
 * opening waits for it with the popup hidden.
 */
type Floating = typeof import('./floating.js');
let loading: Promise<Floating> | undefined;
/** Gap (px) between the field and the popup, placed by floating.ts or, without it, here. */
export const GAP = 2;
let loaded: Floating | undefined;

/** Starts loading the placement and Floating UI (once per page; again after a failed load). */
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
  /** The field's size, watched from the first focus on. */
  #ro?: ResizeObserver;

  constructor(
    private readonly field: () => HTMLElement | null | undefined,
    private readonly popup: () => HTMLElement | null | undefined,
  ) {}

  /** The field got focus: start loading the placement and keep the popup as wide as the field. */
  prepare(): void {
    const field = this.field();
    if (this.#ro || !field) {
      void preload().catch(() => {}); // (retried when the popup opens)
      return;
    }
    // Once loaded, Floating UI runs once on the closed popup in an idle moment (floating.ts, warm).
    preload().then(
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
    // The popup is as wide as the field before it opens, so that placing it changes nothing
    // of its box (one layout of the list, not two); read from the observer, not from layout.
    this.#ro = new ResizeObserver(([e]) => {
      const w = e?.borderBoxSize?.[0]?.inlineSize;
      const style = this.popup()?.style;
      // (CSS pixels of the field, which the popup shares: its zoom too; floating.ts's size
      // writes the width on screen under a transformed ancestor.)
      if (w && style && !(Math.abs(parseFloat(style.width) - w) <= 0.5)) style.width = `${w}px`; // (unset: NaN)
      this.#following?.later();
    });
    this.#ro.observe(field);
  }

  /** The popup opened (it is shown): place it and follow the field until {@link stop}. */
  start(): void {
    this.stop();
    this.prepare();
    const run = this.#run;
    const field = this.field();
    const pop = this.popup();
    if (!field || !pop) return;
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
