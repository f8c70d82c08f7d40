import * as z from 'zod';

const flagFalse = () =>
  z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true');

/**
 * Configuration from the environment, parsed once at start-up (STYLE habit 8). Unset values take
 * the embedded defaults: PGlite in DATA_DIR, a session secret generated once and kept in DATA_DIR.
 */
const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
      .optional(),
    /**
     * PostgreSQL streaming replicas of DATABASE_URL, comma-separated (issue 24 §3, docs/scaling.md):
     * report reads go to them round-robin, everything else to DATABASE_URL. Needs DATABASE_URL.
     */
    DATABASE_REPLICA_URLS: z
      .string()
      .transform((text) =>
        text
          .split(',')
          .map((url) => url.trim())
          .filter((url) => url !== ''),
      )
      .pipe(
        z
          .array(
            z
              .string()
              .regex(
                /^postgres(ql)?:\/\//,
                'each URL of DATABASE_REPLICA_URLS must be a postgres:// or postgresql:// URL',
              ),
          )
          .max(16, 'DATABASE_REPLICA_URLS names at most 16 replicas'),
      )
      .default([]),
    SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
    DEMO_PASSWORD: z.string().min(8, 'DEMO_PASSWORD must be at least 8 characters').default('demo1234'),
    LOAD_DEMO: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 7),
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
    /** First delay of a client address slowed for an email after repeated failed sign-ins (doubles per failure, ≤ 1 h). */
    LOGIN_THROTTLE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Report jobs requested, and report emails sent, per user an hour (docs/reports.md). */
    REPORT_LIMIT_PER_USER_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
    /** Report jobs requested, and report emails sent, per organization an hour. */
    REPORT_LIMIT_PER_ORGANIZATION_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(200),
    /** MiB of JSON answers each server process keeps until the data changes (docs/performance.md); 0 turns it off. */
    RESPONSE_CACHE_MB: z.coerce.number().int().min(0).max(16_384).default(64),
    /** How answers are serialized (lib/response-serializer.ts); default `compiled` in production, `validated` otherwise. */
    RESPONSE_SERIALIZATION: z.enum(['compiled', 'validated', 'checked']).optional(),
    TRUST_PROXY: flagFalse(),
    /** Export pool (docs/performance.md): worker threads building PDFs and workbooks; unset: cores − 1, at least 1. */
    EXPORT_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    /** Concurrent file exports (PDF, xlsx, CSV) of one user, and for one organization; beyond them 429. */
    EXPORT_CONCURRENCY_PER_USER: z.coerce.number().int().min(1).max(1000).default(2),
    EXPORT_CONCURRENCY_PER_ORGANIZATION: z.coerce.number().int().min(1).max(10_000).default(4),
    /** File exports, and report jobs (report generator, month-over-month Excel), per session per minute. */
    EXPORT_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
    REPORT_JOB_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
    /** Files (call recordings, uploads): S3 when S3_BUCKET is set, else DATA_DIR/storage on local disk. */
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url({ message: 'S3_ENDPOINT must be a URL, e.g. https://s3.example.com' }).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: flagFalse(),
    /** Report email: SMTP when SMTP_URL is set (smtp:// or smtps://, credentials in the URL), else .eml files in DATA_DIR/outbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Campaign portal <reports@localhost>'),
    /** The Google service account reports write sheets as (users share their sheet with this email). */
    GOOGLE_SERVICE_ACCOUNT_EMAIL: z.email({ message: 'GOOGLE_SERVICE_ACCOUNT_EMAIL must be an email' }).optional(),
    /** Its private key (PEM; `\n` sequences are read as line breaks). */
    GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY: z
      .string()
      .transform((key) => key.replace(/\\n/g, '\n'))
      .refine((key) => key.includes('PRIVATE KEY'), 'GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY must be a PEM private key')
      .optional(),
    GOOGLE_SHEETS_ROOT_URL: z
      .url({ message: 'GOOGLE_SHEETS_ROOT_URL must be a URL' })
      .default('https://sheets.googleapis.com/'),
    /**
     * Background jobs (docs/reliability.md): a job whose process died is handed to another worker once
     * it has been active this long (it must exceed the longest job), after the retry delay.
     */
    JOB_EXPIRE_SECONDS: z.coerce
      .number()
      .int()
      .min(5)
      .max(24 * 3600)
      .default(300),
    /** First retry delay of a failed or expired job; doubles with each retry. */
    JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    /** How often pg-boss looks for expired jobs (its maintenance). */
    JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** Hours between self-service refreshes (issue 21 §1): 1 = hourly (the default), 24 = once a day. */
    /** Agency alert webhooks may post to 127.0.0.1 / ::1 (a receiver on this machine); private networks never. */
    WEBHOOK_ALLOW_LOOPBACK: flagFalse(),
    /**
     * API processes behind the one PORT (Node's cluster; issue 24 §3): 1 runs the server in this
     * process; more forks that many workers. PostgreSQL only (the embedded PGlite is one process's).
     */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    SELF_SERVICE_SYNC_EVERY_HOURS: z.coerce.number().int().min(1).max(24).default(1),
    /** Days the audit log keeps a row (issue 23 §3, docs/users.md); a daily job deletes older rows. */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
    /**
     * The portal's address (self-service OAuth redirect, docs/self-service.md; invitation and
     * password reset links, docs/users.md). Unset: the request's origin for OAuth, and
     * `http://localhost:{PORT}` for emailed links (set it in production).
     */
    PUBLIC_URL: z.url({ message: 'PUBLIC_URL must be a URL, e.g. https://portal.example.com' }).optional(),
    PLATFORM_TOKEN_KEY: z.string().min(32, 'PLATFORM_TOKEN_KEY must be at least 32 characters').optional(),
    SELF_SERVICE_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
    GOOGLE_ADS_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_ADS_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ADS_DEVELOPER_TOKEN: z.string().min(1).optional(),
    GOOGLE_ADS_API_URL: z.url().default('https://googleads.googleapis.com/v21'),
    GOOGLE_OAUTH_AUTHORIZE_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_OAUTH_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    META_APP_ID: z.string().min(1).optional(),
    META_APP_SECRET: z.string().min(1).optional(),
    META_GRAPH_URL: z.url().default('https://graph.facebook.com/v21.0'),
    META_OAUTH_AUTHORIZE_URL: z.url().default('https://www.facebook.com/v21.0/dialog/oauth'),
  })
  .refine((c) => (c.S3_ACCESS_KEY_ID === undefined) === (c.S3_SECRET_ACCESS_KEY === undefined), {
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    path: ['S3_SECRET_ACCESS_KEY'],
  })
  .refine((c) => c.DATABASE_REPLICA_URLS.length === 0 || c.DATABASE_URL !== undefined, {
    message: 'DATABASE_REPLICA_URLS needs DATABASE_URL: replicas are of a PostgreSQL primary',
    path: ['DATABASE_REPLICA_URLS'],
  })
  .refine((c) => c.WEB_CONCURRENCY === 1 || c.DATABASE_URL !== undefined, {
    message: 'WEB_CONCURRENCY above 1 needs DATABASE_URL (PostgreSQL): the embedded PGlite belongs to one process',
    path: ['WEB_CONCURRENCY'],
  })
  .refine(
    (c) => (c.GOOGLE_SERVICE_ACCOUNT_EMAIL === undefined) === (c.GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY === undefined),
    {
      message: 'GOOGLE_SERVICE_ACCOUNT_EMAIL and GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY must be set together',
      path: ['GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY'],
    },
  );

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses `env`; throws ConfigError naming every wrong variable. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
