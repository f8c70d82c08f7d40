/** Characters RFC 3986 §2.3 calls unreserved: percent-encoding one of them changes nothing but the spelling. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * Why a request target is not in the one spelling the portal accepts, or null when it is (issue 18
 * item 1, docs/security.md "Canonical paths"). The router decodes a path before it matches it, so
 * `/%61pi/…`, `/./api/…` or `http://host/api/…` would reach the route `/api/…` while anything that
 * looks at the raw URL sees another path. Refusing every other spelling outright means that a raw
 * URL, the route it reaches and what a proxy, a log line or a cache key sees are the same string.
 *
 * The target (the request line's URL, `request.url`) must be in origin form: start with one `/`;
 * have no fragment (`#`) and no backslash; have no empty segment (`//`, a trailing `/` except the
 * root itself), no `.` or `..` segment; and percent-encode no unreserved character (letters,
 * digits, `-`, `.`, `_`, `~`, so `%2e` and `%61` are refused too). Other escapes (`%2F`, `%20`, …)
 * stay as they are; the query string is not checked (it is parsed, never routed).
 */
export function nonCanonicalReason(target: string): string | null {
  if (!target.startsWith('/')) return 'the target is not a path';
  if (target.includes('#')) return 'the target has a fragment';
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  if (path.includes('\\')) return 'the path has a backslash';
  if (path === '/') return null;
  for (const segment of path.slice(1).split('/')) {
    if (segment === '') return 'the path has an empty segment (// or a trailing /)';
    if (segment === '.' || segment === '..') return 'the path has a dot segment';
  }
  for (const match of path.matchAll(/%([0-9A-Fa-f]{2})/g)) {
    if (UNRESERVED.test(String.fromCharCode(Number.parseInt(match[1]!, 16))))
      return 'the path percent-encodes a character that needs no encoding';
  }
  return null;
}

/**
 * The canonical address of a web page asked for with a trailing slash (`/campaigns/?tab=1` →
 * `/campaigns?tab=1`), or null: only for GET and HEAD, only outside `/api` (in any case, so
 * `/API/` and `/%61pi/` are not pages), and only when removing the trailing slashes leaves a target
 * `nonCanonicalReason` accepts.
 */
export function pageWithoutTrailingSlash(method: string, target: string): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt);
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === path || trimmed === '') return null;
  if (/^\/api(\/|$)/i.test(trimmed)) return null;
  const candidate = trimmed + query;
  return nonCanonicalReason(candidate) === null ? candidate : null;
}
