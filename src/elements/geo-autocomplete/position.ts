/**
 * Where geo-autocomplete's popup goes, by Floating UI (@floating-ui/dom) as its authors use
 * it: `computePosition` when the popup opens, `autoUpdate` while it is open (scrolling
 * ancestors, window and visual viewport resizes, the field moving or resizing), its cleanup
 * when it closes. Middleware: `offset` (the gap), `flip` (above the field when the room
 * below is short and there is more above), `shift` (inside the viewport across), `size` (as
 * wide as the field, as tall as the room left on its side, capped; the room is that of the
 * visual viewport, so a virtual keyboard counts), `hide` (hidden while the field is
 * scrolled out of sight). The popup is a `popover` in the top layer, so no `overflow`,
 * transform or dialog clips it; Floating UI knows the top layer's containing block (the
 * viewport) and transformed containers of the field. CSS `zoom` it does not know: the popup
 * inherits a zoomed ancestor's zoom in the top layer too (its `left: 10px` lands at 15 px
 * under `zoom: 1.5`), so its size is given to Floating UI in viewport pixels and what is
 * written back is divided by its zoom (`currentCSSZoom`; WebKit, without it, reports the
 * field's rectangle in unzoomed pixels and zooms no top-layer content: there a zoomed
 * container still misplaces the popup).
 *
 * Floating UI is loaded on demand (./floating.ts, dist/chunks/floating-ui.js): focus
 * starts the import ({@link preload}), the first opening waits for it with the popup
 * hidden; a page that is only looked at never loads it.
 *
 * An opening is placed in the next animation frame, not in the task that rendered the
 * list: placing reads layout, which that frame lays out anyway, and a key that arrives
 * meanwhile is handled first instead of waiting for the placement (the popup is hidden
 * until placed, never painted in the wrong place).
 *
 * No layout read while the visitor types. The popup's own size is not observed (autoUpdate's
 * `elementResize` is off; a ResizeObserver watches the field alone): re-placing it on every
 * list update meant a layout read per keystroke, which is why an earlier version dropped
 * Floating UI. A list that grows or shrinks under typing needs no new placement: below the
 * field the popup is anchored by its top edge and grows down to its `max-height`; above it,
 * it is anchored by its bottom edge (`top` at the field's top minus the gap,
 * `translateY(-100%)`), so it grows upwards without being measured.
 */
import type { ComputePositionReturn, Middleware } from '@floating-ui/dom';

/** Gap (px) between the field and the popup. */
export const GAP = 2;
/** Room (px) kept free to the viewport's edge. */
export const EDGE = 8;
/** Height (px) the popup is measured at when it opens: below this much room under the field it turns upwards when there is more above. */
export const WANT = 240;
/** Popup height bounds (px). */
export const MIN_H = 96;
export const MAX_H = 360;

type Floating = typeof import('./floating.js');
let loading: Promise<Floating> | undefined;

/** Starts loading Floating UI (once per page; again after a failed load). */
export function preload(): Promise<Floating> {
  return (loading ??= import('./floating.js').catch((e: unknown) => {
    loading = undefined;
    throw e;
  }));
}

/** Where the popup's bottom edge goes when it is placed above the field (set by `size`'s apply). */
export interface Anchor {
  top: number;
}

/**
 * The middleware, in Floating UI's order (flip before size). `style` is the popup's style
 * (size writes its width and max-height, in the popup's CSS pixels: viewport pixels over its
 * `zoom`); `anchor` receives the field's top edge minus the gap, where an upward popup's
 * bottom edge goes.
 */
export function middleware(m: Pick<Floating, 'offset' | 'flip' | 'shift' | 'size' | 'hide'>, style: CSSStyleDeclaration | Record<string, string>, anchor: Anchor, zoom = 1): Middleware[] {
  return [
    m.offset(GAP),
    m.flip({ padding: EDGE, crossAxis: false }),
    m.shift(),
    m.size({
      padding: EDGE,
      apply({ availableHeight, rects }) {
        anchor.top = rects.reference.y - GAP;
        style.width = `${rects.reference.width / zoom}px`;
        style.maxHeight = `${Math.max(MIN_H, Math.min(MAX_H, availableHeight / zoom))}px`;
      },
    }),
    m.hide(),
  ];
}

