import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { focusOn } from './request.js';

/**
 * "Show more": how much of a long list an element renders. A first page, then one page more
 * per press, so that no answer makes one render lay out thousands of rows. Each element gives
 * its own sizes (what a row costs, and where the list starts, differ) and its own words.
 *
 * The counting is DOM-free ({@link nextShown}, {@link addedBy}, {@link pageOf}; Node tests in
 * test/node/pages.test.ts). The buttons come in two forms:
 * - {@link Pages.button}: "show N more" under a list, described by how many rows show of how
 *   many; it leaves with the last page, and the focus then moves to the list;
 * - {@link Pages.toggle}: one button, "show all" (the rest fits in one page) or "show N more",
 *   and once every row shows "show only the first" (`aria-expanded`); it keeps the focus while
 *   its words change, and while pages remain "show only the first" stands beside it.
 */

/** The rows after one more press: a page more, no more than there are. */
export const nextShown = (shown: number, total: number, page: number): number =>
  Math.min(total, shown + page);

/** How many rows the next press adds. */
export const addedBy = (shown: number, total: number, page: number): number =>
  Math.max(0, Math.min(page, total - shown));

/** The rows of `list` that render while `shown` do (the list itself when all of them do). */
export const pageOf = <T>(list: readonly T[], shown: number): readonly T[] =>
  list.length > shown ? list.slice(0, shown) : list;

/** What the buttons say; `key` names the list (an element can page several). */
export interface PageWords<K extends string> {
  /** The name of the button that adds `n` rows to the `shown` of `total`. */
  more(key: K, n: number, total: number): string;
  /** What a press announces: how many rows show now, of how many. */
  said(key: K, shown: number, total: number): string;
  /** The button's description, how many rows show of how many ({@link Pages.button}). */
  shown?(key: K, shown: number, total: number): string;
}

export interface PageOptions<K extends string> {
  /** Rows shown at first and after {@link Pages.reset}. */
  first: number;
  /** Rows one press adds at most. */
  page: number;
  /** The words, in the element's language of the moment. */
  words: () => PageWords<K>;
  /** Announces a text (the element's live region). */
  say: (text: string) => void;
}

type Host = ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment };

/** How many rows of each of an element's long lists render, and the buttons that add more. */
export class Pages<K extends string> {
  readonly #host: Host;
  readonly #options: PageOptions<K>;
  readonly #shown = new Map<K, number>();

  constructor(host: Host, options: PageOptions<K>) {
    this.#host = host;
    this.#options = options;
  }

  /** How many rows of `key` render at most. */
  shown(key: K): number {
    return this.#shown.get(key) ?? this.#options.first;
  }

  /** Whether more than the first page of `key` renders. */
  expanded(key: K): boolean {
    return this.shown(key) > this.#options.first;
  }

  /** The rows of `list` that render. */
  rows<T>(key: K, list: readonly T[]): readonly T[] {
    return pageOf(list, this.shown(key));
  }

  /** Back to the first page (a new answer, another search). */
  reset(...keys: K[]): void {
    for (const key of keys) this.#shown.delete(key);
    this.#host.requestUpdate();
  }

  /** One page more of a list of `total` rows; returns how many rows show now. */
  more(key: K, total: number): number {
    const shown = nextShown(this.shown(key), total, this.#options.page);
    this.#shown.set(key, shown);
    this.#host.requestUpdate();
    return shown;
  }

  /**
   * The button under a list of `total` rows, or nothing when all of them show. `list`: the
   * list's id, which takes the focus when the button leaves with the last page.
   */
  button(key: K, total: number, list: string): TemplateResult | typeof nothing {
    const shown = this.shown(key);
    if (total <= shown) return nothing;
    const w = this.#options.words();
    const described = w.shown?.(key, shown, total);
    return html`<p class="more">
      <button
        class="more"
        aria-describedby=${described ? `more-${key}` : nothing}
        @click=${(e: Event) => void this.#more(e, key, total, list)}
      >
        ${w.more(key, addedBy(shown, total, this.#options.page), total)}
      </button>
      ${described ? html`<span class="muted" id="more-${key}">${described}</span>` : nothing}
    </p>`;
  }

  async #more(e: Event, key: K, total: number, list: string): Promise<void> {
    const button = e.currentTarget as HTMLElement;
    this.#options.say(this.#options.words().said(key, this.more(key, total), total));
    await this.#host.updateComplete;
    if (!button.isConnected) focusOn(this.#host.renderRoot.querySelector<HTMLElement>(`#${list}`));
  }

  /**
   * The toggle under a list of `total` rows (nothing when the first page holds them all):
   * `all`, its name when the rest fits in one page; `first`, its name once every row shows,
   * and the name of the button beside it while pages remain. `cls`: the buttons' classes.
   */
  toggle(
    key: K,
    total: number,
    names: { all: string; first: string },
    cls = 'more',
  ): TemplateResult | typeof nothing {
    const shown = this.shown(key);
    if (total <= this.#options.first) return nothing;
    const open = shown >= total;
    const added = addedBy(shown, total, this.#options.page);
    const last = shown + added >= total;
    const collapse = () => this.reset(key);
    // "Only the largest" beside the toggle leaves with the rows it hid: the focus goes to the
    // toggle, which stays, not to the page's body.
    const collapseBeside = (e?: Event): void => {
      const toggle = (e?.currentTarget as Element | null | undefined)?.previousElementSibling;
      collapse();
      void this.#host.updateComplete.then(() => focusOn(toggle as HTMLElement | null));
    };
    const press = (): void => {
      if (open) return collapse();
      const now = this.more(key, total);
      // The last page is told by aria-expanded; the pages before it by the count.
      if (now < total) this.#options.say(this.#options.words().said(key, now, total));
    };
    // One button that keeps the focus while its words change; a second one while pages remain.
    return html`<button
        type="button"
        class=${cls}
        aria-expanded=${open ? 'true' : 'false'}
        @click=${press}
      >
        ${open ? names.first : last ? names.all : this.#options.words().more(key, added, total)}
      </button>
      ${
        this.expanded(key) && !open
          ? html`<button type="button" class=${cls} @click=${collapseBeside}>
              ${names.first}
            </button>`
          : nothing
      }`;
  }
}
