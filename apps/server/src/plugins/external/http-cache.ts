import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import { DATA_CHANGED_CHANNEL, parseDataChange } from '../../db/change-notifications';
import type { Database } from '../../db/client';
import { answerWindowOf } from '../../lib/answer-window';
import { ChangeAwareCache, type CacheScope, type ChangeScope } from '../../lib/change-aware-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `true` on a tenant-scoped JSON read whose answer depends only on the database's public tables,
     * the signed-in user, the URL and the answer window (the day; signed URLs, which are the same for
     * a window): the answer is kept until a watched table changes (see below). Leave it off for job
     * states or anything read from elsewhere than the database.
     */
    responseCache?: true;
  }
  interface FastifyRequest {
    /** The cache's generation when the request arrived; an answer computed across a change is not kept. */
    cacheGeneration: number;
    /** The answer window (lib/answer-window.ts) the request arrived in: part of its cache key. */
    cacheBucket: number;
    /**
     * False when the answer may be older than a change already notified — read from a replica that
     * had not replayed it (plugins/external/read-routing.ts): it is answered but not kept.
     */
    answerKeepable: boolean;
  }
}

export interface HttpCacheOptions {
  /** Where change notifications come from (db/change-notifications.ts). */
  database: Pick<Database, 'listen'>;
  /** Bytes of answers kept per process; 0 keeps none (ETags still apply). */
  maxBytes: number;
  /** The current instant: answers are kept per answer window (lib/answer-window.ts). */
  clock: () => Date;
  /** Called on each notification that reaches kept answers (read replicas note the primary's position: db/read-routing.ts). */
  onDataChange?: () => void;
}

/**
 * Kinds of data (db/change-notifications.ts, `DATA_KINDS`) that no kept answer is read from: the
 * wizard's drafts and uploads, and the bookkeeping of report jobs. Their writes keep every answer.
 */
export const RESPONSE_CACHE_IGNORED_KINDS: ReadonlySet<string> = new Set(['drafts', 'report-jobs']);

/** What a `portal_data_changed` payload empties in the response cache (null: nothing). */
export function responseCacheChange(payload: string): ChangeScope | null {
  const change = parseDataChange(payload);
  return RESPONSE_CACHE_IGNORED_KINDS.has(change.kind) ? null : change;
}

/** The tenant of a request's path (`/agencies/{organization_id}/dealership/{dealership_id}/...`), if it names both. */
const scopeOf = (request: FastifyRequest): CacheScope | undefined => {
  const params = request.params as Record<string, string | undefined> | undefined;
  const organizationId = Number(params?.organization_id);
  const dealershipId = Number(params?.dealership_id);
  return Number.isSafeInteger(organizationId) && Number.isSafeInteger(dealershipId) && params?.dealership_id
    ? { organizationId, dealershipId }
    : undefined;
};

interface CachedAnswer {
  body: Buffer;
  etag: string;
}

/** Whether the request matched an API route (its URL pattern is under `/api/`). */
const isApiRoute = (request: FastifyRequest) => request.routeOptions.url?.startsWith('/api/') === true;

const etagOf = (payload: string) => `"${crypto.createHash('sha1').update(payload).digest('base64url')}"`;

const matches = (request: FastifyRequest, etag: string) => {
  const ifNoneMatch = request.headers['if-none-match'];
  return Boolean(ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));
};

