import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { BUSY_RETRY_AFTER_SECONDS, type ExportRenderer } from '../../exports/render-pool';
import { ApiError, unauthenticated } from '../../lib/errors';
import { sessionToken } from './auth';

/**
 * A route's export class (issue 18 item 4), declared in its `config.exportClass`:
 * - `'download'`: the answer is a file (PDF, xlsx, CSV): rate-limited per session and capped in
 *   concurrent exports per user and per organization;
 * - `'report-job'`: the route enqueues a report job (built and emailed in the background):
 *   rate-limited per session.
 * A route whose path or `produces` says it answers a file must declare `'download'` (the server
 * refuses to start otherwise), and an attachment answered by a route without it is refused (500).
 */
export type ExportClass = 'download' | 'report-job';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's export class (plugins/app/export-limits.ts); unset: not an export. */
    exportClass?: ExportClass;
  }
  interface FastifyRequest {
    /**
     * Set on `download` routes: aborted when the client goes away before the answer is sent, so the
     * export pool drops or stops the request's render (`app.exportRenderer.render(task, signal)`).
     */
    exportSignal: AbortSignal | null;
  }
  interface FastifyInstance {
    /** The export pool: PDFs and workbooks are built in worker threads (exports/render-pool.ts). */
    exportRenderer: ExportRenderer;
    /** The caps and rates in force (configuration EXPORT_*). */
    exportLimits: ExportLimits;
  }
}

/** Export caps and rates (README "Configuration"). */
export interface ExportLimits {
  /** Concurrent `download` exports of one user (EXPORT_CONCURRENCY_PER_USER). */
  perUser: number;
  /** Concurrent `download` exports for one organization, the path's tenant (EXPORT_CONCURRENCY_PER_ORGANIZATION). */
  perOrganization: number;
  /** `download` requests per session per minute (EXPORT_RATE_LIMIT). */
  downloadsPerMinute: number;
  /** `report-job` requests per session per minute (REPORT_JOB_RATE_LIMIT). */
  reportJobsPerMinute: number;
}

export const DEFAULT_EXPORT_LIMITS: ExportLimits = {
  perUser: 2,
  perOrganization: 4,
  downloadsPerMinute: 30,
  reportJobsPerMinute: 10,
};

/** Paths of file answers: `….pdf`, `….xlsx`, `….csv` and the `/csv` twins of report tables. */
const FILE_PATH = /(\.(pdf|xlsx|csv)|\/csv)$/i;

/** Whether a route answers a file, by its path or by a non-JSON type in its schema's `produces`. */
export function answersFile(route: { url: string; schema?: { produces?: readonly string[] } }): boolean {
  return FILE_PATH.test(route.url) || (route.schema?.produces ?? []).some((type) => !type.includes('json'));
}

const releaseKey = Symbol('exportSlotRelease');
type WithRelease = FastifyRequest & { [releaseKey]?: () => void };

/**
 * Export classes (see `ExportClass`): every route that declares one gets its hooks from this plugin
 * as it registers — after the plugin-level `requireTenant`, so the user and tenant are known — and
 * routes added later get them by declaring the class. Register after `@fastify/rate-limit` and auth,
 * before the routes.
 *
 * - Rate: one bucket per session and class (`@fastify/rate-limit`, in-process store), 429
 *   `RATE_LIMITED` with `Retry-After` (seconds until the minute's window ends).
 * - Concurrency: counts of running `download` exports per user and per organization in this
 *   process; beyond a cap 429 `RATE_LIMITED` with `Retry-After: 5`. A slot is held until the answer
 *   has been sent or the client has gone away (a gone client's render is stopped via `exportSignal`).
 */
export default fp(
  async (app, options: { limits: ExportLimits; renderer: ExportRenderer }) => {
    const { limits, renderer } = options;
    app.decorate('exportRenderer', renderer);
    app.decorate('exportLimits', limits);
    app.decorateRequest('exportSignal', null);

    const perSession = (request: FastifyRequest) => {
      const token = sessionToken(request);
      return token ? `session:${crypto.createHash('sha256').update(token).digest('base64url')}` : `ip:${request.ip}`;
    };
    const rateOf: Record<ExportClass, ReturnType<typeof app.rateLimit>> = {
      download: app.rateLimit({ max: limits.downloadsPerMinute, timeWindow: 60_000, keyGenerator: perSession }),
      'report-job': app.rateLimit({ max: limits.reportJobsPerMinute, timeWindow: 60_000, keyGenerator: perSession }),
    };

    const running = new Map<string, number>();
    const capHook = async (request: FastifyRequest, reply: FastifyReply) => {
      const user = request.user;
      if (!user) throw unauthenticated();
      const pathOrganization = (request.params as { organization_id?: number } | undefined)?.organization_id;
      const slots: Array<[string, number, string]> = [
        [`user:${user.id}`, limits.perUser, 'You have too many exports running'],
        [
          `organization:${pathOrganization ?? user.organization_id}`,
          limits.perOrganization,
          'Your organization has too many exports running',
        ],
      ];
      for (const [key, cap, message] of slots)
        if ((running.get(key) ?? 0) >= cap)
          throw new ApiError(429, 'RATE_LIMITED', `${message}; try again in ${BUSY_RETRY_AFTER_SECONDS} s`, undefined, {
            'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
          });
      for (const [key] of slots) running.set(key, (running.get(key) ?? 0) + 1);
      const controller = new AbortController();
      request.exportSignal = controller.signal;
      let released = false;
      (request as WithRelease)[releaseKey] = () => {
        if (released) return;
        released = true;
        for (const [key] of slots) {
          const left = (running.get(key) ?? 1) - 1;
          if (left > 0) running.set(key, left);
          else running.delete(key);
        }
      };
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
        (request as WithRelease)[releaseKey]?.();
      });
    };
    app.addHook('onResponse', async (request) => {
      (request as WithRelease)[releaseKey]?.();
    });

    app.addHook('onRoute', (route: RouteOptions) => {
      const exportClass = route.config?.exportClass;
      if (!exportClass) {
        if (answersFile(route))
          throw new Error(
            `${String(route.method)} ${route.url} answers a file but declares no export class: set config.exportClass = 'download' (src/plugins/app/export-limits.ts)`,
          );
        return;
      }
      const hooks = exportClass === 'download' ? [rateOf.download, capHook] : [rateOf['report-job']];
      const existing = [route.preHandler ?? []].flat();
      // A GET's HEAD twin is built from the same options: add each hook once.
      route.preHandler = [...existing, ...hooks.filter((hook) => !existing.includes(hook as never))] as never;
    });

    // The class is what makes an attachment allowed: an answer sent as a download by a route that
    // did not declare it (and so escaped the caps) is refused.
    app.addHook('onSend', async (request, reply, payload) => {
      const disposition = reply.getHeader('content-disposition');
      if (
        typeof disposition === 'string' &&
        disposition.startsWith('attachment') &&
        request.routeOptions.config.exportClass !== 'download'
      ) {
        reply.removeHeader('content-disposition');
        throw new Error(
          `${request.method} ${request.routeOptions.url} sent a file without the 'download' export class`,
        );
      }
      return payload;
    });
  },
  { name: 'export-limits', dependencies: ['@fastify/rate-limit'] },
);
