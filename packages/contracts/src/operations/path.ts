/**
 * Path templates of the API operations, without zod: the web app imports these at runtime (with the
 * generated `paths.generated.ts` table) while it takes the descriptors' types only, so the schemas
 * stay out of the browser bundle (docs/performance.md).
 */

/** The `:name` parameters of a path template, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]!);
}

/**
 * The URL path of an operation: its template with every `:name` replaced by the percent-encoded
 * value of `params[name]`. Throws when a parameter is missing (a URL with `undefined` in it would
 * reach another route).
 */
export function operationPath(
  operation: { path: string; id: string },
  params: Record<string, string | number> = {},
): string {
  const named = operation.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`${operation.id}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  // A trailing wildcard (`/api/files/*`) takes a key of several segments, each percent-encoded.
  if (!named.endsWith('/*')) return named;
  const rest = params['*'];
  if (rest === undefined || rest === '') throw new Error(`${operation.id}: path parameter * is missing`);
  return `${named.slice(0, -1)}${String(rest).split('/').map(encodeURIComponent).join('/')}`;
}
