/**
 * The part of geo-autocomplete's popup placement that ships with the element.
 *
 * Where the engine has CSS anchor positioning ({@link anchorable}), the browser places the
 * popup (the stylesheet's `.anchored` rule): under the field, flipped above it when there is
 * no room below, as wide as the field, following it as it moves; nothing here reads layout
 * while it is open. An IntersectionObserver hides it while the field is out of sight (not
 * every engine has `position-visibility`). What CSS cannot express goes to Floating UI, decided
 * when the field gets focus and when the visual viewport resizes, never while the visitor
 * types: a visual viewport shorter than the layout viewport (a virtual keyboard or a pinch
 * zoom, whose room caps the popup's height), and a transformed or zoomed ancestor of the field
 * (anchor positions do not follow transforms).
 *
 * Floating UI is ./floating.ts, an `import()` where the popup needs it: focus starts it
 * ({@link PopupPosition.prepare}), the first opening waits for it with the popup hidden, and
 * the popup is kept as wide as the field from that focus on.
 */
type Floating = typeof import('./floating.js');
let loading: Promise<Floating> | undefined;
/** Gap (px) between the field and the popup, placed by floating.ts or, without it, here. */
export const GAP = 2;
let loaded: Floating | undefined;

const supports = (decl: string) => typeof CSS !== 'undefined' && !!CSS.supports?.(decl);

/**
 * Whether the engine has what the stylesheet's `.anchored` rule uses: CSS anchor
 * positioning, with which the browser places the popup (read when a popup's placement is
 * made; else Floating UI places it). The browser's placement reads no layout from script,
 * and a visitor's key waits for no placement code. Its cost: in Chromium a popover in the
 * top layer whose position depends on an anchor is restyled during each of its layouts, and
 * its `::backdrop` then needs a style and layout pass of its own, so a list update costs two
 * such passes where Floating UI's fixed coordinates cost one.
 */
export const anchorable = (): boolean =>
  supports('anchor-name: --a') &&
  supports('position-anchor: --a') &&
  supports('top: anchor(bottom)') &&
  supports('width: anchor-size(width)') &&
  supports('position-try-fallbacks: flip-block');

/** Whether an ancestor of `el` (across shadow roots and slots) moves or scales it on screen. */
function distorted(el: Element): boolean {
  if (((el as { currentCSSZoom?: number }).currentCSSZoom ?? 1) !== 1) return true;
  for (let n: Element | null = el; n;) {
    const cs = getComputedStyle(n);
    if (
      (cs.transform !== 'none' && !new DOMMatrixReadOnly(cs.transform).isIdentity) ||
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

/** Whether the visual viewport is shorter than the layout viewport (a virtual keyboard, a pinch zoom). */
function shortViewport(): boolean {
  const vv = globalThis.visualViewport;
  return !!vv && vv.height < innerHeight - 0.5;
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
  /** The field's size, watched from the first focus that needs Floating UI on. */
  #ro?: ResizeObserver;
  /** Whether Floating UI places the popup (decided at focus and on a visual viewport resize). */
  #float = true;
  /** Whether {@link prepare} decided {@link #float} for the field there is. */
  #prepared = false;
  /** The visual viewport's resizes, watched while the field is in the page (anchored path). */
  #viewport?: AbortController;
  /** While the browser places the popup: the field's visibility. */
  #io?: IntersectionObserver;
  /** The browser can place the popup ({@link anchorable}). */
  readonly #anchorable = anchorable();

  constructor(
    private readonly field: () => HTMLElement | null | undefined,
    private readonly popup: () => HTMLElement | null | undefined,
  ) {}

  /**
   * The field got focus: decide who places the popup (the browser where it can) and, for
   * Floating UI, start loading it and keep the popup as wide as the field.
   */
  prepare(): void {
    const field = this.field();
    if (!field) return;
    this.#prepared = true;
    if (this.#anchorable) {
      this.#watchViewport();
      this.#float = shortViewport() || distorted(field);
      if (!this.#float) return;
    } else this.#float = true;
    this.#prepareFloat(field);
  }

  /** Floating UI places the popup: start loading it and keep the popup as wide as the field. */
  #prepareFloat(field: HTMLElement): void {
    if (this.#ro) {
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
          if (pop && !this.#following && this.#float) m.warm(field, pop, GAP);
        }),
      () => {},
    );
    // The popup is as wide as the field before it opens, so that placing it changes nothing
    // of its box (one layout of the list, not two); read from the observer, not from layout.
    this.#ro = new ResizeObserver(([e]) => {
      if (!this.#float) return; // (the stylesheet's width, where the browser places it)
      // Open, Floating UI sizes it (on screen, under a transformed ancestor too) in its next placement.
      if (this.#following) return void this.#following.later();
      const w = e?.borderBoxSize?.[0]?.inlineSize;
      const style = this.popup()?.style;
      // (CSS pixels of the field, which the popup shares: its zoom too; floating.ts's size
      // writes the width on screen under a transformed ancestor.)
      if (w && style && !(Math.abs(parseFloat(style.width) - w) <= 0.5)) style.width = `${w}px`; // (unset: NaN)
    });
    this.#ro.observe(field);
  }

  /** A virtual keyboard that comes or goes: an open anchored popup goes to Floating UI for the room left. */
  #watchViewport(): void {
    const vv = globalThis.visualViewport;
    if (this.#viewport || !vv) return;
    this.#viewport = new AbortController();
    vv.addEventListener(
      'resize',
      () => {
        if (!this.#anchorable || !shortViewport() || this.#float) return;
        this.#float = true;
        if (this.#io) this.start(); // open: placed by Floating UI from now on
      },
      { signal: this.#viewport.signal },
    );
  }

  /** The popup opened (it is shown): place it and follow the field until {@link stop}. */
  start(): void {
    this.stop();
    if (!this.#prepared || !this.#anchorable) this.prepare();
    const field = this.field();
    const pop = this.popup();
    if (!field || !pop) return;
    if (this.#anchorable && !this.#float) {
      this.#anchor(field, pop);
      return;
    }
    pop.classList.remove('anchored');
    this.#prepareFloat(field);
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
   * The browser places the popup. Its class and inline style change only when an earlier
   * opening was Floating UI's: an opening writes nothing the popup's style depends on.
   */
  #anchor(field: HTMLElement, pop: HTMLElement): void {
    if (!pop.classList.contains('anchored')) {
      pop.removeAttribute('style'); // (Floating UI's placement)
      pop.classList.add('anchored');
    }
    this.#io = new IntersectionObserver(([e]) => {
      const hide = e ? !e.isIntersecting : false;
      if (hide !== (pop.style.visibility === 'hidden')) pop.style.visibility = hide ? 'hidden' : '';
    });
    this.#io.observe(field);
  }

  /**
   * Something moved the field's content (the chips of `multiple`): place the open popup again
   * in the next frame (the field's size changes reach it by the observer too; the browser
   * follows the field by itself).
   */
  update(): void {
    this.#following?.later();
  }

  stop(): void {
    this.#run++;
    this.#following?.stop();
    this.#following = undefined;
    if (this.#io) {
      this.#io.disconnect();
      this.#io = undefined;
      const style = this.popup()?.style;
      if (style?.visibility) style.visibility = ''; // (hidden with the field out of sight)
    }
    if (this.field()?.isConnected) return;
    // Out of the page: the next focus decides again.
    this.#viewport?.abort();
    this.#viewport = undefined;
    this.#prepared = false;
  }
}
