import { and, between, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FilterItem, SortingItem } from '@portal/contracts';

/** Sorting and filters of a report table (TanStack Table's shape, spec 000 §7). */
export interface TableState {
  sorting?: SortingItem[] | undefined;
  filters?: FilterItem[] | undefined;
}

/** One slice of a table's rows. */
export interface Slice {
  limit: number;
  offset: number;
}

/**
 * Rows of the CSV exports are read from the database in slices of this many rows. Each slice re-runs
 * the aggregation with an OFFSET, so small slices make a large export quadratic (500-row slices took
 * 67 s for a 100,000-row site list, 20,000-row slices 3.1 s); 50,000 rows is about 10 MB in memory
 * and two queries for 100,000 (docs/performance.md).
 */
export const EXPORT_CHUNK_ROWS = 50_000;

export const sliceOfPage = (query: { pageIndex: number; pageSize: number }): Slice => ({
  limit: query.pageSize,
  offset: query.pageIndex * query.pageSize,
});

/**
 * ORDER BY of a table: the requested columns that are in `sortable` (own keys only; the route's
 * contract already refuses ids outside the table's allow-list with 400, issue 18),
 * else `defaults`; then `tieBreak` (a key column) so that pages never overlap or skip rows.
 */
export function orderClauses(
  sorting: SortingItem[] | undefined,
  sortable: Record<string, SQL | AnyColumn>,
  defaults: SQL[],
  tieBreak: SQL[],
): SQL[] {
  const requested = (sorting ?? [])
    .filter((s) => Object.hasOwn(sortable, s.id))
    .map((s) => (s.desc ? sql`${sortable[s.id]!} desc nulls last` : sql`${sortable[s.id]!} asc nulls last`));
  return [...(requested.length > 0 ? requested : defaults), ...tieBreak];
}

/** Every value a filter column was given, as strings (empty strings dropped). */
export function filterValues(filters: FilterItem[] | undefined, id: string): string[] {
  return (filters ?? [])
    .filter((f) => f.id === id)
    .flatMap((f) => (Array.isArray(f.value) ? f.value : [f.value]))
    .map((v) => String(v).trim())
    .filter((v) => v !== '');
}

/** Case-insensitive "contains" with LIKE wildcards in the text escaped. */
export function containsText(expression: SQLWrapper | AnyColumn, text: string): SQL {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${expression} ilike ${`%${escaped}%`}`;
}

/** A text column compared byte-wise, so the order is the same on every server (and in tests). */
export const byText = (expression: SQLWrapper | AnyColumn) => sql`lower(${expression}) collate "C"`;

/** A dealership-local day range on a `date` column. */
export const inDays = (column: AnyColumn, range: { startDate: string; endDate: string }) =>
  between(column, range.startDate, range.endDate);

/**
 * A dealership-local day range on a `timestamptz` column: from the start day's midnight to the
 * midnight after the end day in `timeZone` (index-friendly bounds).
 */
export function inLocalDays(column: AnyColumn, range: { startDate: string; endDate: string }, timeZone: string): SQL {
  return and(
    sql`${column} >= (${range.startDate}::date::timestamp at time zone ${timeZone})`,
    sql`${column} < ((${range.endDate}::date + 1)::timestamp at time zone ${timeZone})`,
  )!;
}

/** A timestamptz as ISO 8601 in UTC (`2026-11-10T15:04:05Z`), the same on PostgreSQL and PGlite. */
export const isoDateTime = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** sum() of a count column as a number, 0 over no rows. */
export const sumOf = (expression: SQLWrapper | AnyColumn) =>
  sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);

/** clicks ÷ impressions as float8 (null without impressions), for sorting by CTR. */
export const ratioOf = (numerator: SQLWrapper | AnyColumn, denominator: SQLWrapper | AnyColumn) =>
  sql`${numerator}::float8 / nullif(${denominator}, 0)`;

/**
 * Reads a whole table slice by slice, for the CSV exports: never more than `size` rows in memory.
 * Each slice is one query with the same deterministic order, so slices neither overlap nor skip.
 */
export async function* inSlices<R>(
  read: (slice: Slice) => Promise<R[]>,
  size = EXPORT_CHUNK_ROWS,
): AsyncGenerator<R[], void, undefined> {
  for (let offset = 0; ; offset += size) {
    const rows = await read({ limit: size, offset });
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
  }
}
