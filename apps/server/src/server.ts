import { addDays, localDate } from '@portal/contracts';
import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app';
import { loggerOptions } from './lib/logger';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { isDemoLoaded, loadDemo } from './demo/load-demo';
import { createJobQueue } from './jobs/queue';
import { REPORT_SCHEDULES_CRON, REPORT_SCHEDULES_TICK_QUEUE } from './jobs/report-jobs';
import { startJobWorkers } from './jobs/workers';
import { requestAlertEvaluation } from './jobs/alert-evaluation';
import { REFRESH_JOB, refreshCron } from './self-service/sync-job';
import { SYNC_ZONE } from './repositories/trust';
import { createSheetsClient } from './lib/google-sheets';
import { createMailer } from './lib/mail';
import { resolveSessionSecret } from './lib/secrets';
import { createStorage } from './lib/storage';
import { createAdPlatforms } from './self-service/connectors';
import { flushLogger, listenFailureMessage, startUpBlock, type StartUpFacts } from './lib/start-up-message';
import { createExportRenderer } from './exports/render-pool';

/**
 * Starts the portal: parse the configuration (refusing to start when it is wrong), open the
 * database (PGlite in DATA_DIR unless DATABASE_URL is set), migrate, open the file storage
 * (DATA_DIR/storage unless S3_BUCKET is set), load the demo agency on first start, then serve the
 * API and the SPA on PORT, and print the start-up block (URL, demo users, where the data lives, how to
 * stop). A port in use (or privileged) is one line naming the fix and exit status 1 (issue 26).
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (config.WEB_CONCURRENCY > 1 && cluster.isPrimary) return runPrimary(config);
  // A worker of the cluster: the primary migrated, loaded the demo and made the session secret.
  const worker = cluster.isWorker;
  const dataDir = path.resolve(config.DATA_DIR);
  const sessionSecret = resolveSessionSecret(config.SESSION_SECRET, dataDir);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir,
    replicaUrls: config.DATABASE_REPLICA_URLS,
  });
  if (!worker) await database.migrate();
  const storage = createStorage(config, { secret: sessionSecret });
  const jobs = createJobQueue(database, { maintenanceIntervalSeconds: config.JOB_MAINTENANCE_SECONDS });
  await jobs.start();

  const exportRenderer = createExportRenderer({ threads: config.EXPORT_WORKERS, warm: true });
  const app = await buildApp({
    config: { ...config, sessionSecret },
    database,
    responseCacheBytes: config.RESPONSE_CACHE_MB * 1024 * 1024,
    responseSerialization:
      config.RESPONSE_SERIALIZATION ?? (config.NODE_ENV === 'production' ? 'compiled' : 'validated'),
    loginThrottle: { firstDelayMs: config.LOGIN_THROTTLE_SECONDS * 1000 },
    reportLimits: {
      perUserPerHour: config.REPORT_LIMIT_PER_USER_PER_HOUR,
      perOrganizationPerHour: config.REPORT_LIMIT_PER_ORGANIZATION_PER_HOUR,
    },
    storage,
    jobs,
    reports: {
      mailer: createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outboxDir: path.join(dataDir, 'outbox'),
      }),
      sheets:
        config.GOOGLE_SERVICE_ACCOUNT_EMAIL && config.GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY
          ? createSheetsClient({
              serviceAccountEmail: config.GOOGLE_SERVICE_ACCOUNT_EMAIL,
              privateKey: config.GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY,
              rootUrl: config.GOOGLE_SHEETS_ROOT_URL,
            })
          : null,
    },
    adPlatforms: createAdPlatforms(config, { sessionSecret, clock: () => new Date() }),
    accounts: {
      // Emailed links never take the request's Host header (a client chooses it).
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      auditRetentionDays: config.AUDIT_RETENTION_DAYS,
    },
    selfServiceSyncEveryHours: config.SELF_SERVICE_SYNC_EVERY_HOURS,
    webhookAllowLoopback: config.WEBHOOK_ALLOW_LOOPBACK,
    logger: loggerOptions(config.LOG_LEVEL),
    exports: {
      renderer: exportRenderer,
      limits: {
        perUser: config.EXPORT_CONCURRENCY_PER_USER,
        perOrganization: config.EXPORT_CONCURRENCY_PER_ORGANIZATION,
        downloadsPerMinute: config.EXPORT_RATE_LIMIT,
        reportJobsPerMinute: config.REPORT_JOB_RATE_LIMIT,
      },
    },
  });

  const demo: StartUpFacts['demo'] = worker
    ? (JSON.parse(process.env.PORTAL_CLUSTER_DEMO ?? '{"state":"absent"}') as StartUpFacts['demo'])
    : await prepareDemo(config, database, storage, app.log);

  await startJobWorkers(app, {
    work: true,
    timing: { expireInSeconds: config.JOB_EXPIRE_SECONDS, retryDelay: config.JOB_RETRY_DELAY_SECONDS },
  });
  // One cron schedule per queue name (pg-boss keeps one row): every process may set it.
  await jobs.schedule(REPORT_SCHEDULES_TICK_QUEUE, REPORT_SCHEDULES_CRON, {}, { tz: 'UTC' });
  // The self-service refresh every SELF_SERVICE_SYNC_EVERY_HOURS hours (issue 21 §1; hourly by default).
  await jobs.schedule(REFRESH_JOB, refreshCron(config.SELF_SERVICE_SYNC_EVERY_HOURS), {}, { tz: SYNC_ZONE });
  // Alerts are evaluated at start (the demo's planted anomaly shows on the first start) and after.
  await requestAlertEvaluation(app);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await jobs.stop({ graceful: true, wait: true, timeout: 10_000 });
    await app.close();
    await exportRenderer.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const message = listenFailureMessage(error, config.PORT);
    if (!message) throw error;
    console.error(message);
    await jobs.stop({ graceful: false, wait: true, timeout: 5_000 }).catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  const port = (app.server.address() as { port: number } | null)?.port ?? config.PORT;
  app.log.info(`portal ready on http://localhost:${port} (database: ${database.kind}, files: ${storage.kind})`);
  flushLogger(app.log); // the block ends the start-up: the log lines buffered so far come first
  // In a cluster the first worker prints the block, for all of them.
  if (worker && cluster.worker?.id !== 1) return;
  console.info(
    startUpBlock({
      host: config.HOST,
      port,
      dataDir,
      databaseUrl: config.DATABASE_URL,
      s3Bucket: config.S3_BUCKET,
      smtp: Boolean(config.SMTP_URL),
      demo,
      workers: config.WEB_CONCURRENCY,
    }),
  );
}

/** Loads the demo agency on the first start when LOAD_DEMO is on; what the start-up block says of it. */
async function prepareDemo(
  config: Config,
  database: Awaited<ReturnType<typeof openDatabase>>,
  storage: ReturnType<typeof createStorage>,
  log: { info: (facts: object | string, message?: string) => void },
): Promise<StartUpFacts['demo']> {
  if (await isDemoLoaded(database.db)) return { state: 'loaded-before' };
  if (!config.LOAD_DEMO) return { state: 'absent' };
  const started = Date.now();
  log.info('loading the demo agency (first start)');
  const today = localDate(new Date(), 'America/Chicago');
  const { result } = await loadDemo(database.db, { today, password: config.DEMO_PASSWORD, storage });
  const rows = result.files.reduce((sum, file) => sum + file.rows, 0);
  log.info({ rows, ms: Date.now() - started, newestDay: addDays(today, -1) }, 'demo agency loaded');
  return { state: 'loaded-now', password: config.DEMO_PASSWORD };
}

