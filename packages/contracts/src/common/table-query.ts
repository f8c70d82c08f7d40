import * as z from 'zod';

/**
 * Server-side table state as query parameters (spec 000 §7): `pageIndex` (0-based), `pageSize`,
 * `sorting` and `filters` as JSON arrays in TanStack Table's shape, e.g.
 * `sorting=[{"id":"impressions","desc":true}]`, `filters=[{"id":"campaign_status","value":"active"}]`.
 */
export const sortingItemSchema = z.object({ id: z.string().min(1).max(64), desc: z.boolean() });
export const filterItemSchema = z.object({
  id: z.string().min(1).max(64),
  value: z.union([z.string().max(256), z.number(), z.boolean(), z.array(z.string().max(256)).max(100)]),
});
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
 * The fields of a table's paging/sorting/filter query, limiting `pageSize` to `maxPageSize`, with a
 * call's own parameters (`extra`): `z.object(tableQueryShape(options, { … }))`. (Not
 * `tableQuerySchema(…).extend(…)` nor a spread: neither a method called on a helper's result nor a
 * spread can be tree-shaken, and either would keep zod in the web app's first load;
 * docs/performance.md.)
 */
/* @__NO_SIDE_EFFECTS__ */
export function tableQueryShape<E extends z.ZodRawShape = Record<never, never>>(
  options: { defaultPageSize: number; maxPageSize: number },
  extra?: E,
) {
  return {
    pageIndex: z.coerce.number().int().min(0).max(1_000_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(options.maxPageSize).default(options.defaultPageSize),
    sorting: jsonArray(sortingItemSchema).optional(),
    filters: jsonArray(filterItemSchema).optional(),
    ...(extra as E),
  };
}

/** Builds the paging/sorting/filter query schema of a table, limiting `pageSize` to `maxPageSize`. */
/* @__NO_SIDE_EFFECTS__ */
export function tableQuerySchema(options: { defaultPageSize: number; maxPageSize: number }) {
  return z.object(tableQueryShape(options));
}

/** A page of rows with the total row count, as every paged call of the spec answers. */
/* @__NO_SIDE_EFFECTS__ */
export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), pagination: z.object({ total: z.number().int().min(0) }) });
}
