import { operationPath, operationRoute } from '@portal/contracts';
import type { ErrorCode, ErrorResponse, OperationId, operations } from '@portal/contracts';
import type * as z from 'zod';

/** An error answered by the API (`{ error: { code, message, details? } }`) or a network failure. */
export class ApiError extends Error {
  readonly code: ErrorCode | 'NETWORK_ERROR';
  readonly status: number;
  readonly details: { path: string; message: string }[] | undefined;

  constructor(options: {
    code: ErrorCode | 'NETWORK_ERROR';
    status: number;
    message: string;
    details?: { path: string; message: string }[];
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
    this.details = options.details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** Calls whose 401 is an answer, not an expired session: they never redirect to the sign-in page. */
const UNAUTHENTICATED_IS_AN_ANSWER = pathsOf(['getMe', 'login', 'logout']);

/** Where the user goes when the session has expired; replaced by the app to navigate in-app. */
let onUnauthorized: (next: string) => void = (next) => {
  window.location.assign(`/login?next=${encodeURIComponent(next)}`);
};

export function setUnauthorizedHandler(handler: (next: string) => void): void {
  onUnauthorized = handler;
}

/** A query value the client may send: written with `String()`; null and undefined are left out. */
type QueryValue = string | number | boolean | null | undefined;

/**
 * The session's CSRF token (docs/security.md): the server puts it in the answers of sign-in and
 * `GET /api/me`; every state-changing request sends it back as `X-CSRF-Token`. Kept in memory only.
 */
let csrfToken: string | null = null;
const CSRF_SOURCES = pathsOf(['getMe', 'login']);
const SIGN_OUT = operationRoute('logout').path;

/** The paths of operations without parameters (for the rules above). */
function pathsOf(ids: OperationId[]): string[] {
  return ids.map((id) => operationRoute(id).path);
}

/** Headers a state-changing request to the API must carry (the CSRF token once it is known). */
export function csrfHeaders(): Record<string, string> {
  return csrfToken ? { 'X-CSRF-Token': csrfToken } : {};
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  keepalive?: boolean;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Whether a body has the API's error shape (`errorResponseSchema`): a code and a message at least. */
function isErrorResponse(payload: unknown): payload is ErrorResponse {
  if (typeof payload !== 'object' || payload === null) return false;
  const error = (payload as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, details } = error as Record<string, unknown>;
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    (details === undefined ||
      (Array.isArray(details) &&
        details.every(
          (detail: unknown) =>
            typeof detail === 'object' &&
            detail !== null &&
            typeof (detail as { path?: unknown }).path === 'string' &&
            typeof (detail as { message?: unknown }).message === 'string',
        )))
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    // Not JSON (a proxy error page, an empty body): fall through to a generic message.
  }
  if (isErrorResponse(payload)) {
    const { code, message, details } = payload.error;
    return new ApiError({ status: response.status, code, message, details });
  }
  if (response.status === 429) {
    // A limit answered by something else than the API's error shape (a proxy): say so, and when.
    const seconds = Number(response.headers.get('retry-after'));
    return new ApiError({
      code: 'RATE_LIMITED',
      status: 429,
      message: `Too many requests right now. Try again ${Number.isFinite(seconds) && seconds > 0 ? `in ${seconds} s` : 'in a moment'}.`,
    });
  }
  return new ApiError({
    code: response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST',
    status: response.status,
    message: response.statusText || 'Something went wrong. Please try again.',
  });
}

/**
 * Fetches a JSON API path with the session cookie and returns its JSON answer as `T` (undefined for
 * 204 or a body that is not JSON); throws `ApiError` on any non-2xx answer.
 *
 * The answer is not validated again here: the server validates every response against its zod
 * contract before sending it (`serializerCompiler`, apps/server/src/app.ts), and `T` is the
 * contract's type. Parsing it again in the browser would put zod (~25 KB gzip) in every page's first
 * load for no protection the server does not already give (docs/performance.md).
 */
export async function apiRequest<T = void>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal, keepalive } = options;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(method === 'GET' ? {} : csrfHeaders()),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      code: 'NETWORK_ERROR',
      status: 0,
      message: 'The server could not be reached. Check your connection and try again.',
    });
  }

  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401 && !UNAUTHENTICATED_IS_AN_ANSWER.includes(path)) {
      const here = `${window.location.pathname}${window.location.search}`;
      if (!window.location.pathname.startsWith('/login')) onUnauthorized(here);
    }
    throw error;
  }

  if (path === SIGN_OUT) csrfToken = null;
  if (response.status === 204 || !response.headers.get('Content-Type')?.includes('application/json'))
    return undefined as T;
  const json: unknown = await response.json();
  if (CSRF_SOURCES.includes(path) && typeof (json as { csrf_token?: unknown }).csrf_token === 'string')
    csrfToken = (json as { csrf_token: string }).csrf_token;
  return json as T;
}

/** A file answered by the API: its bytes and the name from `Content-Disposition` (null when absent). */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/**
 * The `filename` of a `Content-Disposition` header: the RFC 5987 `filename*` (UTF-8) when present,
 * else the plain `filename`; path separators are dropped so the name stays a file name.
 */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (extended) {
    const value = extended[1]!.trim().replace(/^"(.*)"$/, '$1');
    const encoded = value.includes("''") ? value.slice(value.indexOf("''") + 2) : value;
    try {
      name = decodeURIComponent(encoded);
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
    if (plain) name = (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]!).trim();
  }
  const safe = name?.split(/[/\\]/).pop()?.trim();
  return safe ? safe : null;
}

