import { operationRoute as routeOf, type ErrorResponse, type OperationId } from '@portal/contracts';
import { vi } from 'vitest';
import type { OperationResponse } from '@/lib/api-client';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface MockRequest {
  method: Method;
  path: string;
  url: URL;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
}

export interface MockResponse {
  status?: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is instead of `body` (CSV, PDF bytes as text). */
  text?: string;
  headers?: Record<string, string>;
}

type Handler = (request: MockRequest) => MockResponse | Promise<MockResponse>;

interface Route {
  method: Method;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

function compile(path: string): { pattern: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        keys.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), keys };
}

/**
 * Network-level API mock: stubs `fetch` and answers from handlers keyed by 'METHOD /path/:param'.
 * Unhandled calls answer 404 NOT_FOUND in the API's error shape and are recorded.
 */
export function mockApi(handlers: Record<string, Handler | MockResponse>) {
  const routes: Route[] = Object.entries(handlers).map(([key, handler]) => {
    const [method, path] = key.split(' ') as [Method, string];
    return {
      method,
      ...compile(path),
      handler: typeof handler === 'function' ? handler : () => handler,
    };
  });
  const calls: MockRequest[] = [];
  const unhandled: string[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = ((init?.method ?? 'GET').toUpperCase() as Method) || 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    for (const route of routes) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      const params = Object.fromEntries(route.keys.map((key, index) => [key, decodeURIComponent(match[index + 1]!)]));
      const request: MockRequest = { method, path: url.pathname, url, params, query: url.searchParams, body };
      calls.push(request);
      const result = await route.handler(request);
      const status = result.status ?? 200;
      if (result.text !== undefined) {
        return new Response(result.text, { status, headers: { 'Content-Type': 'text/plain', ...result.headers } });
      }
      return new Response(status === 204 || result.body === undefined ? null : JSON.stringify(result.body), {
        status,
        headers: { 'Content-Type': 'application/json', ...result.headers },
      });
    }
    unhandled.push(`${method} ${url.pathname}`);
    return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }), {
      status: 404,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  vi.stubGlobal('fetch', fetchMock);
  return { fetch: fetchMock, calls, unhandled };
}

/** An answer in the API's error shape. */
export interface ErrorAnswer extends MockResponse {
  status: number;
  body: ErrorResponse;
}

export function apiError(status: number, code: string, message: string): ErrorAnswer {
  return { status, body: { error: { code: code as ErrorResponse['error']['code'], message } } };
}

/** An answer of an operation: its body typed by the operation's 2xx response schema (issue 19 §1). */
export interface OperationAnswer<Id extends OperationId> extends Omit<MockResponse, 'body'> {
  body?: OperationResponse<Id>;
}

type OperationHandler<Id extends OperationId> =
  | OperationAnswer<Id>
  | ErrorAnswer
  | ((request: MockRequest) => OperationAnswer<Id> | ErrorAnswer | Promise<OperationAnswer<Id> | ErrorAnswer>);

/** Mock handlers by operation id (any parameter values match). */
export type OperationHandlers = { [Id in OperationId]?: OperationHandler<Id> };

/** The `mockApi` key of an operation: `'METHOD /path/:param'` from its descriptor. */
export function operationRoute(id: OperationId): string {
  const { method, path } = routeOf(id);
  return `${method} ${path.replace(/\*$/, ':rest')}`;
}

/** `mockApi` handlers of operations, keyed by id: `mockApi({ ...operationHandlers({ getMe: { body: me } }) })`. */
export function operationHandlers(handlers: OperationHandlers): Record<string, Handler | MockResponse> {
  return Object.fromEntries(
    Object.entries(handlers).map(([id, handler]) => [
      operationRoute(id as OperationId),
      handler as Handler | MockResponse,
    ]),
  );
}

/** `mockApi` with handlers by operation id (typed answers), plus any by path. */
export function mockOperations(handlers: OperationHandlers, byPath: Record<string, Handler | MockResponse> = {}) {
  return mockApi({ ...operationHandlers(handlers), ...byPath });
}
