import { badParameter, notFound } from './errors.js';
import { esc, jsonReply, jsonTextReply, NS, xmlReply } from './http.js';
import type { Router } from './router.js';
import type { SandboxState } from './state.js';
import { requireGeo } from './statistic.js';

const COUNTRIES = new Set(['DEU', 'AUT']);

function country(raw: string): string {
  const c = raw.toUpperCase();
  if (!COUNTRIES.has(c))
    throw notFound(`Unknown country "${raw}"; geo autocompletion covers DEU and AUT.`);
  return c;
}

/** Geo autocompletion v2 (suggestion, entity) and the deprecated region search v1. */
export function registerGeoRoutes(router: Router, state: SandboxState): void {
  router.add({
    method: 'GET',
    pattern: '/gis/v2.0/geoautocomplete/{country}',
    name: 'geo-suggest',
    formats: ['json'],
    handler: (ctx) => {
      const c = country(ctx.params.country!);
      const q = ctx.query;
      return jsonTextReply(
        requireGeo(state).suggestJson(c, {
          i: q.get('i'),
          l: q.get('l'),
          lpt: q.get('lpt'),
          t: q.get('t'),
        }),
      );
    },
  });
  router.add({
    method: 'GET',
    pattern: '/gis/v2.0/geoautocomplete/{country}/entity/{id}',
    name: 'geo-entity',
    formats: ['json'],
    handler: (ctx) => {
      const c = country(ctx.params.country!);
      const rec = requireGeo(state).entity(c, ctx.params.id!, ctx.query.get('g'));
      if (!rec) throw notFound(`No geo entity ${ctx.params.id} in ${c}.`);
      return jsonReply(rec);
    },
  });
  router.add({
    method: 'GET',
    pattern: '/search/v1.0/region',
    name: 'region',
    formats: ['xml', 'json'],
    handler: (ctx) => {
      const q = ctx.query.get('q');
      if (q === null || !q.trim()) throw badParameter('The parameter q is required.');
      if (q.length > 200) throw badParameter('q must be at most 200 characters long.');
      // The interface says nothing about short or unmatched queries beyond "only its shape
      // matters" (docs/interface.md#legacy-region-search): both get the schema's empty list (region:regions without region), no
      // error of our own invention. Fewer than 2 letters or digits match nothing.
      const regions =
        [...q].filter((ch) => /[\p{L}\p{N}]/u.test(ch)).length < 2
          ? []
          : requireGeo(state).regionSearch(q);
      if (ctx.format === 'json') {
        const items = regions.map((r) => ({
          name: r.name,
          geoCodeId: Number(r.geoCodeId),
          amount: r.amount,
        }));
        return jsonReply({
          'region.regions': [
            items.length === 0 ? {} : { region: items.length === 1 ? items[0] : items },
          ],
        });
      }
      return xmlReply(
        `<region:regions xmlns:region="${NS.region}">` +
          regions
            .map(
              (r) =>
                `<region><name>${esc(r.name)}</name><geoCodeId>${esc(r.geoCodeId)}</geoCodeId><amount>${esc(r.amount)}</amount></region>`,
            )
            .join('') +
          `</region:regions>`,
      );
    },
  });
}