/** Fetches a file (CSV, PDF) with the session cookie; throws `ApiError` as `apiRequest` does. */
export async function apiDownload(
  path: string,
  options: { query?: Record<string, QueryValue>; signal?: AbortSignal; accept?: string } = {},
): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: 'GET',
      credentials: 'same-origin',
      headers: { Accept: options.accept ?? '*/*' },
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({
      code: 'NETWORK_ERROR',
      status: 0,
      message: 'The server could not be reached. Check your connection and try again.',
    });
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401) {
      const here = `${window.location.pathname}${window.location.search}`;
      if (!window.location.pathname.startsWith('/login')) onUnauthorized(here);
    }
    throw error;
  }
  return {
    blob: await response.blob(),
    filename: filenameFromContentDisposition(response.headers.get('Content-Disposition')),
  };
}

/**
 * Low-level calls by URL path (the tests of this module). Feature code calls operations by id with
 * `callOperation` / `downloadOperation`, so an API path is never spelled outside its descriptor.
 */
export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = void>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  download: apiDownload,
};

/** The type of an answer: the output of its response schema in `@portal/contracts` (types only). */
export type ResponseOf<S extends z.ZodType> = z.output<S>;

// ---------------------------------------------------------------------------------------------------
// Calls by operation (issue 19 §1). The descriptors of `@portal/contracts` give the types (imported
// as types only: their zod schemas stay out of the bundle); the generated `operationRoutes` table gives
// the method and path template at runtime.

type Operations = typeof operations;
type Op<Id extends OperationId> = Operations[Id];

/** Coerced fields (`z.coerce.number()`) take `unknown` as input: the client sends a `QueryValue`. */
type Sendable<T> = { [K in keyof T]: unknown extends T[K] ? QueryValue : T[K] };

/** The path parameters of an operation, by the names of its `params` schema. */
export type OperationParams<Id extends OperationId> = Op<Id>['params'] extends z.ZodType
  ? { [K in keyof z.output<Op<Id>['params']>]: string | number }
  : undefined;

/** The query of an operation: the input of its `query` schema (what the server parses). */
export type OperationQuery<Id extends OperationId> = Op<Id>['query'] extends z.ZodType
  ? Sendable<z.input<Op<Id>['query']>>
  : undefined;

/** The JSON body of an operation: the input of its `body` schema. */
export type OperationBody<Id extends OperationId> = Op<Id>['body'] extends z.ZodType
  ? z.input<Op<Id>['body']>
  : undefined;

type SuccessStatus = 200 | 201 | 202;
type SuccessOf<R> = {
  [S in keyof R & SuccessStatus]: R[S] extends z.ZodType ? z.output<R[S]> : never;
}[keyof R & SuccessStatus];

/** The answer of an operation: the output of its 2xx response schema (nothing for a 204). */
export type OperationResponse<Id extends OperationId> =
  SuccessOf<Op<Id>['response']> | (204 extends keyof Op<Id>['response'] ? void : never);

type Field<Name extends string, T> = [T] extends [undefined]
  ? { [K in Name]?: undefined }
  : object extends T
    ? { [K in Name]?: T }
    : { [K in Name]: T };

/** What a call of an operation takes: its params, query and body as its descriptor types them. */
export type CallOptions<Id extends OperationId> = Field<'params', OperationParams<Id>> &
  Field<'query', OperationQuery<Id>> &
  Field<'body', OperationBody<Id>> & { signal?: AbortSignal; keepalive?: boolean };

type OptionalWhenEmpty<T> = object extends T ? [options?: T] : [options: T];

/** The URL of an operation: its path template filled with `params`, then `query`. */
export function operationUrl(
  id: OperationId,
  params?: Record<string, string | number>,
  query?: Record<string, unknown>,
): string {
  return buildUrl(operationPath({ id, path: operationRoute(id).path }, params), query as Record<string, QueryValue>);
}

/**
 * Calls an API operation by id: the URL comes from its path template (`params`, `query`), the method
 * from its descriptor; the body is sent as JSON and the CSRF token on state-changing calls. Answers
 * the operation's 2xx response type; throws `ApiError` as `apiRequest` does.
 */
export function callOperation<Id extends OperationId>(
  id: Id,
  ...[options]: OptionalWhenEmpty<CallOptions<Id>>
): Promise<OperationResponse<Id>> {
  const { params, query, body, signal, keepalive } = (options ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
    keepalive?: boolean;
  };
  const path = operationPath({ id, path: operationRoute(id).path }, params);
  return apiRequest<OperationResponse<Id>>(path, {
    method: operationRoute(id).method,
    query,
    body,
    signal,
    keepalive,
  });
}

/** Downloads the file an operation answers (CSV, PDF) by id; throws `ApiError` as `apiDownload` does. */
export function downloadOperation<Id extends OperationId>(
  id: Id,
  options: Omit<CallOptions<Id>, 'body' | 'keepalive'> & { accept?: string },
): Promise<DownloadedFile> {
  const { params, query, signal, accept } = options as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    signal?: AbortSignal;
    accept?: string;
  };
  return apiDownload(operationPath({ id, path: operationRoute(id).path }, params), { query, signal, accept });
}
