import type { Ctx, Format, Reply } from './http.js';

/** The route names the fault mode knows (docs/architecture.md). */
export const FAULT_ROUTES = [
  'geo-suggest',
  'geo-entity',
  'statistic',
  'expose',
  'contact',
  'property-text',
  'projects',
  'project-entries',
  'add-entry',
  'realestates',
  'region',
] as const;
export type FaultRoute = (typeof FAULT_ROUTES)[number];

export interface Route {
  method: string;
  /** Path below /restapi/api; `{name}` segments become params. */
  pattern: string;
  /** Name for the fault mode; sandbox-only routes have none. */
  name?: FaultRoute;
  /** Media types the route renders; the first is the default for a missing Accept. */
  formats: Format[];
  handler: (ctx: Ctx) => Promise<Reply> | Reply;
}

interface Compiled extends Route {
  re: RegExp;
  keys: string[];
}

export class Router {
  private routes: Compiled[] = [];

  add(route: Route): void {
    const keys: string[] = [];
    const src = route.pattern
      .split('/')
      .map((seg) => {
        const m = /^\{(\w+)\}(.*)$/.exec(seg);
        if (!m) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        keys.push(m[1]!);
        return '([^/]+)' + m[2]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/');
    this.routes.push({ ...route, re: new RegExp(`^${src}/?$`), keys });
  }

  /**
   * The route for a method and path: `{ route, params }`, or `{ allowed }` listing the
   * methods the path supports when only the method is wrong, or undefined.
   */
  match(
    method: string,
    path: string,
  ): { route: Route; params: Record<string, string> } | { allowed: string[] } | undefined {
    const allowed: string[] = [];
    for (const r of this.routes) {
      const m = r.re.exec(path);
      if (!m) continue;
      if (r.method !== method && !(method === 'HEAD' && r.method === 'GET')) {
        allowed.push(r.method);
        continue;
      }
      const params: Record<string, string> = {};
      r.keys.forEach((k, i) => {
        try {
          params[k] = decodeURIComponent(m[i + 1]!);
        } catch {
          params[k] = m[i + 1]!;
        }
      });
      return { route: r, params };
    }
    return allowed.length ? { allowed } : undefined;
  }
}
