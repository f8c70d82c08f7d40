import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEALERSHIP_PATH } from '@portal/contracts';
import { responseSerializerCompiler, type ResponseSerialization } from './lib/response-serializer';
import type { Config } from './config';
import type { Database } from './db/client';
import type { JobQueue } from './jobs/queue';
import { createMailer } from './lib/mail';
import { ApiError } from './lib/errors';
import dbPlugin from './plugins/external/db';
import errorsPlugin from './plugins/external/errors';
import canonicalPathPlugin from './plugins/external/canonical-path';
import httpCachePlugin from './plugins/external/http-cache';
import readRoutingPlugin from './plugins/external/read-routing';
import securityPlugin from './plugins/external/security';
import spaPlugin from './plugins/external/spa';
import sharedAssetsPlugin from './plugins/external/shared-assets';
import storagePlugin from './plugins/external/storage';
import type { Storage } from './lib/storage';
import swaggerPlugin from './plugins/external/swagger';
import authPlugin from './plugins/app/auth';
import auditPlugin from './plugins/app/audit';
import { DEFAULT_THROTTLE, type ThrottleRule } from './auth/login-throttle';
import { DEFAULT_REPORT_LIMITS, type ReportLimits } from './repositories/reports/quotas';
import exportLimitsPlugin, { DEFAULT_EXPORT_LIMITS, type ExportLimits } from './plugins/app/export-limits';
import { createExportRenderer, type ExportRenderer } from './exports/render-pool';
import { apiRoutes } from './routes';
import { createAdPlatforms, type AdPlatforms } from './self-service/connectors';
import type { AccountSettings, App, ReportServices, RouteTableEntry } from './types';

// Kept importable from here too (tests, scripts); they are defined in types.ts.
export type { App, ReportServices, RouteTableEntry } from './types';

export interface AppOptions {
  config: Pick<Config, 'SESSION_TTL_HOURS' | 'LOGIN_RATE_LIMIT' | 'TRUST_PROXY'> & { sessionSecret: string };
  database: Database;
  /** Where files live (local disk or S3): see lib/storage. */
  storage: Storage;
  /**
   * The pg-boss job queue, already started (src/jobs/queue.ts). Routes enqueue with `app.jobs.send`;
   * workers are started separately (src/jobs/workers.ts).
   */
  jobs: JobQueue;
  /** Email and Google Sheets for reports (spec 001 §2.13); default: an outbox folder in the temp dir, no sheets. */
  reports?: ReportServices;
  /** Ad platform connectors (self-service import); default: the sandbox for both vendors. */
  adPlatforms?: AdPlatforms;
  /** The current instant; tests pass a fixed clock. */
  clock?: () => Date;
  /** Sign-in throttling (auth/login-throttle.ts); default DEFAULT_THROTTLE (LOGIN_THROTTLE_SECONDS sets the first delay). */
  loginThrottle?: Partial<ThrottleRule>;
  /** Report jobs and emails per user and per organization an hour (docs/reports.md); default 20 and 200. */
  reportLimits?: ReportLimits;
  /** Bytes of JSON answers each process keeps (plugins/external/http-cache.ts); 0 keeps none. Default 64 MiB. */
  responseCacheBytes?: number;
  /**
   * How answers are serialized (lib/response-serializer.ts): `compiled` (fast-json-stringify, no zod
   * validation; `npm start`, NODE_ENV=production), `validated` (zod) or `checked` (both, compared).
   * Default: `checked` under Vitest, else `validated`.
   */
  responseSerialization?: ResponseSerialization;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built SPA; defaults to apps/web/dist. */
  webDist?: string;
  /**
   * Exports (plugins/app/export-limits.ts): the worker pool that builds PDFs and workbooks — default a
   * pool of one worker, closed with the app; a pool passed in is the caller's to close — and the caps
   * and rates (default `DEFAULT_EXPORT_LIMITS`).
   */
  exports?: { renderer?: ExportRenderer; limits?: Partial<ExportLimits> };
  /**
   * Accounts (issue 23, docs/users.md): `publicUrl` — the portal's address in invitation and
   * password reset links (PUBLIC_URL, else `http://localhost:{PORT}`; never the request's Host
   * header, which a client chooses); `auditRetentionDays` — how long audit rows are kept
   * (AUDIT_RETENTION_DAYS). Defaults: http://localhost:3000 and 400.
   */
  accounts?: Partial<AccountSettings>;
  /** Hours between self-service refreshes (SELF_SERVICE_SYNC_EVERY_HOURS; default 1: hourly). */
  selfServiceSyncEveryHours?: number;
  /** Agency webhooks may post to 127.0.0.1 / ::1 (WEBHOOK_ALLOW_LOOPBACK; default false). */
  webhookAllowLoopback?: boolean;
}

/** Account links and audit retention unless told otherwise (PUBLIC_URL, AUDIT_RETENTION_DAYS). */
export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  publicUrl: 'http://localhost:3000',
  auditRetentionDays: 400,
};

/** What the response cache keeps per process unless told otherwise (RESPONSE_CACHE_MB). */
export const DEFAULT_RESPONSE_CACHE_BYTES = 64 * 1024 * 1024;

/** Tenant-scoped API routes live under this prefix (spec 000 §7; contracts `DEALERSHIP_PATH`). */
export const TENANT_PREFIX = DEALERSHIP_PATH;

