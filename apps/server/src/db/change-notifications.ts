import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Change notifications (docs/performance.md, "Response cache"): a write to a table of the `public`
 * schema sends `NOTIFY` when its transaction commits — statement triggers installed by `migrate()`
 * on every table, so tables added later are covered without anyone remembering to. Server processes
 * listen and drop what they keep.
 *
 * - `portal_data_changed`: any table but `UNWATCHED_TABLES` — the response cache empties.
 * - `portal_auth_changed`: the tables a session's user and tenancy are read from (`AUTH_TABLES`) —
 *   the session cache of plugins/app/auth.ts empties (sign-out, a changed role or membership).
 */
export const DATA_CHANGED_CHANNEL = 'portal_data_changed';
export const AUTH_CHANGED_CHANNEL = 'portal_auth_changed';
export type ChangeChannel = typeof DATA_CHANGED_CHANNEL | typeof AUTH_CHANGED_CHANNEL;
const CHANNELS: readonly ChangeChannel[] = [DATA_CHANGED_CHANNEL, AUTH_CHANGED_CHANNEL];

/**
 * Tables whose writes do not send `portal_data_changed`: nothing a cached answer holds is read from
 * them, and they are written on every sign-in or page view.
 */
export const UNWATCHED_TABLES = ['sessions', 'login_failures', 'analytics_events', 'report_quota_events'] as const;

/** Tables whose writes send `portal_auth_changed`: what `findSessionTenant` reads. */
export const AUTH_TABLES = ['dealerships', 'organizations', 'sessions', 'user_dealerships', 'users'] as const;

const list = (names: readonly string[]) => names.map((name) => `'${name}'`).join(', ');

/**
 * SQL that (re)creates the notifying function and adds each statement trigger to every table of the
 * `public` schema that should have it and lacks it. Idempotent; run after the migrations. A
 * statement trigger runs once per INSERT/UPDATE/DELETE/TRUNCATE/COPY statement, not per row, and
 * PostgreSQL folds identical notifications of one transaction into one, sent at commit.
 */
export const INSTALL_CHANGE_NOTIFICATIONS_SQL = `
CREATE OR REPLACE FUNCTION portal_notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END $$;
DO $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.relname, w.channel FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    CROSS JOIN (VALUES ('${DATA_CHANGED_CHANNEL}'), ('${AUTH_CHANGED_CHANNEL}')) AS w(channel)
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND CASE w.channel
        WHEN '${DATA_CHANGED_CHANNEL}' THEN c.relname NOT IN (${list(UNWATCHED_TABLES)})
        ELSE c.relname IN (${list(AUTH_TABLES)}) END
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = w.channel)
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.%I '
      'FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_changed(%L)', t.channel, t.relname, t.channel);
  END LOOP;
END $$;
`;

const LISTEN_SQL = CHANNELS.map((channel) => `LISTEN ${channel};`).join(' ');
const asChannel = (name: string) => CHANNELS.find((channel) => channel === name);

/** What a listener is told: a committed change, and whether it is listening at all. */
export interface ChangeListener {
  /** A transaction that wrote a watched table has committed (in this process or another). */
  changed(channel: ChangeChannel): void;
  /**
   * Whether notifications can arrive. While false, changes may go unseen: a cache must neither
   * answer nor keep anything. Called with true once listening starts (again), false when it stops.
   */
  listening(up: boolean): void;
}

/** The notifications of a `pg` pool's connections, for `listenPostgres`. */
export interface PoolChangeFeed {
  /** The pool's `onConnect` hook: the new connection `LISTEN`s before it serves its first query. */
  onConnect(client: pg.ClientBase): Promise<void>;
  subscribe(changed: (channel: ChangeChannel) => void): () => void;
}

/**
 * Makes every connection of a `pg` pool `LISTEN` as it opens (pass `onConnect` to the pool's
 * options), and passes their notifications on to the subscribers. A write made through the pool is
 * then seen by this process before the write's own promise resolves: PostgreSQL delivers a session's
 * own notifications at commit, before the command completes.
 */
export function poolChangeFeed(): PoolChangeFeed {
  const subscribers = new Set<(channel: ChangeChannel) => void>();
  return {
    async onConnect(client) {
      client.on('notification', (message) => {
        const channel = asChannel(message.channel);
        if (channel) for (const changed of subscribers) changed(channel);
      });
      await client.query(LISTEN_SQL);
    },
    subscribe(changed) {
      subscribers.add(changed);
      return () => subscribers.delete(changed);
    },
  };
}

/**
 * Listens on PostgreSQL: the pool's connections (`poolChangeFeed`), which come and go, and a
 * dedicated connection that is always there for changes made by other processes. The dedicated
 * connection reconnects (1 s, doubling to 10 s) after it is lost; `listening` follows it. Resolves,
 * after the first attempt to connect, to a function that stops.
 */
export async function listenPostgres(
  connectionString: string,
  feed: PoolChangeFeed,
  listener: ChangeListener,
): Promise<() => Promise<void>> {
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delayMs = 1_000;
  const unsubscribe = feed.subscribe((channel) => listener.changed(channel));

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    listener.listening(false);
    client.end().catch(() => {});
    schedule();
  };
  const schedule = () => {
    if (closed) return;
    retry = setTimeout(() => void connect(), delayMs);
    delayMs = Math.min(delayMs * 2, 10_000);
  };
  const connect = async () => {
    if (closed) return;
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000, keepAlive: true });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      const channel = asChannel(message.channel);
      if (channel) listener.changed(channel);
    });
    current = client;
    try {
      await client.connect();
      await client.query(LISTEN_SQL);
    } catch {
      lost(client);
      return;
    }
    if (closed || current !== client) return;
    delayMs = 1_000;
    listener.listening(true);
  };
  // The first attempt is awaited: a server that starts with its database up starts listening.
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    unsubscribe();
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

/** Listens on the embedded PGlite: its notifications arrive as the committing statement completes. */
export async function listenPglite(pglite: PGlite, listener: ChangeListener): Promise<() => Promise<void>> {
  const unsubscribes = await Promise.all(
    CHANNELS.map((channel) => pglite.listen(channel, () => listener.changed(channel))),
  );
  listener.listening(true);
  return async () => {
    for (const unsubscribe of unsubscribes) await unsubscribe();
  };
}
