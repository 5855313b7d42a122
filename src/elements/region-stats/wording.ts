/**
 * region-stats' words for a failed statistic request, DOM-free (Node tests in
 * test/node/region-stats-statistic.test.ts). Never the service's own text.
 */
import type { ApiError } from '../../api/errors.js';
import { failureText } from '../../shared/failure.js';
import type { Lang } from '../../shared/i18n.js';
import { clip } from '../../shared/text.js';
import { FILTERS, str, type Filters } from './statistic.js';
import { STRINGS } from './strings.js';

/** A refusal (400, 412, or the client's validation): no subregions, or a filter the service refuses. */
export const refused = (err: ApiError): boolean =>
  err.kind === 'validation' || err.isPreconditionFailed || err.status === 400;

/** The filters set, by name. */
export const filtersSet = (filters: Filters) => FILTERS.filter((k) => str(filters[k]));

/**
 * The sentence for a failed request for the region `code` (titled `name` when known): the
 * service's 404 with its message code is an unknown region (a wrong base-url answers without
 * one); a refusal is a region without subregions, or with filters set, perhaps one of them;
 * anything else is worded by src/shared/failure.ts.
 */
export function describe(
  err: ApiError,
  lang: Lang,
  code: string,
  name: string,
  filters: Filters,
): string {
  const s = STRINGS[lang];
  if (err.isNotFound && err.code) return s.unknown(code);
  if (refused(err)) {
    const set = filtersSet(filters);
    const title = name || code;
    return set.length
      ? s.rejected(title, set.map((k) => `${s.filters[k]} „${clip(str(filters[k]))}“`).join(', '))
      : s.invalid(title);
  }
  return failureText(err, lang);
}
