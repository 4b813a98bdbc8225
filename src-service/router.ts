// A tiny path router: `/v2/counters/:id/increment/:amount` style templates. An unknown
// path is 404 and a known path with another method is 405 (with Allow), both answered
// by the caller with the docs/api.md §2.5 error body.
export interface Route<H> {
  method: string;
  path: string;
  handler: H;
}

export type RouteMatch<H> =
  | { kind: 'found'; handler: H; params: Record<string, string> }
  | { kind: 'methodNotAllowed'; allow: string[] }
  | { kind: 'notFound' };

export function createRouter<H>(routes: Route<H>[]): (method: string, pathname: string) => RouteMatch<H> {
  const compiled = routes.map((r) => ({ ...r, segments: r.path.split('/').filter(Boolean) }));
  return (method, pathname) => {
    const parts = pathname.split('/').filter(Boolean);
    const allow: string[] = [];
    for (const r of compiled) {
      const params = matchSegments(r.segments, parts);
      if (!params) continue;
      if (r.method === method) return { kind: 'found', handler: r.handler, params };
      allow.push(r.method);
    }
    return allow.length > 0 ? { kind: 'methodNotAllowed', allow } : { kind: 'notFound' };
  };
}

function matchSegments(template: string[], parts: string[]): Record<string, string> | undefined {
  if (template.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    const t = template[i]!;
    const p = parts[i]!;
    if (t.startsWith(':')) {
      try {
        params[t.slice(1)] = decodeURIComponent(p);
      } catch {
        return undefined; // malformed %-escape: no route has such a segment
      }
    } else if (t !== p) return undefined;
  }
  return params;
}
