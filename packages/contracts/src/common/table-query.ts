import * as z from 'zod';

/**
 * Server-side table state as query parameters (spec 000 §7): `pageIndex` (0-based), `pageSize`,
 * `sorting` and `filters` as JSON arrays in TanStack Table's shape, e.g.
 * `sorting=[{"id":"impressions","desc":true}]`, `filters=[{"id":"campaign_status","value":"active"}]`.
 *
 * A sorting item's shape (its id is checked against the table's columns by `tableStateShape`). */
export const sortingItemSchema = z.object({ id: z.string().min(1).max(64), desc: z.boolean() });
const filterValueSchema = z.union([
  z.string().max(256),
  z.number(),
  z.boolean(),
  z.array(z.string().max(256)).max(100),
]);
/** A filter item's shape (its id is checked against the table's columns by `tableStateShape`). */
export const filterItemSchema = z.object({ id: z.string().min(1).max(64), value: filterValueSchema });
export type SortingItem = z.infer<typeof sortingItemSchema>;
export type FilterItem = z.infer<typeof filterItemSchema>;

/* @__NO_SIDE_EFFECTS__ */
function jsonArray<T extends z.ZodType>(item: T) {
  return z
    .string()
    .max(4000)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Expected a JSON array' });
        return z.NEVER;
      }
    })
    .pipe(z.array(item).max(20));
}

/**
 * The column ids a table takes in `sorting` and in `filters` (issue 18, item 6). Every query schema
 * with `sorting` or `filters` is built from its table's lists by `tableQueryShape` or
 * `tableStateShape`, so an id outside them (`__proto__`, `constructor`, a typo) is a 400
 * VALIDATION_FAILED before any handler runs; `[]` means the table takes none.
 */
export interface TableColumns {
  sort: readonly string[];
  filter: readonly string[];
}

/** A column id that must be one of `allowed` (a Set lookup: no prototype names, no `in`). */
/* @__NO_SIDE_EFFECTS__ */
function columnIdSchema(allowed: readonly string[], kind: 'sort' | 'filter') {
  const known = new Set(allowed);
  const message =
    allowed.length > 0 ? `Unknown ${kind} column; one of: ${allowed.join(', ')}` : `This table takes no ${kind} column`;
  return z
    .string()
    .min(1)
    .max(64)
    .refine((id) => known.has(id), { message });
}

/**
 * `sorting` and `filters` of a table, each optional, each item's id one of `columns`:
 * `sorting=[{"id":…,"desc":…}]`, `filters=[{"id":…,"value":…}]` (JSON, at most 20 items).
 */
/* @__NO_SIDE_EFFECTS__ */
export function tableStateShape(columns: TableColumns) {
  return {
    sorting: jsonArray(z.object({ id: columnIdSchema(columns.sort, 'sort'), desc: z.boolean() })).optional(),
    filters: jsonArray(z.object({ id: columnIdSchema(columns.filter, 'filter'), value: filterValueSchema })).optional(),
  };
}

/**
 * The fields of a table's paging/sorting/filter query, limiting `pageSize` to `maxPageSize`, with
 * sort and filter ids limited to `columns` (`tableStateShape`), and a call's own parameters
 * (`extra`): `z.object(tableQueryShape(options, { … }))`. (Not
 * `tableQuerySchema(…).extend(…)` nor a spread: neither a method called on a helper's result nor a
 * spread can be tree-shaken, and either would keep zod in the web app's first load;
 * docs/performance.md.)
 */
/* @__NO_SIDE_EFFECTS__ */
export function tableQueryShape<E extends z.ZodRawShape = Record<never, never>>(
  options: { defaultPageSize: number; maxPageSize: number; columns: TableColumns },
  extra?: E,
) {
  return {
    pageIndex: z.coerce.number().int().min(0).max(1_000_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(options.maxPageSize).default(options.defaultPageSize),
    ...tableStateShape(options.columns),
    ...(extra as E),
  };
}

/** A page of rows with the total row count, as every paged call of the spec answers. */
/* @__NO_SIDE_EFFECTS__ */
export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), pagination: z.object({ total: z.number().int().min(0) }) });
}
