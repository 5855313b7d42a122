import { html, type ReactiveControllerHost, type TemplateResult } from 'lit';

/**
 * The one way an element speaks to screen readers: a polite live region (role=status) that
 * the element renders once with {@link Announcer.region}, and `say()` for each message. The
 * same text said twice in a row is announced twice (a trailing no-break space alternates,
 * so the region's text changes). Errors are not said here: the error box is role=alert.
 * The region carries the class `sr` (visually hidden by the element's styles).
 */
export class Announcer {
  readonly #host: ReactiveControllerHost;
  #text = '';
  /** A {@link soon} message waiting for its moment. */
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  /** What the region says now. */
  get text(): string {
    return this.#text;
  }

  /** Announces `text` (an empty text empties the region); a message waiting to be said soon is dropped. */
  say(text: string): void {
    this.cancel();
    this.#text = text && (this.#text === text ? `${text}\u00a0` : text);
    this.#host.requestUpdate();
  }

  /**
   * Announces `text` once `ms` pass without another message: several in a row (the count of
   * each answer while the visitor types) are said once, the last, and not in the task that
   * put the answer on screen.
   */
  soon(text: string, ms = 150): void {
    this.cancel();
    this.#timer = setTimeout(() => this.say(text), ms);
  }

  /** Drops a message waiting to be said soon. */
  cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** The live region, rendered once per element. */
  region(): TemplateResult {
    return html`<div class="sr" role="status" aria-live="polite">${this.#text}</div>`;
  }
}
