import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { focusOn } from '../../shared/request.js';
import type { ListKind, Strings } from './strings.js';

/** Rows a long list shows at first, and adds per "show more". */
export const LIST_PAGE = 100;

/** The picker's lists that render a page at a time, and the word each one's button uses. */
const KINDS = {
  projects: 'projects',
  entries: 'listings',
  listings: 'listings',
  results: 'results',
} as const satisfies Record<string, ListKind>;
export type ListKey = keyof typeof KINDS;

type Host = ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment };

/**
 * How much of each long list project-picker renders: a page at first, one more per press of
 * the "show more" button under the list. The rest of an answer waits, so that no answer makes
 * one render lay out thousands of rows. The button is named by what it adds and described by
 * how many rows show of how many; each press is announced, and when the last page shows the
 * button leaves and the focus moves to the list.
 */
export class ListPages {
  readonly #host: Host;
  readonly #strings: () => Strings;
  readonly #say: (text: string) => void;
  readonly #shown: Record<ListKey, number> = {
    projects: LIST_PAGE,
    entries: LIST_PAGE,
    listings: LIST_PAGE,
    results: LIST_PAGE,
  };

  constructor(host: Host, strings: () => Strings, say: (text: string) => void) {
    this.#host = host;
    this.#strings = strings;
    this.#say = say;
  }

  /** The rows of `list` that render. */
  rows<T>(key: ListKey, list: readonly T[]): readonly T[] {
    return list.length > this.#shown[key] ? list.slice(0, this.#shown[key]) : list;
  }

  /** Back to the first page (a new search, another project, a new add). */
  reset(...keys: ListKey[]): void {
    for (const key of keys) this.#shown[key] = LIST_PAGE;
    this.#host.requestUpdate();
  }

  /**
   * The button under a list of `total` rows, or nothing when all of them show. `list`: the
   * list's id, which takes the focus when the button leaves with the last page.
   */
  button(key: ListKey, total: number, list: string): TemplateResult | typeof nothing {
    const shown = this.#shown[key];
    if (total <= shown) return nothing;
    const s = this.#strings();
    return html`<p class="more">
      <button class="more" aria-describedby="more-${key}" @click=${(e: Event) => void this.#more(e, key, total, list)}>
        ${s.showMore(Math.min(LIST_PAGE, total - shown), KINDS[key])}
      </button>
      <span class="muted" id="more-${key}">${s.shownOf(shown, total)}</span>
    </p>`;
  }

  async #more(e: Event, key: ListKey, total: number, list: string): Promise<void> {
    const button = e.currentTarget as HTMLElement;
    const shown = (this.#shown[key] = Math.min(total, this.#shown[key] + LIST_PAGE));
    this.#say(`${this.#strings().shownOf(shown, total)}.`);
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    if (!button.isConnected) focusOn(this.#host.renderRoot.querySelector<HTMLElement>(`#${list}`));
  }
}
