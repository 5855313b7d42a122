/**
 * The operations the gateway forwards, and nothing else (docs/interface.md#base-urls). Paths
 * are relative to the service root (`…/restapi/api`).
 *
 * `legs`: 2 = signed with the partner's consumer key only (search, statistic, region and
 * geo resources); 3 = also with the logged-in user's access token (exposes, contact,
 * building projects, user resources, property text; docs/interface.md#authentication).
 * `cache`: GETs whose answers are the same for every visitor and may be shared.
 * `params`: the query parameters the operation documents; any other is refused with 400, so
 * that a made-up parameter never reaches the service and never makes a new cache entry.
 */
export interface Route {
  name: string;
  method: 'GET' | 'POST';
  pattern: RegExp;
  legs: 2 | 3;
  cache: boolean;
  params: readonly string[];
}

const ID = '[0-9A-Za-z_-]{1,64}';

export const ROUTES: readonly Route[] = [
  {
    name: 'statistic',
    method: 'GET',
    pattern: /^search\/v1\.0\/statistic$/,
    legs: 2,
    params: ['geocode', 'realestatetypes', 'customernumber', 'username', 'channel'],
    cache: true,
  },
  {
    name: 'region',
    method: 'GET',
    pattern: /^search\/v1\.0\/region$/,
    legs: 2,
    params: ['q'],
    cache: false,
  },
  {
    name: 'geo-suggest',
    method: 'GET',
    pattern: /^gis\/v2\.0\/geoautocomplete\/(DEU|AUT)$/,
    legs: 2,
    params: ['i', 'l', 'lpt', 't'],
    cache: true,
  },
  {
    name: 'geo-entity',
    method: 'GET',
    pattern: new RegExp(`^gis/v2\\.0/geoautocomplete/(DEU|AUT)/entity/${ID}$`),
    legs: 2,
    params: ['g'],
    cache: true,
  },
  {
    name: 'expose',
    method: 'GET',
    pattern: new RegExp(`^search/v1\\.0/expose/${ID}$`),
    legs: 3,
    params: [],
    cache: false,
  },
  {
    name: 'contact',
    method: 'POST',
    pattern: new RegExp(`^search/v1\\.0/expose/${ID}/contact$`),
    legs: 3,
    params: [],
    cache: false,
  },
  {
    name: 'property-text',
    method: 'POST',
    pattern: /^ai\/v1\.0\/nlg\/listing\/property\/generate$/,
    legs: 3,
    params: [],
    cache: false,
  },
  {
    name: 'projects',
    method: 'GET',
    pattern: /^offer\/v1\.0\/user\/me\/realestateproject$/,
    legs: 3,
    params: [],
    cache: false,
  },
  {
    name: 'project-entries',
    method: 'GET',
    pattern: new RegExp(`^offer/v1\\.0/user/me/realestateproject/${ID}/realestateprojectentry$`),
    legs: 3,
    params: [],
    cache: false,
  },
  {
    name: 'add-entry',
    method: 'POST',
    pattern: new RegExp(`^offer/v1\\.0/user/me/realestateproject/${ID}/realestateprojectentry$`),
    legs: 3,
    params: [],
    cache: false,
  },
  {
    name: 'realestates',
    method: 'GET',
    pattern: /^offer\/v1\.0\/user\/me\/realestate$/,
    legs: 3,
    params: ['pagesize', 'pagenumber'],
    cache: false,
  },
];

/** The parameters of `query` that `route` does not document, by name. */
export function undocumentedParams(route: Route, query: Iterable<[string, string]>): string[] {
  const out = new Set<string>();
  for (const [name] of query) if (!route.params.includes(name)) out.add(name);
  return [...out];
}

/** The route for a method and a path below the service root, or undefined. */
export function matchRoute(method: string, path: string): Route | undefined {
  return ROUTES.find((r) => r.method === method && r.pattern.test(path));
}

/** Whether any route has this path, whatever the method (405 rather than 404). */
export function pathKnown(path: string): boolean {
  return ROUTES.some((r) => r.pattern.test(path));
}
