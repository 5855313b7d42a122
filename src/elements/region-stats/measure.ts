/**
 * The chart's size: the width of its label column and its labels' lines (text measured on a
 * canvas, or estimated where nothing may be measured), and the height it takes in the element
 * ({@link ChartFit}). The chart's drawing is chart.ts.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { lastCall } from './cache.js';
import type { Region } from './statistic.js';
import { wrapLabel } from './wrap.js';

let measurer: CanvasRenderingContext2D | null | undefined;
let measurerFont = '';
/** The width of `text` in `font`, measured on a canvas (an estimate where there is none). */
function measureText(text: string, font: string): number {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (!measurer) return text.length * 7;
  // Setting a font parses it: only when it changes.
  if (measurerFont !== font) measurer.font = measurerFont = font;
  return measurer.measureText(text).width;
}

/** The three longest words of a name, the candidates for the widest. */
const longWords = (name: string): string[] =>
  name
    .split(/[\s-]+/)
    .sort((a, b) => b.length - a.length)
    .slice(0, 3);

/** The label column's width and each row's label in lines. */
export interface Labels {
  width: number;
  lines: string[][];
}

/** An element's chart labels, with the widths and lines measured in one font kept across renders. */
export class ChartLabels {
  /** Widths of names' longest words, and wrapped labels by column width and name. */
  readonly #measures = lastCall((_font: string) => ({
    words: new Map<string, number>(),
    lines: new Map<string, string[]>(),
  }));

  /**
   * The labels of `rows` in a chart `W` wide. The label column is wide enough for the longest
   * word of a shown name (so only a word wider than half the chart breaks inside), at least 35 %
   * of the width, at most 240 px. Of each name, the few longest words are measured, not every
   * one, and what is measured is kept (a focus move, a sort measure nothing again). `font`: the
   * labels' font, or '' where nothing may be measured (on a server, and in the first render of
   * a shadow root a server rendered): the 12 px font's average glyph, estimated.
   */
  of(rows: readonly Region[], W: number, font: string): Labels {
    const textWidth = (t: string) => (font ? measureText(t, font) : t.length * 6.5);
    const m = this.#measures(font);
    // (a bound on what a page of many names at many widths keeps)
    if (m.lines.size > 4096) for (const map of [m.words, m.lines]) map.clear();
    const wordOf = (name: string): number => {
      let w = m.words.get(name);
      if (w === undefined) {
        w = longWords(name).reduce((n, x) => Math.max(n, textWidth(x + '-')), 0);
        m.words.set(name, w);
      }
      return w;
    };
    const word = rows.reduce((n, r) => Math.max(n, wordOf(r.name)), 0);
    const width = Math.round(Math.min(Math.max(W * 0.35, word + 14), W * 0.5, 240));
    const lines = rows.map((r) => {
      const key = `${width}\n${r.name}`;
      let l = m.lines.get(key);
      if (!l) {
        l = wrapLabel(r.name, (line) => textWidth(line) <= width - 12);
        m.lines.set(key, l);
      }
      return l;
    });
    return { width, lines };
  }
}

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode };

/**
 * The chart's width and height in the element. Its width: its scroll box's width beside a
 * classic scrollbar, which takes space (Windows, Firefox on Linux, macOS set to always show
 * scrollbars), else the element's; drawn for the element's width, the SVG would be squeezed
 * into the box and float in a blank band. Its height: see #fit below.
 */
export class ChartFit implements ReactiveController {
  readonly #host: Host;
  /** Whether the element shows more than its first page (it then takes its content's height). */
  readonly #expanded: () => boolean;
  #ro?: ResizeObserver;
  /** The element's content width, and the chart's scroll box. */
  #hostWidth = 0;
  #wrap?: HTMLElement;
  #width = 600;
  #font = '';

  constructor(host: Host, expanded: () => boolean) {
    this.#host = host;
    this.#expanded = expanded;
    host.addController(this);
  }

  /** The width to draw the chart for. */
  get width(): number {
    return this.#width;
  }

  /** The labels' font, read from the host's style when it connects (never in render). */
  get font(): string {
    return this.#font;
  }

  hostConnected(): void {
    this.#font = `12px ${getComputedStyle(this.#host).fontFamily}`;
    this.#ro ??= new ResizeObserver((entries) => {
      for (const e of entries) if (e.target === this.#host) this.#hostWidth = e.contentRect.width;
      this.#measure();
    });
    this.#ro.observe(this.#host);
    if (this.#wrap) this.#ro.observe(this.#wrap);
  }

  hostDisconnected(): void {
    this.#ro?.disconnect();
  }

  hostUpdated(): void {
    const wrap = this.#host.renderRoot.querySelector<HTMLElement>('.chart-wrap') ?? undefined;
    this.#fit(wrap);
    if (wrap === this.#wrap) return;
    if (this.#wrap) this.#ro?.unobserve(this.#wrap);
    this.#wrap = wrap;
    // (its scrollbar comes and goes with the chart's height, which the element's size does not show)
    if (wrap) this.#ro?.observe(wrap);
  }

  #measure(): void {
    const w = Math.round(this.#wrap?.isConnected ? this.#wrap.clientWidth : this.#hostWidth);
    // A frame later: re-rendering inside the observer's callback can loop (scrollbars).
    if (w > 0 && Math.abs(w - this.#width) > 1)
      requestAnimationFrame(() => {
        this.#width = w;
        this.#host.requestUpdate();
      });
  }

  /**
   * The height contract (docs/embedding.md, "No layout shift"): in every state but "show all"
   * the element is --immo-region-stats-height tall (min-height of .frame, the :not(:defined)
   * rule's value), whatever its data. The chart takes what the rest leaves: it spreads its rows
   * over the room left (up to 16 px more per row; below that, blank) or, where the rest takes
   * more (a phone, long names, many types), scrolls inside a shorter box (at least 120 px),
   * before the element grows. Run after each render, before the frame is painted: the
   * drawing's rows are placed in percentages, so this sets two heights and renders nothing.
   */
  #fit(wrap = this.#wrap): void {
    const chart = wrap?.querySelector<SVGSVGElement>('[part~="chart"]');
    const frame = wrap?.parentElement;
    // (not laid out, e.g. in a hidden tab: the resize observer fits it once it is shown)
    if (!wrap || !chart || !frame || !frame.getClientRects().length) return;
    wrap.style.maxHeight = '';
    chart.style.height = '';
    if (this.#expanded()) return;
    const reserved = parseFloat(getComputedStyle(frame).minHeight) || 0;
    // `0` (or none): the content's height, the chart as tall as its rows (up to its own cap)
    if (!(reserved > 0)) return;
    const cap = parseFloat(getComputedStyle(wrap).maxHeight) || Infinity;
    const natural = chart.height.baseVal.value;
    // The content's height without the chart: the last in-flow box's bottom edge, less the chart's box.
    const last = [...frame.children]
      .reverse()
      .find((c) => getComputedStyle(c).position !== 'absolute');
    if (!last) return;
    const bottom =
      last.getBoundingClientRect().bottom + parseFloat(getComputedStyle(last).marginBottom);
    const rest = bottom - frame.getBoundingClientRect().top - wrap.getBoundingClientRect().height;
    const room = Math.floor(reserved - rest);
    const rows = chart.querySelectorAll('.labels > svg').length;
    const spread = Math.min(room, natural + 16 * rows, cap);
    if (room < natural) wrap.style.maxHeight = `${Math.min(cap, Math.max(120, room))}px`;
    else if (spread > natural) chart.style.height = `${spread}px`;
  }
}
