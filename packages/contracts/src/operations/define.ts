import * as z from 'zod';
import { errorResponseSchema } from '../common/errors';
import { pathParameterNames } from './path';

export { operationPath, pathParameterNames } from './path';

/**
 * API operations defined once (issue 19 §1). A descriptor says everything about an operation that is
 * not its handler: method, path template, request and response schemas, who may call it, whether it
 * needs the CSRF token, its export and cache classes. The server registers its route from it
 * (`apps/server/src/routes/register.ts`), the OpenAPI document comes out of the same schemas, the web
 * builds URLs and types its fetchers from it (`apps/web/src/lib/api-client.ts` `callOperation`) and
 * the test mocks match requests with it. A path template is spelled only here.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call: `public` (no session: health, sign-in/out, signed file URLs), `session` (any
 * signed-in user: the server runs `requireUser` first, 401 without a session) or `tenant` (the path
 * names `:organization_id`: the tenant check of `plugins/app/auth.ts` answers 401/404 before anything).
 */
export type OperationAccess = 'public' | 'session' | 'tenant';

/**
 * The CSRF rule of an operation (docs/security.md): `none` for GET (changes nothing); `token` (the
 * default of every state-changing operation: the session's token in `X-CSRF-Token`); `origin-only`
 * for a state-changing operation whose credential is not the session cookie or that has no session
 * yet (sign-in, signed upload URLs): cross-site requests are still refused.
 */
export type CsrfRule = 'none' | 'token' | 'origin-only';

/** Export class (server `plugins/app/export-limits.ts`): a file answer, or a queued report job. */
export type ExportClass = 'download' | 'report-job';

/** Role ids of `me.ts`: 1 platform staff, 2 agency administrator, 3 dealership user. */
export type RoleId = 1 | 2 | 3;

export const ALL_ROLES: readonly RoleId[] = [1, 2, 3];
export const AGENCY_ROLES: readonly RoleId[] = [1, 2];

/** One API operation. Fields are read by the server (route), the web (URL, types) and tests. */
export interface Operation<
  Id extends string = string,
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends Record<number, z.ZodType> = Record<number, z.ZodType>,
> {
  /** Unique id, also the OpenAPI operationId (camelCase, e.g. `listManagedCampaigns`). */
  id: Id;
  method: Method;
  /** Full path template with `:name` parameters, e.g. `/api/agencies/:organization_id/dealerships`. */
  path: Path;
  summary: string;
  /** OpenAPI tags (the area). */
  tags: readonly string[];
  access: OperationAccess;
  /** Roles that may call it (others: 404 for a tenant route, 403 otherwise); every role by default. */
  roles: readonly RoleId[];
  csrf: CsrfRule;
  params: Params;
  query: Query;
  body: Body;
  /** Status → schema; errors included (the server validates every answer against these). */
  response: Response;
  exportClass?: ExportClass;
  /** Media types of the request body other than JSON (OpenAPI `consumes`). */
  consumes?: readonly string[];
  /** Media types of a file answer (OpenAPI `produces`). */
  produces?: readonly string[];
  /** The answer is kept by the response cache (server `plugins/external/http-cache.ts`). */
  responseCache?: boolean;
  /** Rate-limit class: `login` (per client address, LOGIN_RATE_LIMIT a minute); none by default. */
  rateLimit?: 'login';
}

/** Any operation (for registries and generic code). */
export type AnyOperation = Operation<
  string,
  HttpMethod,
  string,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  Record<number, z.ZodType>
>;

type Input<
  Id extends string,
  Method extends HttpMethod,
  Path extends string,
  Params extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Response extends Record<number, z.ZodType>,
> = Omit<
  Operation<Id, Method, Path, Params, Query, Body, Response>,
  'access' | 'roles' | 'csrf' | 'params' | 'query' | 'body'
> & {
  access?: OperationAccess;
  roles?: readonly RoleId[];
  csrf?: CsrfRule;
  params?: Params;
  query?: Query;
  body?: Body;
};

/**
 * A descriptor with its defaults filled: `access` from the path (`tenant` when it names
 * `:organization_id`, else `session`), every role, `csrf` `none` for GET and `token` otherwise.
 * Throws on a descriptor that contradicts itself (a GET with a CSRF rule, a state-changing
 * operation without one, path parameters and `params` schema that disagree).
 */
export function defineOperation<
  const Id extends string,
  const Method extends HttpMethod,
  const Path extends string,
  Response extends Record<number, z.ZodType>,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(
  input: Input<Id, Method, Path, Params, Query, Body, Response>,
): Operation<Id, Method, Path, Params, Query, Body, Response> {
  const tenant = input.path.includes('/:organization_id');
  const operation = {
    ...input,
    access: input.access ?? (tenant ? 'tenant' : 'session'),
    roles: input.roles ?? ALL_ROLES,
    csrf: input.csrf ?? (input.method === 'GET' ? 'none' : 'token'),
    params: input.params as Params,
    query: input.query as Query,
    body: input.body as Body,
  };
  if ((operation.method === 'GET') !== (operation.csrf === 'none'))
    throw new Error(`${operation.id}: csrf 'none' is for GET only, and every other method needs a CSRF rule`);
  if ((operation.access === 'tenant') !== tenant)
    throw new Error(`${operation.id}: access 'tenant' is for paths naming :organization_id, and those only`);
  const names = pathParameterNames(operation.path);
  if (names.length > 0 && !operation.params) throw new Error(`${operation.id}: path parameters need a params schema`);
  return operation;
}

/** Error answers most operations declare. */
export const commonErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
} as const;

/** The empty answer of a 204. */
export const noContentSchema = z.null();

/** Path prefixes of the tenant scopes (spec 000 §7): an agency, and a dealership of it. */
export const AGENCY_PATH = '/api/agencies/:organization_id';
export const DEALERSHIP_PATH = '/api/agencies/:organization_id/dealership/:dealership_id';