/**
 * Builds the Fastify app: external plugins (db, errors, security headers, docs, rate limit), then
 * app plugins (auth), then routes (STYLE habit 5). The caller opens and migrates the database.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? (process.env.TEST_LOG ? { level: 'error' } : false),
    trustProxy: options.config.TRUST_PROXY,
    bodyLimit: 10 * 1024 * 1024,
    // Query strings such as sorting=[{...}] stay plain strings; zod parses them.
    routerOptions: { maxParamLength: 200 },
    // Errors Fastify raises before routing (a path with a malformed percent-encoding, FST_ERR_BAD_URL)
    // answer in the API's error shape too (plugins/external/errors.ts has the rest).
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      // The message names no part of the URL: it could carry a signature.
      const message =
        error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid: it has a malformed percent-encoding' : error.message;
      void (reply as FastifyReply).code(status).send({ error: { code: 'BAD_REQUEST', message } });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    responseSerializerCompiler(options.responseSerialization ?? (process.env.VITEST ? 'checked' : 'validated')),
  );
  let documenting = false;
  guardDocumentedRoutes(app, () => documenting);

  await app.register(dbPlugin, { database: options.database });
  app.decorate('jobs', options.jobs);
  await app.register(storagePlugin, { storage: options.storage });
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  // Right after the security headers, before every other hook: a request target in any spelling
  // but the canonical one is 400 (docs/security.md).
  await app.register(canonicalPathPlugin);
  await app.register(httpCachePlugin, {
    database: options.database,
    maxBytes: options.responseCacheBytes ?? DEFAULT_RESPONSE_CACHE_BYTES,
    clock: options.clock ?? (() => new Date()),
    onDataChange: () => options.database.reads?.noteChange(),
  });
  // After the response cache: its preHandler serves kept answers before a database is chosen.
  await app.register(readRoutingPlugin, { database: options.database });
  await app.register(swaggerPlugin);
  documenting = true;
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'RATE_LIMITED', `Too many attempts; try again in ${Math.ceil(context.ttl / 1000)} s`),
  });
  await app.register(authPlugin, { sessionSecret: options.config.sessionSecret });
  // After the session and tenant checks (it reads what they found), before the routes.
  await app.register(auditPlugin);
  const ownRenderer = options.exports?.renderer ? null : createExportRenderer({ threads: 1 });
  if (ownRenderer) app.addHook('onClose', async () => ownRenderer.close());
  await app.register(exportLimitsPlugin, {
    renderer: options.exports?.renderer ?? ownRenderer!,
    limits: { ...DEFAULT_EXPORT_LIMITS, ...options.exports?.limits },
  });

  // Static files (the demo creatives from assets/, not the web app's folder): not API routes, so
  // registered before the route table and the tests that walk it.
  await app.register(sharedAssetsPlugin);

  // The route table, collected as routes register: tests cover every route of it automatically.
  const routeTable: RouteTableEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        routeTable.push({
          method,
          url: route.url,
          querystring: route.schema?.querystring,
          params: route.schema?.params,
          body: route.schema?.body,
          exportClass: route.config?.exportClass,
          produces: route.schema?.produces,
        });
  });
  app.decorate('routeTable', routeTable);

  const clock = options.clock ?? (() => new Date());
  app.decorate('clock', clock);
  app.decorate('reportLimits', options.reportLimits ?? DEFAULT_REPORT_LIMITS);
  app.decorate('accounts', { ...DEFAULT_ACCOUNT_SETTINGS, ...options.accounts });
  app.decorate('selfServiceSyncEveryHours', options.selfServiceSyncEveryHours ?? 1);
  app.decorate('webhookAllowLoopback', options.webhookAllowLoopback ?? false);
  app.decorate(
    'reports',
    options.reports ?? {
      mailer: createMailer({
        from: 'Campaign portal <reports@localhost>',
        outboxDir: path.join(os.tmpdir(), 'portal-outbox'),
      }),
      sheets: null,
    },
  );
  app.decorate(
    'adPlatforms',
    options.adPlatforms ?? createAdPlatforms({}, { sessionSecret: options.config.sessionSecret, clock }),
  );
  const webDist = options.webDist ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
  await app.register(apiRoutes, {
    clock,
    sessionSecret: options.config.sessionSecret,
    sessionTtlHours: options.config.SESSION_TTL_HOURS,
    loginRateLimit: options.config.LOGIN_RATE_LIMIT,
    throttle: { ...DEFAULT_THROTTLE, ...options.loginThrottle },
  });

  await app.register(spaPlugin, {
    webDist,
  });
  return app;
}

/** Methods that change nothing; a route with any other method is state-changing. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses, when it is registered, a state-changing route the OpenAPI document (/api/docs/json) would
 * not list: hidden from it (`schema.hide`, the `X-HIDDEN` tag) or registered before the document
 * collects routes (`documenting()` false). The black-box CSRF matrix (test/black-box/csrf-matrix.test.ts)
 * takes the routes it attacks from that document, so every state-changing route must be in it.
 */
export function guardDocumentedRoutes(app: FastifyInstance, documenting: () => boolean = () => true) {
  app.addHook('onRoute', (route) => {
    const unsafe = [route.method].flat().filter((method) => !SAFE_METHODS.has(method));
    if (unsafe.length === 0) return;
    const label = `${unsafe.join(',')} ${route.url}`;
    const schema = route.schema as { hide?: boolean; tags?: string[] } | undefined;
    if (schema?.hide || schema?.tags?.includes('X-HIDDEN'))
      throw new Error(`${label} is hidden from the API documentation: every state-changing route must be documented`);
    if (!documenting())
      throw new Error(
        `${label} is registered before the API documentation collects routes (plugins/external/swagger.ts)`,
      );
  });
}