/**
 * The primary of a cluster (WEB_CONCURRENCY > 1, issue 24 §3; docs/scaling.md): makes the session
 * secret, migrates and loads the demo once, then forks WEB_CONCURRENCY workers that share PORT
 * (Node's cluster hands connections round-robin). Sessions live in the database, kept answers are
 * emptied in every worker by PostgreSQL NOTIFY, and pg-boss gives each job to one worker. A worker
 * that dies after it listened is replaced; one that fails before it listens (e.g. the port is taken)
 * stops the whole server with its exit status. SIGTERM/SIGINT stop every worker gracefully.
 */
async function runPrimary(config: Config) {
  const dataDir = path.resolve(config.DATA_DIR);
  const sessionSecret = resolveSessionSecret(config.SESSION_SECRET, dataDir);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  await database.migrate();
  const storage = createStorage(config, { secret: sessionSecret });
  const log = { info: (facts: object | string, message?: string) => console.info(message ?? facts) };
  const demo = await prepareDemo(config, database, storage, log);
  await database.close();

  const env = { PORTAL_CLUSTER_DEMO: JSON.stringify(demo) };
  const listened = new Set<number>();
  let stopping = false;
  cluster.on('listening', (worker) => listened.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (!listened.has(worker.id)) {
      // Failed before serving (its message is printed already): stop the others, keep its status.
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = code || 1;
      return;
    }
    console.error(`worker ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another`);
    cluster.fork(env);
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  for (let i = 0; i < config.WEB_CONCURRENCY; i += 1) cluster.fork(env);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
