/*
 * What property-text shows of a generation, drawn from what a render hands over (ResultView):
 * the status box (generating or waiting for a sign-in, with its cancel button; cancelled; the
 * error with its retry button) and the result, editable, with its copy buttons. The element
 * keeps the state and the handlers, this module reads only the view.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { PropertyTextResult } from '../../api/types.js';
import type { Lang } from '../../shared/i18n.js';
import { STRINGS } from './strings.js';

export type Status = 'idle' | 'loading' | 'auth' | 'error' | 'done' | 'cancelled';

/** What the status box's and the result's buttons and fields do; the element's own handlers. */
export interface ResultHandlers {
  cancel(): void;
  retry(): void;
  /** The visitor edited the result's headline or text (`input`). */
  edit(e: Event, key: keyof PropertyTextResult): void;
  copy(key: keyof PropertyTextResult): void;
}

/** The element's state as the status box and the result read it. */
export interface ResultView {
  lang: Lang;
  status: Status;
  /** The generation waits for a sign-in. */
  signIn: boolean;
  /** The failure's text, when the status is `error`; `retry` is false for a refused request. */
  error?: { text: string; retry: boolean };
  result: PropertyTextResult | null;
  /** The headings' `aria-level` (none where it is 2). */
  level: number | typeof nothing;
  /** Headless: the result has a button that generates again. */
  noForm: boolean;
  on: ResultHandlers;
}

/** Progress, the wait for a sign-in, a cancellation or an error; nothing otherwise. */
export function statusBox(v: ResultView): TemplateResult | typeof nothing {
  const L = STRINGS[v.lang];
  if (v.status === 'loading') {
    return html`<div class="status busy" part="status" tabindex="-1">
      <p>${v.signIn ? L.authWaiting : L.generating}</p>
      <progress part="progress" aria-label=${L.generating}></progress>
      <div class="actions">
        <button type="button" part="cancel" @click=${v.on.cancel}>${L.cancel}</button>
      </div>
    </div>`;
  }
  if (v.status === 'cancelled')
    return html`<div class="status busy" part="status" tabindex="-1"><p>${L.cancelled}</p></div>`;
  if (v.status === 'error' && v.error) {
    return html`<div class="status" part="error" role="alert" tabindex="-1">
      <p class="error">${v.error.text}</p>
      ${
        v.error.retry
          ? html`<div class="actions">
              <button type="button" part="retry" @click=${v.on.retry}>${L.retry}</button>
            </div>`
          : nothing
      }
    </div>`;
  }
  return nothing;
}

/** The result: headline and text, editable, and their copy buttons. */
export function resultSection(v: ResultView): TemplateResult | typeof nothing {
  const r = v.result;
  if (!r) return nothing;
  const L = STRINGS[v.lang];
  return html`<section class="result" part="result" aria-labelledby="result-heading">
    <h2 id="result-heading" part="heading" aria-level=${v.level}>${L.result}</h2>
    <div class="field">
      <label for="r-headline" part="label">${L.headline}</label>
      <input
        type="text"
        id="r-headline"
        part="input headline"
        .value=${r.headline}
        @input=${(e: Event) => v.on.edit(e, 'headline')}
      />
    </div>
    <div class="field">
      <label for="r-text" part="label">${L.propertyText}</label>
      <textarea
        id="r-text"
        part="input text"
        .value=${r.propertyText}
        @input=${(e: Event) => v.on.edit(e, 'propertyText')}
      ></textarea>
    </div>
    <div class="actions">
      <button type="button" part="copy" data-copy="headline" @click=${() => v.on.copy('headline')}>
        ${L.copyHeadline}
      </button>
      <button type="button" part="copy" data-copy="text" @click=${() => v.on.copy('propertyText')}>
        ${L.copyText}
      </button>
      ${v.noForm ? html`<button type="button" @click=${v.on.retry}>${L.regenerate}</button>` : nothing}
    </div>
  </section>`;
}
