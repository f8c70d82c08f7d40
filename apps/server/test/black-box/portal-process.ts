import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDatabaseCopy, TEST_SESSION_SECRET } from '../helper';
import { startServerProcess, type ServerProcess } from '../faults/server-process';

/**
 * The black-box harness (issue 18): the real portal (`src/server.ts`, the entry of `npm start`) as its
 * own process on a copy of the demo-loaded test database — a copied PGlite folder in its DATA_DIR, or
 * on PostgreSQL (TEST_DATABASE_URL) a database made from the test database as TEMPLATE — with a copy of
 * the demo's storage folder. Tests talk to it over plain HTTP with `fetch`, as an outside client does:
 * no `inject`, no source-level mocks. The process runs on the real clock; the demo's data ends the day
 * before TEST_TODAY.
 */
export interface Portal {
  /** Base URL, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  /** The process's DATA_DIR (its `storage/` and `outbox/` folders are inside). */
  dataDir: string;
  /** What the process printed, for failure messages. */
  output(): string;
  /** Signs in over HTTP; throws unless the answer is 200. */
  signIn(email: string, password?: string): Promise<PortalSession>;
  /** A plain request with no session: `fetch(url + path, init)` with `redirect: 'manual'`. */
  fetch(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  /** The routes the running server documents (its OpenAPI at /api/docs/json): method and path template. */
  routes(): Promise<Array<{ method: string; path: string }>>;
  stop(): Promise<void>;
  /**
   * Stops the process (SIGTERM, as a deployment does) and starts a new one on the same database,
   * DATA_DIR and configuration, as a restart: `url`, `fetch` and sessions signed in before follow
   * the new process (sessions live in the database).
   */
  restart(): Promise<void>;
  /**
   * Starts a second server process on the same database, DATA_DIR and configuration (another port),
   * as a second stateless API process behind one address would be (issue 24 §3). Stop it before
   * the portal.
   */
  startSibling(): Promise<ServerProcess>;
  process: ServerProcess;
}

export interface PortalSession {
  /** `portal_session=…`, as a browser would send it. */
  cookie: string;
  /** The session's CSRF token, as the sign-in answer gave it. */
  csrfToken: string;
  /** The signed-in user of the sign-in answer. */
  user: { id: number; organization_id: number; role_id: number; dealership_ids: number[] };
  /**
   * `fetch` with this session's cookie and, unless `csrf: false`, its CSRF token; a JSON `json`
   * body is sent as application/json. Never follows redirects.
   */
  fetch(pathAndQuery: string, init?: RequestInit & { json?: unknown; csrf?: boolean }): Promise<Response>;
}

/**
 * Starts a portal process on its own copy of the demo database and storage. `env` adds or overrides
 * configuration (README "Configuration"), e.g. `{ RESPONSE_CACHE_MB: '0' }`; `databaseEnv` adds
 * configuration made from the copy's DATABASE_URL (PostgreSQL only), e.g. its replicas'
 * `DATABASE_REPLICA_URLS`. Stop it in `afterAll`.
 */
export async function startPortal(
  env: Record<string, string> = {},
  databaseEnv?: (databaseUrl: string) => Record<string, string>,
): Promise<Portal> {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'portal-black-box-'));
  await fsp.cp(inject('storageTemplate'), path.join(dataDir, 'storage'), { recursive: true });
  let drop: (() => Promise<void>) | undefined;
  let ofDatabase: Record<string, string>;
  if (process.env.TEST_DATABASE_URL) {
    const copy = await createDatabaseCopy();
    drop = copy.drop;
    ofDatabase = { DATABASE_URL: copy.url, ...databaseEnv?.(copy.url) };
  } else {
    // The template is a DATA_DIR of its own (its database in `pgdata/`).
    await fsp.cp(path.join(inject('pgliteTemplate'), 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
    ofDatabase = { DATABASE_URL: '' };
  }
  const serverEnv = {
    DATA_DIR: dataDir,
    SESSION_SECRET: TEST_SESSION_SECRET,
    LOGIN_RATE_LIMIT: '1000',
    // Route walks send many exports per session; export-caps.test.ts sets the export rates it tests.
    EXPORT_RATE_LIMIT: '100000',
    REPORT_JOB_RATE_LIMIT: '100000',
    JOB_MAINTENANCE_SECONDS: '5',
    SELF_SERVICE_SANDBOX_DELAY_MS: '0',
    ...ofDatabase,
    ...env,
  };
  let server = await startServerProcess(serverEnv);
  const plainFetch = (pathAndQuery: string, init: RequestInit = {}) =>
    fetch(server.url + pathAndQuery, { redirect: 'manual', ...init });

  const portal: Portal = {
    url: server.url,
    dataDir,
    process: server,
    output: () => server.output(),
    fetch: plainFetch,
    async signIn(email, password = 'demo1234') {
      const response = await plainFetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (response.status !== 200) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
      const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('portal_session='));
      if (!setCookie) throw new Error(`sign-in of ${email} set no session cookie`);
      const cookie = setCookie.split(';')[0]!;
      const body = (await response.json()) as PortalSession['user'] & { csrf_token: string };
      return {
        cookie,
        csrfToken: body.csrf_token,
        user: {
          id: body.id,
          organization_id: body.organization_id,
          role_id: body.role_id,
          dealership_ids: body.dealership_ids,
        },
        fetch(pathAndQuery, init = {}) {
          const { json, csrf = true, headers, ...rest } = init;
          const merged = new Headers(headers);
          merged.set('cookie', cookie);
          if (csrf && !merged.has('x-csrf-token')) merged.set('x-csrf-token', body.csrf_token);
          if (json !== undefined) merged.set('content-type', 'application/json');
          return plainFetch(pathAndQuery, {
            ...rest,
            headers: merged,
            ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
          });
        },
      };
    },
    async routes() {
      const response = await plainFetch('/api/docs/json');
      if (response.status !== 200) throw new Error(`/api/docs/json answered ${response.status}`);
      const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
      const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);
      return Object.entries(document.paths).flatMap(([template, operations]) =>
        Object.keys(operations)
          .filter((method) => methods.has(method))
          .map((method) => ({ method: method.toUpperCase(), path: template })),
      );
    },
    async stop() {
      await server.stop();
      await drop?.();
      await fsp.rm(dataDir, { recursive: true, force: true });
    },
    startSibling() {
      return startServerProcess(serverEnv);
    },
    async restart() {
      await server.stop();
      server = await startServerProcess(serverEnv);
      portal.url = server.url;
      portal.process = server;
    },
  };
  return portal;
}
