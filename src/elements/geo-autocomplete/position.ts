/**
 * The part of geo-autocomplete's popup placement that ships with the element.
 *
 * Where the engine has CSS anchor positioning, the browser places the popup (the stylesheet's
 * `.anchored` rule): under the field, flipped above it when there is no room below, as wide as
 * the field, following it as it moves; nothing here reads layout. An IntersectionObserver
 * hides the popup while the field is scrolled out of sight. What CSS cannot express goes to
 * Floating UI for that opening: a visual viewport smaller than the layout viewport (a virtual
 * keyboard, whose room caps the popup's height), and a transformed or zoomed ancestor of the
 * field (anchor positions ignore transforms).
 *
 * Elsewhere the popup is placed by ./floating.ts with Floating UI, an `import()`: focus starts
 * it ({@link PopupPosition.prepare}), the first opening waits for it with the popup hidden, and
 * the popup is kept as wide as the field from the first focus on.
 */
type Floating = typeof import('./floating.js');
let loading: Promise<Floating> | undefined;
/** Gap (px) between the field and the popup, placed by floating.ts or, without it, here. */
export const GAP = 2;
let loaded: Floating | undefined;

/**
 * Whether the browser places the popup (CSS anchor positioning with `position-try-fallbacks`
 * and `anchor-size()`); read at each opening, so a test can take the Floating UI path.
 */
export const anchoring = {
  enabled:
    typeof CSS !== 'undefined' &&
    !!CSS.supports?.('anchor-name: --a') &&
    CSS.supports('position-try-fallbacks: flip-block') &&
    CSS.supports('width: anchor-size(width)'),
};

/** Whether an ancestor of `el` (across shadow roots and slots) is transformed or zoomed: anchor positions would miss it on screen. */
function distorted(el: Element): boolean {
  for (let n: Element | null = el; n;) {
    const cs = getComputedStyle(n);
    if (
      cs.transform !== 'none' ||
      (cs.translate && cs.translate !== 'none') ||
      (cs.scale && cs.scale !== 'none') ||
      (cs.rotate && cs.rotate !== 'none') ||
      ((cs as { zoom?: string }).zoom ?? '1') !== '1'
    )
      return true;
    n = n.assignedSlot ?? n.parentElement ?? ((n.getRootNode() as ShadowRoot).host || null);
  }
  return false;
}

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
  /** While the browser places the popup: what watches the field's visibility and the visual viewport. */
  #watch?: AbortController;

  constructor(
    private readonly field: () => HTMLElement | null | undefined,
    private readonly popup: () => HTMLElement | null | undefined,
  ) {}

  /** The field got focus: start loading the placement and keep the popup as wide as the field (where the browser does not place it). */
  prepare(): void {
    if (anchoring.enabled) return;
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
    const field = this.field();
    const pop = this.popup();
    if (!field || !pop) return;
    const vv = globalThis.visualViewport;
    const keyboard = () => !!vv && vv.height < innerHeight - 0.5;
    if (anchoring.enabled && !keyboard() && !distorted(field)) {
      pop.removeAttribute('style'); // (what Floating UI wrote at an earlier opening)
      pop.classList.add('anchored');
      const watch = (this.#watch = new AbortController());
      const io = new IntersectionObserver(([e]) => {
        if (e) pop.style.visibility = e.isIntersecting ? '' : 'hidden';
      });
      io.observe(field);
      watch.signal.addEventListener('abort', () => io.disconnect());
      vv?.addEventListener(
        'resize',
        () => {
          if (!keyboard()) return;
          this.stop();
          this.#float(field, pop);
        },
        { signal: watch.signal },
      );
      return;
    }
    this.#float(field, pop);
  }

  /** Places the popup with Floating UI (loaded now if it is not yet) and follows the field. */
  #float(field: HTMLElement, pop: HTMLElement): void {
    pop.classList.remove('anchored');
    if (anchoring.enabled) pop.removeAttribute('style');
    else this.prepare();
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
    this.#watch?.abort();
    this.#watch = undefined;
    this.#following?.stop();
    this.#following = undefined;
  }
}
