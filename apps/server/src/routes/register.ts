import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AnyOperation } from '@portal/contracts';

/** The schema Fastify sees for an operation: its descriptor's schemas under Fastify's names. */
interface SchemaOf<Op extends AnyOperation> {
  params: Op['params'];
  querystring: Op['query'];
  body: Op['body'];
  response: Op['response'];
}

/** A handler of an operation: request and reply typed from its descriptor's zod schemas. */
export type OperationHandler<Op extends AnyOperation> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<Op>,
  ZodTypeProvider
>;

/** What a route may add to its descriptor: transport details that are the server's own. */
export interface RouteExtras {
  /** Bytes of body accepted (Fastify `bodyLimit`); the app's 10 MiB by default. */
  bodyLimit?: number;
  /** Values of the descriptor's rate-limit class (`@fastify/rate-limit` route options). */
  rateLimit?: { max: number; timeWindow: string };
  /**
   * A report read that may be answered from a replica (plugins/external/read-routing.ts): its
   * handler reads `request.reportDb`. Every `responseCache` operation and every GET download
   * (exports' data reads) is one already (`isReportRead`).
   */
  readReplica?: true;
  /** Extra `onRequest` hooks, after the session check `access: 'session'` adds. */
  onRequest?: Array<(request: FastifyRequest, reply: FastifyReply) => Promise<void>>;
}

/**
 * Whether an operation is a report read routed to replicas (DATABASE_REPLICA_URLS, docs/scaling.md):
 * one whose answer may be kept (`responseCache`), or a GET download (export class `download`: CSV,
 * PDF) — their handlers read `request.reportDb`; one that reads `app.db` reads the primary anyway.
 */
const isReportRead = (operation: AnyOperation) =>
  operation.responseCache === true || (operation.method === 'GET' && operation.exportClass === 'download');

/** Any Fastify instance the routes register on (the zod type provider's or a plain one). */
type AnyApp = Pick<FastifyInstance, 'route' | 'requireUser'>;

/**
 * Registers the route of an API operation from its descriptor (issue 19 §1): URL and method,
 * the schemas (params, querystring, body, response — also what OpenAPI documents), tags, summary
 * and operationId, and the route config the app's hooks read — `csrf: false` for the descriptor's
 * `origin-only` rule (plugins/app/auth.ts), `exportClass` (plugins/app/export-limits.ts),
 * `responseCache` (plugins/external/http-cache.ts) and `rateLimit` for a rate-limit class. An
 * operation with `access: 'session'` runs `requireUser` first (401 before validation); a tenant
 * operation gets the tenant check from its path like every route naming `:organization_id`.
 * Throws when the descriptor has a rate-limit class but `extras.rateLimit` gives no values (Fastify
 * itself refuses the same method and path twice).
 */
export function registerOperation<Op extends AnyOperation>(
  app: AnyApp,
  operation: Op,
  handler: OperationHandler<Op>,
  extras: RouteExtras = {},
): void {
  if (operation.rateLimit && !extras.rateLimit)
    throw new Error(`${operation.id}: the rate-limit class ${operation.rateLimit} needs its values`);
  const onRequest = [...(operation.access === 'session' ? [app.requireUser] : []), ...(extras.onRequest ?? [])];
  const options: RouteShorthandOptions = {
    ...(extras.bodyLimit === undefined ? {} : { bodyLimit: extras.bodyLimit }),
    ...(onRequest.length === 0 ? {} : { onRequest }),
    config: {
      ...(operation.csrf === 'origin-only' ? { csrf: false as const } : {}),
      ...(operation.exportClass ? { exportClass: operation.exportClass } : {}),
      ...(operation.responseCache ? { responseCache: true } : {}),
      ...(isReportRead(operation) || extras.readReplica ? { readReplica: true as const } : {}),
      ...(extras.rateLimit ? { rateLimit: extras.rateLimit } : {}),
    },
    schema: {
      operationId: operation.id,
      tags: [...operation.tags],
      summary: operation.summary,
      ...(operation.consumes ? { consumes: [...operation.consumes] } : {}),
      ...(operation.produces ? { produces: [...operation.produces] } : {}),
      ...(operation.params ? { params: operation.params } : {}),
      ...(operation.query ? { querystring: operation.query } : {}),
      ...(operation.body ? { body: operation.body } : {}),
      response: operation.response,
    },
  };
  app.route({
    method: operation.method,
    url: operation.path,
    ...options,
    handler: handler as unknown as RouteHandlerMethod,
  });
}
