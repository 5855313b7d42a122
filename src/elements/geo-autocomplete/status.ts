/**
 * What the popup's status line says: a hint, the search on its way, no match, or a failure
 * worded as every element words it (src/shared/failure.ts).
 */
import type { ApiError } from '../../api/index.js';
import type { Lang } from '../../shared/i18n.js';
import { failureSentences, failureText } from '../../shared/failure.js';
import type { Strings } from './strings.js';

/** The status of the list: '' (a list or nothing to say), a hint, the search, a failure. */
export type Status = '' | 'loading' | 'none' | 'short' | 'error' | 'offline' | 'rate';

/** The sentence of `status` in `lang` (`s`: the element's strings in that language). */
export function statusText(
  status: Status,
  lang: Lang,
  s: Strings,
  error: ApiError | null,
  minLength: number,
): string {
  // The back-off names the failure as every element does, then says it goes on by itself.
  if (status === 'rate') return `${failureSentences('busy', lang)[0]} ${s.rate}`;
  if (status === 'offline') return failureSentences('offline', lang).join(' ');
  if (status === 'short') return s.short(minLength);
  if (status === 'error') return failureText(error, lang);
  return status && s[status];
}
