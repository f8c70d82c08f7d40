import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect, PgPreparedQuery, PgSession, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Drizzle's own query path (`db.execute` uses it without a name): the dialect and the session. */
interface DrizzleInternals {
  dialect: PgDialect;
  session: PgSession;
}

/** `p_` and 24 hex digits of the SHA-256 of the statement text: one name per text, never two texts per name. */
function statementName(text: string): string {
  return `p_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
}

type Prepared = PgPreparedQuery<PreparedQueryConfig>;

/**
 * A hot statement whose text never changes, prepared once per database handle and run with named
 * values: `build` returns its SQL with `sql.placeholder(name)` for every value (a list is one
 * placeholder, cast in SQL, e.g. `${sql.placeholder('ids')}::int[]`); the returned function runs
 * it with `values` (every placeholder's value) and resolves to its rows as `db.execute` reads them
 * (drizzle's type parsing: dates and timestamps as strings).
 *
 * On PostgreSQL it is a named prepared statement: each pooled connection parses the text once and,
 * after PostgreSQL's first five custom plans, may keep a generic plan instead of planning every call
 * (about 0.5 ms of the agency overview's pacing counts, docs/performance.md). The SQL is built and
 * rendered once per handle, not per call (about 0.2 ms of JavaScript per overview answer, docs/users.md
 * "Agency overview"). The embedded PGlite runs it unnamed. Errors: PostgreSQL's, as `db.execute`;
 * a missing placeholder value throws before anything is sent.
 */
export function preparedStatement<Values extends Record<string, unknown>, Row>(
  build: () => SQL,
): (db: Db, values: Values) => Promise<Row[]> {
  const byHandle = new WeakMap<Db, Prepared>();
  return async (db, values) => {
    let prepared = byHandle.get(db);
    if (!prepared) {
      const { dialect, session } = db as unknown as DrizzleInternals;
      const built = dialect.sqlToQuery(build());
      prepared = session.prepareQuery(built, undefined, statementName(built.sql), false) as Prepared;
      byHandle.set(db, prepared);
    }
    const result = (await prepared.execute(values)) as { rows: Row[] };
    return result.rows;
  };
}

/**
 * A fragment's rows as one JSON array (`[]` when it has none), so one statement can answer several
 * independent queries in one round trip: `select ${jsonRows(a)} as a, ${jsonRows(b)} as b`. Each
 * fragment stays a scalar subquery planned on its own (its plan is the one it has alone); read the
 * column back with `rowsOfJson`. Values come out as JSON shows them: numbers (float8 and integers
 * below 2^53 exactly), text, and timestamps as ISO 8601 strings.
 */
export const jsonRows = (fragment: SQL) => sql`coalesce((select json_agg(x) from (${fragment}) x), '[]'::json)`;

/** The rows of a `jsonRows` column (parsed by the driver, or text on a driver that leaves JSON as text). */
export function rowsOfJson<Row>(value: unknown): Row[] {
  if (value === null || value === undefined) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as Row[];
}