/**
 * HTTP caching of the API's JSON reads (docs/performance.md, issue 7).
 *
 * 1. Revalidation: every successful JSON answer of a `GET` route under `/api/` (the route matched, not
 *    the raw URL: canonical-path.ts refuses other spellings anyway) that did not set its own caching gets
 *    a strong ETag (SHA-1 of the body, base64url) and `cache-control: private, no-cache`, so the
 *    browser keeps it and asks again with `If-None-Match`; while the numbers have not changed the
 *    answer is `304 Not Modified` with no body. Answers that set `cache-control` themselves (CSV and
 *    PDF downloads, signed files, reference data) and streams are left alone. `vary: cookie` keeps
 *    one user's copy from answering for another.
 * 2. Response cache: the answers of routes with `config.responseCache` are kept in this process (an
 *    LRU bounded by `maxBytes`), keyed by user, URL and half hour, and served again without running
 *    the route — after `requireTenant` has checked the session and the tenant of the path, as on
 *    every request. A committed write drops the answers it can reach (PostgreSQL `NOTIFY` from the
 *    statement triggers of db/change-notifications.ts, from this process or another): a write naming
 *    a dealership drops that dealership's answers (each answer is filed under the organization and
 *    dealership of its path), one naming only an organization (platform connections, users) that
 *    organization's, anything else every answer; writes of `RESPONSE_CACHE_IGNORED_KINDS` (drafts,
 *    report-job bookkeeping) drop nothing. An answer that was being computed while a change reaching
 *    it arrived is not kept; while notifications cannot arrive (the listening connection is lost)
 *    nothing is served from or kept in the cache, and it starts empty when they can again. An answer
 *    read from a replica that had not replayed every notified change (`request.answerKeepable`
 *    false, plugins/external/read-routing.ts) is sent but not kept.
 *    Cacheable answers say `x-response-cache: hit` (served from the cache) or `miss` (computed).
 */
export default fp(
  async (app, options: HttpCacheOptions) => {
    const cache =
      options.maxBytes > 0
        ? new ChangeAwareCache<CachedAnswer>({
            maxSize: options.maxBytes,
            sizeCalculation: (answer, key) => answer.body.length + key.length + 64,
          })
        : null;
    if (cache) {
      const stop = await cache.follow(options.database, DATA_CHANGED_CHANNEL, (payload) => {
        const change = responseCacheChange(payload);
        if (change) options.onDataChange?.();
        return change;
      });
      app.addHook('onClose', async () => stop());
    }

    const keyOf = (request: FastifyRequest) => `${request.user?.id ?? 0}|${request.cacheBucket}|${request.url}`;
    const isCacheable = (request: FastifyRequest) =>
      cache !== null && request.method === 'GET' && request.routeOptions.config.responseCache === true;

    app.decorateRequest('cacheGeneration', 0);
    app.decorateRequest('cacheBucket', 0);
    app.decorateRequest('answerKeepable', true);
    const noteGeneration: onRequestHookHandler = async (request) => {
      request.cacheGeneration = cache?.begin() ?? 0;
      request.cacheBucket = answerWindowOf(options.clock());
    };
    // Runs after the plugin's own preHandlers (requireTenant): route-level hooks come last.
    const serveCached: preHandlerHookHandler = async (request, reply) => {
      if (!request.user) return;
      const answer = cache?.get(keyOf(request));
      if (!answer) return;
      reply
        .header('x-response-cache', 'hit')
        .header('etag', answer.etag)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'cookie')
        .header('content-type', 'application/json; charset=utf-8');
      if (matches(request, answer.etag)) return reply.code(304).send();
      return reply.send(answer.body);
    };
    app.addHook('onRoute', (route) => {
      if (route.config?.responseCache !== true) return;
      route.onRequest = [noteGeneration, ...[route.onRequest ?? []].flat()];
      route.preHandler = [...[route.preHandler ?? []].flat(), serveCached];
    });

    app.addHook('onSend', async (request, reply: FastifyReply, payload) => {
      // Decided on the route the request matched (its URL pattern), not on the spelling of its URL.
      if (request.method !== 'GET' || reply.statusCode !== 200 || !isApiRoute(request)) return payload;
      if (typeof payload !== 'string' || reply.hasHeader('cache-control') || reply.hasHeader('etag')) return payload;
      if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
      const etag = etagOf(payload);
      reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'cookie');
      if (isCacheable(request) && request.user) {
        reply.header('x-response-cache', 'miss');
        if (request.answerKeepable)
          cache?.set(keyOf(request), { body: Buffer.from(payload), etag }, request.cacheGeneration, scopeOf(request));
      }
      if (matches(request, etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });
  },
  { name: 'http-cache' },
);
