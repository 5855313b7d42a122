import { html, nothing, type TemplateResult } from 'lit';
import type { Lang } from '../../shared/i18n.js';
import type { RequestController } from '../../shared/request.js';
import { clip } from '../../shared/text.js';
import { STRINGS } from './strings.js';

/*
 * The small templates project-picker's panes and its listing picker share: text from an
 * answer laid out on one line, a listing's state badge, and the error box with its retry.
 */

/** Between two parts of an option's name that the layout sets apart: a comma, heard only. */
export const COMMA = html`<span class="sr">,</span>`;
/** Between two parts of a line: a middle dot to the eye, a comma to a screen reader. */
export const SEP = html`${COMMA}<span aria-hidden="true"> ·</span>`;

/**
 * Text from an answer as it is laid out: clipped (src/shared/text.ts), on one line with an
 * ellipsis where it does not fit, and the same text as its tooltip. The accessible name
 * of what holds it keeps every clipped character.
 */
export function line(text: string, cls: 'name' | 'muted' | 'inline'): TemplateResult {
  const t = clip(text);
  return html`<span class="line ${cls}" title=${t}>${t}</span>`;
}

/**
 * Parts of a line ("BASIC · 12 / 15 Einträge"): the middle dot is seen, a comma is heard
 * (some screen readers read the dot as a word).
 */
export function joined(parts: string[], cls: 'muted' | 'inline'): TemplateResult {
  const shown = parts.filter(Boolean).map((x) => clip(x));
  return html`<span class="line ${cls}" title=${shown.join(' · ')}
    >${shown.map((x, k) => (k ? html`${SEP} ${x}` : x))}</span
  >`;
}

/**
 * A listing's publication state as a badge with its word (not a colour only), from the
 * user's listings list (its `realEstateState`: ACTIVE is published; INACTIVE, DRAFT, ARCHIVED
 * and TO_BE_DELETED are not). Nothing when that list does not hold the listing or does not say.
 */
export function stateBadge(
  published: boolean | undefined,
  lang: Lang,
): TemplateResult | typeof nothing {
  if (published === undefined) return nothing;
  const s = STRINGS[lang];
  return html`<span class="badge ${published ? 'pub' : 'unpub'}"
    >${published ? s.published : s.unpublished}</span
  >`;
}

/** What an error box needs of the request that failed. */
export type Failed = Pick<RequestController<[], unknown>, 'text' | 'retry'>;

/** An error with the visitor's sentence for it, and a retry button when the call can be repeated. */
export function errorBox(
  title: string,
  req: Failed,
  lang: Lang,
  rerun?: () => Promise<unknown>,
): TemplateResult {
  return html`<div part="error" role="alert">
    <p><strong>${title}</strong> ${req.text(lang)}</p>
    ${
      rerun
        ? html`<button part="retry" @click=${(e: Event) => retry(e, req, rerun)}>
            ${STRINGS[lang].retry}
          </button>`
        : nothing
    }
  </div>`;
}

/** The retry button (focus rule of src/shared/request.ts): the anchor is the heading of its section. */
function retry(e: Event, req: Failed, rerun: () => Promise<unknown>): void {
  const h = (e.target as Element).closest('section,#picker')?.querySelector<HTMLElement>('h2,h3');
  void req.retry(() => (h?.isConnected ? h : null), rerun);
}
