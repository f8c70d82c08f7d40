/**
 * Plain checks of URL values, without zod: the web app parses its URL (dates, sorting, ids) with
 * these on every page's first load, where zod's ~25 KB gzip would be paid for three small checks
 * (docs/performance.md). The zod schemas of the same values use them, so both agree.
 */

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is `YYYY-MM-DD` and a real calendar day ('2025-02-30' is not). */
export function isCalendarDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A valid inclusive range of calendar days (start not after end), or null. */
export function calendarRange(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): { startDate: string; endDate: string } | null {
  if (!startDate || !endDate || !isCalendarDate(startDate) || !isCalendarDate(endDate)) return null;
  return startDate <= endDate ? { startDate, endDate } : null;
}

/** Largest id a path may carry (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

/** A path segment as a positive database id (digits only, 1 … 2,147,483,647), or null. */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * A table's `sorting` URL parameter (TanStack shape, JSON `[{ "id": …, "desc": … }]`): the items
 * whose id is in `columns`, at most `max`; anything unreadable is no sorting.
 */
export function parseSortingJson(
  value: string | null | undefined,
  columns: ReadonlySet<string>,
  max: number,
): { id: string; desc: boolean }[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed) || parsed.length > max) return [];
  const items: { id: string; desc: boolean }[] = [];
  for (const item of parsed as unknown[]) {
    if (typeof item !== 'object' || item === null) return [];
    const { id, desc } = item as { id?: unknown; desc?: unknown };
    if (typeof id !== 'string' || id.length < 1 || id.length > 64 || typeof desc !== 'boolean') return [];
    if (columns.has(id)) items.push({ id, desc });
  }
  return items;
}
