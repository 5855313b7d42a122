/**
 * The listing picker's choice, DOM-free (Node tests: test/node/project-picker-rules.test.ts):
 * what a click, Space or Enter on a listing, and Ctrl+A on the list, leave chosen, within the
 * room the project has, and what the picker says about it. listing-picker.ts applies it.
 */
import type { OwnRealEstate } from '../../api/types.js';
import { clip } from '../../shared/text.js';
import type { Strings } from './strings.js';

/** The choice after a step, the picker's notice and what a screen reader hears. */
export interface Choice {
  chosen: readonly string[];
  /** The notice under the list: '' clears it; absent, it stays. */
  notice?: string;
  /** Said to a screen reader (the live region); absent, nothing is said. */
  say?: string;
}

/**
 * Chooses listing `o`, or drops it when it is chosen. An unpublished listing is never chosen,
 * nor one more than the project has `room` for: the visitor hears why.
 */
export function toggleChoice(
  o: OwnRealEstate,
  chosen: readonly string[],
  room: number,
  s: Strings,
): Choice {
  if (o.published === false) return { chosen, say: s.listingUnpublished(clip(o.id)) };
  if (chosen.includes(o.id)) return { chosen: chosen.filter((id) => id !== o.id), notice: '' };
  if (chosen.length >= room) {
    const notice = s.limitReached(room);
    return { chosen, notice, say: notice };
  }
  return { chosen: [...chosen, o.id], notice: '' };
}

/** Ctrl+A: chooses every listing of `visible` that can be added, as many as the project has `room` for. */
export function chooseAll(
  visible: readonly OwnRealEstate[],
  chosen: readonly string[],
  room: number,
  s: Strings,
): Choice {
  const next = new Set(chosen);
  let full = false;
  for (const o of visible) {
    if (o.published === false || next.has(o.id)) continue;
    if (next.size >= room) {
      full = true;
      break;
    }
    next.add(o.id);
  }
  const grew = next.size > chosen.length;
  const result: Choice = { chosen: grew ? [...next] : chosen };
  if (full) result.notice = result.say = s.limitReached(room);
  else if (grew) result.notice = '';
  return result;
}
