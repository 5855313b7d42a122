/**
 * Recent places (`recent`): the last places a visitor picked, kept in localStorage per API
 * and country and offered on focus with an empty field. A convenience: storage that is full,
 * blocked or holds something else gives no places and no error.
 */
import type { GeoSuggestion } from '../../api/index.js';

/** How many places are kept. */
const RECENT_MAX = 5;

/** The storage key of the places picked with this API and country. */
const key = (api: string, country: string): string => `immo-geo-recent:${api}:${country}`;

/** The places picked last, newest first. */
export function recentPlaces(api: string, country: string): GeoSuggestion[] {
  try {
    const v = JSON.parse(localStorage.getItem(key(api, country)) ?? '[]') as GeoSuggestion[];
    return Array.isArray(v)
      ? v.filter((s) => typeof s?.entity?.id === 'string' && typeof s.entity.label === 'string')
      : [];
  } catch {
    return [];
  }
}

/** Puts a picked place first (once; without its match ranges). */
export function rememberPlace(api: string, country: string, s: GeoSuggestion): void {
  const keep = { entity: s.entity, matches: [] };
  const list = [
    keep,
    ...recentPlaces(api, country).filter((r) => r.entity.id !== s.entity.id),
  ].slice(0, RECENT_MAX);
  try {
    localStorage.setItem(key(api, country), JSON.stringify(list));
  } catch {
    /* storage full or blocked */
  }
}

/** An element's recent places: none without its `recent`, else those of its API and country. */
export function recentsOf(el: { recent: boolean; api: string; country: string }) {
  return {
    list: (): GeoSuggestion[] => (el.recent ? recentPlaces(el.api, el.country) : []),
    remember: (s: GeoSuggestion): void => void (el.recent && rememberPlace(el.api, el.country, s)),
  };
}