/** The popup's position from Floating UI's answer: left/top, anchored by its bottom edge when above the field. */
export function placed(r: Pick<ComputePositionReturn, 'x' | 'y' | 'placement' | 'middlewareData'>, anchor: Anchor, zoom = 1): Record<'left' | 'top' | 'transform' | 'visibility', string> {
  const up = r.placement.startsWith('top');
  return {
    left: `${r.x / zoom}px`,
    top: `${(up ? anchor.top : r.y) / zoom}px`,
    transform: up ? 'translateY(-100%)' : '',
    visibility: r.middlewareData.hide?.referenceHidden ? 'hidden' : '',
  };
}

/** Keeps a popup placed at its field while it is open. */
export class PopupPosition {
  #cleanup?: () => void;
  /** Counts openings: a load or a frame that comes after its popup closed places nothing. */
  #run = 0;
  #frame = 0;

  constructor(
    private readonly field: () => HTMLElement | null | undefined,
    private readonly popup: () => HTMLElement | null | undefined,
  ) {}

  /** The popup opened (it is shown): place it in the next frame and follow the field until {@link stop}. */
  start(): void {
    this.stop();
    const run = this.#run;
    const field = this.field();
    const pop = this.popup();
    if (!field || !pop) return;
    pop.style.visibility = 'hidden'; // until placed
    preload().then(
      (m) => {
        if (run === this.#run) this.#frame = requestAnimationFrame(() => this.#follow(m, field, pop));
      },
      () => {
        // The chunk did not load (offline, blocked): under the field, as wide as it; the next opening tries again.
        if (run !== this.#run) return;
        const r = field.getBoundingClientRect();
        Object.assign(pop.style, { left: `${r.left}px`, top: `${r.bottom + GAP}px`, width: `${r.width}px`, transform: '', visibility: '' });
      },
    );
  }

  stop(): void {
    this.#run++;
    cancelAnimationFrame(this.#frame);
    this.#cleanup?.();
    this.#cleanup = undefined;
  }

  #follow(m: Floating, field: HTMLElement, pop: HTMLElement): void {
    const anchor: Anchor = { top: 0 };
    const zoom = (pop as { currentCSSZoom?: number }).currentCSSZoom ?? 1;
    const platform: typeof m.platform = zoom === 1 ? m.platform : {
      ...m.platform,
      // the popup's size in viewport pixels, as the field's rectangle is
      getDimensions: async (el) => {
        const d = await m.platform.getDimensions(el);
        return el === pop ? { width: d.width * zoom, height: d.height * zoom } : d;
      },
    };
    const config = { strategy: 'fixed' as const, placement: 'bottom-start' as const, platform, middleware: middleware(m, pop.style, anchor, zoom) };
    const run = this.#run;
    let opening = true;
    let frame = 0;
    const update = () => {
      frame = 0;
      // On opening, flip decides on the popup's height up to WANT (so a long list that
      // would fit below in WANT px stays below, capped to the room there); later updates
      // keep its size (a max-height written and measured now would reset the list's scroll).
      if (opening) pop.style.maxHeight = `${WANT}px`;
      opening = false;
      void m.computePosition(field, pop, config).then((r) => {
        if (run === this.#run) Object.assign(pop.style, placed(r, anchor, zoom));
      });
    };
    // Scroll and resize events come several a frame: one placement per frame.
    const later = () => (frame ||= requestAnimationFrame(update));
    let first = true;
    const cleanup = m.autoUpdate(field, pop, () => (first ? ((first = false), update()) : later()), { elementResize: false });
    // The field's own size (autoUpdate's elementResize would also observe the popup, whose
    // size changes with every list update). The observer's first call is the initial size.
    let seen = false;
    const ro = new ResizeObserver(() => (seen ? later() : (seen = true)));
    ro.observe(field);
    this.#cleanup = () => {
      cleanup();
      ro.disconnect();
      cancelAnimationFrame(frame);
    };
  }
}
