/**
 * Where geo-autocomplete's popup goes, by Floating UI (@floating-ui/dom) as its authors use
 * it: `computePosition` when the popup opens, `autoUpdate` while it is open (scrolling
 * ancestors, window and visual viewport resizes, the field moving), its cleanup when it
 * closes. Middleware: `offset` (the gap), `flip` (above the field when the list does not
 * fit below and there is more room above), `shift` (inside the viewport across), `size` (as
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
 * starts the import ({@link PopupPosition.prepare}), the first opening waits for it with
 * the popup hidden; a page that is only looked at never loads it.
 *
 * What an opening costs. It is placed in the task that rendered the list, right after the
 * render (the first opening, while Floating UI still loads, hidden until placed). Placing
 * it in the next animation frame instead was measured worse (bench/typing.ts, 4×, 7 runs:
 * longest input delay 60 ms against 13): the frame that presents the next key then carried
 * the placement. Nothing is written before Floating UI measures, and its `size`
 * writes nothing that changes the popup's box in the common case, so it measures once: the
 * popup is already as wide as the field (a ResizeObserver on the field, from the first
 * focus on, keeps its width without reading layout), and it opens at its stylesheet's
 * max-height, which `size` keeps where there is room for it. (A change of the box makes
 * Floating UI measure everything again, one more layout of the whole list.)
 *
 * No layout read while the visitor types. The popup's own size is not observed (autoUpdate's
 * `elementResize` is off; the field's ResizeObserver re-places an open popup): re-placing
 * it on every list update meant a layout read per keystroke, which is why an earlier
 * version dropped Floating UI. A list that grows or shrinks under typing needs no new
 * placement: below the field the popup is anchored by its top edge and grows down to its
 * `max-height`; above it, it is anchored by its bottom edge (`top` at the field's top minus
 * the gap, `translateY(-100%)`), so it grows upwards without being measured.
 */
import type { ComputePositionReturn, Middleware } from '@floating-ui/dom';

/** Gap (px) between the field and the popup. */
export const GAP = 2;
/** Room (px) kept free to the viewport's edge. */
export const EDGE = 8;
/** Popup height bounds (px; the stylesheet's max-height is MAX_H too). */
export const MIN_H = 96;
export const MAX_H = 360;

type Floating = typeof import('./floating.js');
let loading: Promise<Floating> | undefined;
let loaded: Floating | undefined;

/** Starts loading Floating UI (once per page; again after a failed load). */
export function preload(): Promise<Floating> {
  return (loading ??= import('./floating.js').then(
    (m) => (loaded = m),
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  ));
}

/** Where the popup's bottom edge goes when it is placed above the field (set by `size`'s apply). */
export interface Anchor {
  top: number;
}

/** Writes a length only when it changes (an equal value leaves the popup's box alone). */
function setPx(style: CSSStyleDeclaration | Record<string, string>, key: 'width' | 'maxHeight', px: number): void {
  if (Math.abs(parseFloat(style[key] as string) - px) > 0.5 || !style[key]) style[key] = `${px}px`;
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
        setPx(style, 'width', rects.reference.width / zoom);
        setPx(style, 'maxHeight', Math.max(MIN_H, Math.min(MAX_H, availableHeight / zoom)));
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
  /** Counts openings: a load that finishes after its popup closed places nothing. */
  #run = 0;
  /** The field's size, watched from the first focus on (see the module comment). */
  #ro?: ResizeObserver;
  /** Re-places the open popup in the next frame (unset while it is closed). */
  #later?: () => void;

  constructor(
    private readonly field: () => HTMLElement | null | undefined,
    private readonly popup: () => HTMLElement | null | undefined,
  ) {}

  /** The field got focus: start loading Floating UI and keep the popup as wide as the field. */
  prepare(): void {
    const field = this.field();
    if (this.#ro || !field) {
      void preload().catch(() => {}); // (retried when the popup opens)
      return;
    }
    // Once loaded, Floating UI runs once on the closed popup, in an idle moment before the
    // list first opens: its code is compiled and warmed then, not in the task that opens
    // the list, where it would delay or lengthen a key (measured at 1×: the
    // first placement 6 ms cold, 2 ms warmed; later ones 1.5 ms). It writes nothing.
    preload().then(
      (m) => ((globalThis as { requestIdleCallback?: (f: () => void) => void }).requestIdleCallback ?? setTimeout)(() => {
        const pop = this.popup();
        if (pop && !this.#cleanup) void m.computePosition(field, pop, this.#config(m, pop, {}, { top: 0 }, 1));
      }),
      () => {},
    );
    this.#ro = new ResizeObserver(([e]) => {
      const w = e?.borderBoxSize?.[0]?.inlineSize;
      const pop = this.popup();
      if (w && pop) setPx(pop.style, 'width', w); // (CSS pixels of the field, which the popup shares: its zoom too)
      this.#later?.();
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
    if (loaded) return this.#follow(loaded, field, pop);
    pop.style.visibility = 'hidden'; // until placed, while Floating UI loads
    preload().then(
      (m) => {
        if (run === this.#run) this.#follow(m, field, pop);
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
    this.#cleanup?.();
    this.#cleanup = this.#later = undefined;
  }

  /** Floating UI's options for the popup; `style` receives what `size` writes. */
  #config(m: Floating, pop: HTMLElement, style: CSSStyleDeclaration | Record<string, string>, anchor: Anchor, zoom: number) {
    const platform: typeof m.platform = zoom === 1 ? m.platform : {
      ...m.platform,
      // the popup's size in viewport pixels, as the field's rectangle is
      getDimensions: async (el) => {
        const d = await m.platform.getDimensions(el);
        return el === pop ? { width: d.width * zoom, height: d.height * zoom } : d;
      },
    };
    return { strategy: 'fixed' as const, placement: 'bottom-start' as const, platform, middleware: middleware(m, style, anchor, zoom) };
  }

  #follow(m: Floating, field: HTMLElement, pop: HTMLElement): void {
    const anchor: Anchor = { top: 0 };
    const zoom = (pop as { currentCSSZoom?: number }).currentCSSZoom ?? 1;
    const config = this.#config(m, pop, pop.style, anchor, zoom);
    const run = this.#run;
    let frame = 0;
    const update = () => {
      frame = 0;
      void m.computePosition(field, pop, config).then((r) => {
        if (run === this.#run) Object.assign(pop.style, placed(r, anchor, zoom));
      });
    };
    // Scroll and resize events come several a frame: one placement per frame.
    const later = (this.#later = () => void (frame ||= requestAnimationFrame(update)));
    let first = true;
    const cleanup = m.autoUpdate(field, pop, () => (first ? ((first = false), update()) : later()), { elementResize: false });
    this.#cleanup = () => {
      cleanup();
      cancelAnimationFrame(frame);
    };
  }
}
