import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JobQueue } from './jobs/queue';
import type { SheetsClient } from './lib/google-sheets';
import type { Mailer } from './lib/mail';
import type { ExportClass } from './plugins/app/export-limits';
import type { ReportLimits } from './repositories/reports/quotas';
import type { AdPlatforms } from './self-service/connectors';

/**
 * The Fastify instance `buildApp()` (app.ts) returns, with the zod type provider: what route plugins
 * (`FastifyPluginAsyncZod`), jobs and services receive. Its decorations (`db`, `storage`, `jobs`,
 * `clock`, …) are declared by declaration merging below and in the plugins that add them. It lives
 * here, not in app.ts, so that modules app.ts imports can name it without an import cycle.
 */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** How reports leave the portal: the mailer (SMTP or outbox) and the Sheets client (null without a service account). */
export interface ReportServices {
  mailer: Mailer;
  sheets: SheetsClient | null;
}

/** Accounts (issue 23): the base URL of emailed links and how long audit rows are kept. */
export interface AccountSettings {
  /** `https://portal.example.com` (no trailing slash needed): invitation and reset links start with it. */
  publicUrl: string;
  /** Audit rows older than this many days are deleted by the `audit-retention` job. */
  auditRetentionDays: number;
}

/** A registered route: method, URL pattern and its request schemas (tests fill and break requests from them). */
export interface RouteTableEntry {
  method: string;
  url: string;
  querystring?: unknown;
  params?: unknown;
  body?: unknown;
  /** The route's export class (plugins/app/export-limits.ts), when it has one. */
  exportClass?: ExportClass;
  /** Its schema's `produces` (media types of file answers). */
  produces?: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route (method, URL pattern), in registration order. */
    routeTable: RouteTableEntry[];
    /** The started pg-boss queue (see AppOptions.jobs). */
    jobs: JobQueue;
    /** The current instant (fixed in tests); job handlers read it. */
    clock: () => Date;
    /** Report delivery: mailer and Sheets client (see AppOptions.reports). */
    reports: ReportServices;
    /** Hourly report job and email limits (see AppOptions.reportLimits). */
    reportLimits: ReportLimits;
    /** Account links and audit retention (see AppOptions.accounts). */
    accounts: AccountSettings;
    /** Ad platform connectors, token cipher and OAuth state secret (src/self-service). */
    adPlatforms: AdPlatforms;
    /** Self-service campaigns re-sync every this many hours (SELF_SERVICE_SYNC_EVERY_HOURS, issue 21 §1). */
    selfServiceSyncEveryHours: number;
    /** Agency webhooks may post to loopback addresses (WEBHOOK_ALLOW_LOOPBACK; never private networks). */
    webhookAllowLoopback: boolean;
  }
}
