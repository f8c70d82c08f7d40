import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import {
  INSTALL_CHANGE_NOTIFICATIONS_SQL,
  listenPglite,
  listenPostgres,
  poolChangeFeed,
  type ChangeListener,
} from './change-notifications';
import { openReplicas, ReadRouter } from './read-routing';

/** The Drizzle database the whole server uses, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the Drizzle migrations in apps/server/drizzle, then installs the change notifications (db/change-notifications.ts). */
  migrate(): Promise<void>;
  /** Listens for committed changes to watched tables (db/change-notifications.ts); resolves to a function that stops. */
  listen(listener: ChangeListener): Promise<() => Promise<void>>;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded PGlite instance (pglite only), e.g. for pg-boss. */
  pglite?: PGlite;
  /** The pg pool (postgres only). */
  pool?: pg.Pool;
  /**
   * Where report reads go (db/read-routing.ts): the replicas of `replicaUrls` (postgres only), or
   * none — every read is the primary's. Closed with the database.
   */
  reads?: ReadRouter;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

// PostgreSQL returns bigint and numeric as strings; every count here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, otherwise an embedded PGlite
 * persisted in `{dataDir}/pgdata` (created on first use).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL streaming replicas of `databaseUrl` for report reads (DATABASE_REPLICA_URLS; docs/scaling.md). */
  replicaUrls?: readonly string[] | undefined;
}): Promise<Database> {
  const connectionString = options.databaseUrl;
  if (connectionString) {
    // A database that does not answer fails a request within 5 s (→ 503) instead of hanging it.
    const changes = poolChangeFeed();
    const pool = new pg.Pool({
      connectionString,
      max: 10,
      connectionTimeoutMillis: 5_000,
      // No JIT: the portal's statements read index ranges; PostgreSQL's cost estimate of a 500-day
      // report or a 50-rooftop overview crosses jit_above_cost and compiling took 20–250 ms of a
      // statement that runs in 10 (docs/performance.md "Roll-ups").
      options: '-c jit=off',
      onConnect: changes.onConnect,
    });
    // An idle client losing its connection (e.g. PostgreSQL restarting) must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const reads = new ReadRouter({ db, pool }, openReplicas(options.replicaUrls ?? []));
    return {
      db,
      kind: 'postgres',
      pool,
      reads,
      migrate: async () => {
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
        await pool.query(INSTALL_CHANGE_NOTIFICATIONS_SQL);
      },
      listen: (listener) => listenPostgres(connectionString, changes, listener),
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        await reads.close();
        await pool.end();
      },
    };
  }
  const dataPath = path.join(options.dataDir, 'pgdata');
  fs.mkdirSync(dataPath, { recursive: true });
  const pglite = await PGlite.create(dataPath);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    migrate: async () => {
      await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder });
      await pglite.exec(INSTALL_CHANGE_NOTIFICATIONS_SQL);
    },
    listen: (listener) => listenPglite(pglite, listener),
    ping: async () => {
      await pglite.query('select 1');
    },
    close: () => pglite.close(),
  };
}
