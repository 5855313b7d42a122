/**
 * Where geo-autocomplete's popup goes, in every engine, by Floating UI (@floating-ui/dom) as
 * its authors use it: `computePosition` when the popup opens, `autoUpdate` while it is open
 * (scrolling ancestors, window and visual viewport resizes, the field moving), its cleanup
 * when it closes. Middleware: `offset` (the gap), `flip` (above the field when the list does
 * not fit below and there is more room above), `shift` (inside the viewport across), `size`
 * (as wide as the field, as tall as the room left on its side, capped; the room is that of
 * the visual viewport, so a virtual keyboard counts), `hide` (hidden while the field is
 * scrolled out of sight). The popup is a `popover` in the top layer, so no `overflow`,
 * transform or dialog clips it, and its coordinates are `fixed` ones: Floating UI knows the
 * top layer's containing block (the viewport) and transformed containers of the field. CSS
 * `zoom` it does not know: the popup inherits a zoomed ancestor's zoom in the top layer too
 * (its `left: 10px` lands at 15 px under `zoom: 1.5`), so its size is given to Floating UI in
 * viewport pixels and what is written back is divided by its zoom (`currentCSSZoom`; WebKit,
 * without it, reports the field's rectangle in unzoomed pixels and zooms no top-layer
 * content: there a zoomed container still misplaces the popup). What is written are inline
 * styles through the CSSOM, which a Content-Security-Policy without 'unsafe-inline' allows.
 *
 * position.ts imports this module with `import()` when the field gets focus, and the first
 * opening waits for it: a page that is only looked at runs none of it.
 *
 * What an opening costs. It is placed in the task that rendered the list (the first opening,
 * while this module still loads, hidden until placed), not in the next animation frame,
 * whose work would then delay the next key. Nothing is written before Floating UI measures,
 * and its `size` writes nothing that changes the popup's box in the common case, so it
 * measures once: the popup is already as wide as the field (position.ts keeps its width from
 * the first focus on, without reading layout), and it opens at its stylesheet's max-height,
 * which `size` keeps where there is room for it. (A change of the box makes Floating UI
 * measure everything again, one more layout of the whole list.)
 *
 * No layout read while the visitor types. The popup's own size is not observed (autoUpdate's
 * `elementResize` is off; position.ts's ResizeObserver on the field re-places an open popup):
 * re-placing it on every list update would be a layout read per keystroke. A list that grows
 * or shrinks under typing needs no new placement: below the field the popup is held by its
 * top edge and grows down to its `max-height`; above it, it is held by its bottom edge (`top`
 * at the field's top minus the gap, `translateY(-100%)`), so it grows upwards without being
 * measured.
 */
import {
  autoUpdate,
  computePosition,
  flip,
  hide,
  offset,
  platform,
  shift,
  size,
  type ComputePositionReturn,
  type Middleware,
  type Platform,
} from '@floating-ui/dom';
/** Room (px) kept free to the viewport's edge. */
export const EDGE = 8;
/** Popup height bounds (px; the stylesheet's max-height is MAX_H too). */
export const MIN_H = 96;
export const MAX_H = 360;

/** Where the popup's bottom edge goes when it is placed above the field (set by `size`'s apply). */
export interface Anchor {
  top: number;
}

type Style = CSSStyleDeclaration | Record<string, string>;

/** Writes a length only when it changes (an equal value leaves the popup's box alone). */
function setPx(style: Style, key: 'width' | 'maxHeight', px: number): void {
  if (Math.abs(parseFloat(style[key] as string) - px) > 0.5 || !style[key]) style[key] = `${px}px`;
}

/**
 * The middleware, in Floating UI's order (flip before size). `style` is the popup's style
 * (size writes its width and max-height, in the popup's CSS pixels: viewport pixels over its
 * `zoom`); `anchor` receives the field's top edge minus the gap, where an upward popup's
 * bottom edge goes; `gap` is position.ts's, which also places the popup without this module.
 */
export function middleware(style: Style, anchor: Anchor, gap: number, zoom = 1): Middleware[] {
  return [
    offset(gap),
    flip({ padding: EDGE, crossAxis: false }),
    shift(),
    size({
      padding: EDGE,
      apply({ availableHeight, rects }) {
        anchor.top = rects.reference.y - gap;
        setPx(style, 'width', rects.reference.width / zoom);
        setPx(style, 'maxHeight', Math.max(MIN_H, Math.min(MAX_H, availableHeight / zoom)));
      },
    }),
    hide(),
  ];
}

/** The popup's position from Floating UI's answer: left/top, anchored by its bottom edge when above the field. */
export function placed(
  r: Pick<ComputePositionReturn, 'x' | 'y' | 'placement' | 'middlewareData'>,
  anchor: Anchor,
  zoom = 1,
): Record<'left' | 'top' | 'transform' | 'visibility', string> {
  const up = r.placement.startsWith('top');
  return {
    left: `${r.x / zoom}px`,
    top: `${(up ? anchor.top : r.y) / zoom}px`,
    transform: up ? 'translateY(-100%)' : '',
    visibility: r.middlewareData.hide?.referenceHidden ? 'hidden' : '',
  };
}

/** Floating UI's options for the popup; `style` receives what `size` writes. */
function config(pop: HTMLElement, style: Style, anchor: Anchor, gap: number, zoom: number) {
  const p: Platform =
    zoom === 1
      ? platform
      : {
          ...platform,
          // the popup's size in viewport pixels, as the field's rectangle is
          getDimensions: async (el) => {
            const d = await platform.getDimensions(el);
            return el === pop ? { width: d.width * zoom, height: d.height * zoom } : d;
          },
        };
  return {
    strategy: 'fixed' as const,
    placement: 'bottom-start' as const,
    platform: p,
    middleware: middleware(style, anchor, gap, zoom),
  };
}

/**
 * Runs Floating UI once on the closed popup and writes nothing: its code is compiled and
 * warmed in an idle moment before the list first opens, not in the task that opens it,
 * where it would delay or lengthen a key (a cold first placement costs several times a
 * warm one).
 */
export function warm(field: HTMLElement, pop: HTMLElement, gap: number): void {
  void computePosition(field, pop, config(pop, {}, { top: 0 }, gap, 1));
}

/** A popup kept placed at its field: `later` places it again in the next frame, `stop` ends it. */
export interface Following {
  later(): void;
  stop(): void;
}

/** Places the opened popup at once, `gap` under or over its field, and keeps it placed there until `stop`. */
export function follow(field: HTMLElement, pop: HTMLElement, gap: number): Following {
  const anchor: Anchor = { top: 0 };
  const zoom = (pop as { currentCSSZoom?: number }).currentCSSZoom ?? 1;
  const options = config(pop, pop.style, anchor, gap, zoom);
  let live = true;
  let frame = 0;
  const update = () => {
    frame = 0;
    void computePosition(field, pop, options).then((r) => {
      if (live) Object.assign(pop.style, placed(r, anchor, zoom));
    });
  };
  // Scroll and resize events come several a frame: one placement per frame.
  const later = () => void (frame ||= requestAnimationFrame(update));
  let first = true;
  const cleanup = autoUpdate(field, pop, () => (first ? ((first = false), update()) : later()), {
    elementResize: false,
  });
  return {
    later,
    stop() {
      live = false;
      cleanup();
      cancelAnimationFrame(frame);
    },
  };
}
