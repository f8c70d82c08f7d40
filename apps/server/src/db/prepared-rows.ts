import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Drizzle's own query path (`db.execute` uses it without a name): the dialect and the session. */
interface DrizzleInternals {
  dialect: PgDialect;
  session: PgSession;
}

const names = new Map<string, string>();

/** `p_` and 24 hex digits of the SHA-256 of the statement text: one name per text, never two texts per name. */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `p_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    if (names.size < 1_000) names.set(text, name);
  }
  return name;
}

/**
 * The rows of `query` as `db.execute` reads them (drizzle's type parsing: dates and timestamps as
 * strings), sent as a named prepared statement: on PostgreSQL each pooled connection parses the
 * text once and, after PostgreSQL's first five custom plans, may keep a generic plan instead of
 * planning every call (about 0.5 ms of the agency overview's pacing counts, docs/performance.md).
 * For hot statements whose text never changes — every value a parameter (`sql.param` for a list).
 * The embedded PGlite runs it unnamed. Errors: PostgreSQL's, as `db.execute`.
 */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  const prepared = session.prepareQuery(built, undefined, statementName(built.sql), false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}
