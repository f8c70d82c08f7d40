/**
 * Plain checks of URL values, without zod: the web app parses its URL (ids, sorting; dates with
 * `isCalendarDate` of ./calendar) with these on every page's first load, where zod's ~25 KB gzip
 * would be paid for three small checks (docs/performance.md). The zod schemas of the same values use
 * them, so both agree.
 */

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
