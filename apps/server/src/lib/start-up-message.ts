import path from 'node:path';

/** The demo users (docs/demo-data.md) as the start-up block lists them. */
const DEMO_USERS = [
  ['staff@demo.test', 'platform staff, every agency'],
  ['agency@demo.test', 'agency administrator of Demo Agency'],
  ['dealer@demo.test', 'dealership user of dealership 101'],
] as const;

export const DEFAULT_DEMO_PASSWORD = 'demo1234';

export interface StartUpFacts {
  /** HOST as configured (`0.0.0.0`, `::`, `127.0.0.1`, a name…). */
  host: string;
  /** The port the server listens on (the real one when PORT=0). */
  port: number;
  /** DATA_DIR, absolute. */
  dataDir: string;
  /** DATABASE_URL when set (its user and password are never printed), else the embedded PGlite. */
  databaseUrl: string | undefined;
  /** S3_BUCKET when set, else files live in DATA_DIR/storage. */
  s3Bucket: string | undefined;
  /** Whether report email goes to SMTP_URL (else .eml files in DATA_DIR/outbox). */
  smtp: boolean;
  /**
   * The demo agency: `absent`; `loaded-now` by this start with `password` (DEMO_PASSWORD); or
   * `loaded-before` (an earlier start set the password, which this process cannot know).
   */
  demo: { state: 'absent' } | { state: 'loaded-now'; password: string } | { state: 'loaded-before' };
  /** API processes behind the port (WEB_CONCURRENCY); 1 or absent: this process alone. */
  workers?: number;
}

/** `host:port/database` of a PostgreSQL URL: no user, no password, no query (options may hold secrets). */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.host}${url.pathname}`;
  } catch {
    return 'the DATABASE_URL server';
  }
}

/** The address a person types into a browser: `localhost` for the wildcard and loopback hosts. */
export function browserUrl(host: string, port: number): string {
  const local = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host);
  const shown = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/**
 * The block `npm start` ends its start-up with (issue 26): where to open the portal, the demo
 * users and their password, where the data lives and how to stop. Lines of text, no colours. Never
 * contains the DATABASE_URL's credentials, nor a DEMO_PASSWORD other than the documented default
 * (docs/security.md, ASVS 7.1.1: no credentials in logs).
 */
export function startUpBlock(facts: StartUpFacts): string {
  const lines = [`Campaign portal ready: ${browserUrl(facts.host, facts.port)}`, ''];
  if (facts.demo.state !== 'absent') {
    const password =
      facts.demo.state === 'loaded-before'
        ? `password set at first start (DEMO_PASSWORD, default ${DEFAULT_DEMO_PASSWORD})`
        : facts.demo.password === DEFAULT_DEMO_PASSWORD
          ? `password ${DEFAULT_DEMO_PASSWORD}`
          : 'password: the DEMO_PASSWORD you set';
    lines.push(`Demo users, ${password}:`);
    const width = Math.max(...DEMO_USERS.map(([email]) => email.length));
    for (const [email, role] of DEMO_USERS) lines.push(`  ${email.padEnd(width)}  ${role}`);
    lines.push('');
  }
  lines.push(
    facts.databaseUrl
      ? `Database: PostgreSQL at ${describeDatabaseUrl(facts.databaseUrl)}`
      : `Database: ${path.join(facts.dataDir, 'pgdata')}`,
  );
  lines.push(`Files:    ${facts.s3Bucket ? `S3 bucket ${facts.s3Bucket}` : path.join(facts.dataDir, 'storage')}`);
  if (!facts.smtp) lines.push(`Email:    ${path.join(facts.dataDir, 'outbox')} (.eml files; SMTP_URL unset)`);
  if ((facts.workers ?? 1) > 1) lines.push(`Workers:  ${facts.workers} API processes on this port (WEB_CONCURRENCY)`);
  lines.push('', 'Stop with Ctrl+C (or SIGTERM); starting again keeps every change.');
  const rule = '─'.repeat(Math.min(100, Math.max(...lines.map((line) => line.length)) + 2));
  return ['', rule, ...lines.map((line) => (line ? ` ${line}` : '')), rule, ''].join('\n');
}

/**
 * The one-line message for a listen error a person can fix (the port taken, or a privileged port),
 * with its fix; `null` for any other error (which is then thrown as is).
 */
export function listenFailureMessage(error: unknown, port: number): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') {
    return `Port ${port} is in use: stop the other process or start with PORT=${port < 65535 ? port + 1 : 3000} npm start`;
  }
  if (code === 'EACCES') {
    return `Port ${port} needs administrator rights: start with PORT=3000 npm start (or another port above 1023)`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `HOST is not an address of this machine: start with HOST=0.0.0.0 npm start (or unset HOST)`;
  }
  return null;
}

/**
 * Writes out what the logger still buffers (pino writes through an asynchronous SonicBoom), so a
 * block printed next comes after the log lines before it. Best effort: a logger without that stream
 * is left alone.
 */
export function flushLogger(log: object): void {
  const key = Object.getOwnPropertySymbols(log).find((symbol) => symbol.description === 'pino.stream');
  const stream = key ? (log as Record<symbol, { flushSync?: () => void } | undefined>)[key] : undefined;
  try {
    stream?.flushSync?.();
  } catch {
    // the stream is not open yet: nothing was buffered on it
  }
}
