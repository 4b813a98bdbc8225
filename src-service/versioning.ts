// docs/api.md §9: every /v1/ response carries Deprecation, Sunset and a Link to its v2
// successor (the migration map, §9.3). docs/api.md O16: after the sunset the `gone` variant answers 410.
import { V1_SUNSET_HTTP_DATE } from '../src-shared/api/schemas';

export const V1_SUNSET_MS = Date.UTC(2026, 6, 1);

export function isV1Path(pathname: string): boolean {
  return pathname === '/v1' || pathname.startsWith('/v1/');
}

/**
 * The v2 successor of a v1 path per the migration map. The map writes `?timezone=` as a
 * placeholder for the caller's zone; the Link carries the path only, since an empty zone
 * is not a zone. v1 paths outside the map point at the v2 list.
 */
export function v2Successor(pathname: string): string {
  if (pathname === '/v1/ws') return '/v2/ws';
  const m = /^\/v1\/counters\/([^/]+)(\/increment|\/decrement)?$/.exec(pathname);
  if (m) return `/v2/counters/${m[1]}${m[2] ?? ''}`;
  return '/v2/counters';
}

export function deprecationHeaders(baseUrl: string, pathname: string): Record<string, string> {
  return {
    Deprecation: 'true',
    Sunset: V1_SUNSET_HTTP_DATE,
    Link: `<${baseUrl}${v2Successor(pathname)}>; rel="successor-version"`,
  };
}
