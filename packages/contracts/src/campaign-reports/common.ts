import * as z from 'zod';
import { isoDateSchema } from '../common/dates';
import { idParamSchema, tenantParamsSchema } from '../common/ids';
import { filterItemSchema, sortingItemSchema } from '../common/table-query';
import { REPORT_PAGE_SIZE } from '../metrics/rules';

/**
 * Report calls take the range as `start_date` / `end_date` (spec 000 §7; the pages keep it in the
 * URL as `startDate` / `endDate`). Inclusive dealership-local calendar days.
 */
export const reportRangeShape = { start_date: isoDateSchema, end_date: isoDateSchema };
const rangeCheck = (q: { start_date: string; end_date: string }) => q.start_date <= q.end_date;
const rangeMessage = () => ({ message: 'start_date must not be after end_date', path: ['end_date'] });

export const reportRangeQuerySchema = z.object(reportRangeShape).refine(rangeCheck, rangeMessage());
export type ReportRangeQuery = z.infer<typeof reportRangeQuerySchema>;

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

/** A report table's query: page (size 10 by default, spec 000 §9), sorting, filters and the range. */
export const reportTableQuerySchema = z
  .object({
    pageIndex: z.coerce.number().int().min(0).max(1_000_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(REPORT_PAGE_SIZE),
    sorting: jsonArray(sortingItemSchema).optional(),
    filters: jsonArray(filterItemSchema).optional(),
    ...reportRangeShape,
  })
  .refine(rangeCheck, rangeMessage());
export type ReportTableQuery = z.infer<typeof reportTableQuerySchema>;

/** A CSV export's query: the whole filtered and sorted set over the range (no paging). */
export const csvExportQuerySchema = z
  .object({
    sorting: jsonArray(sortingItemSchema).optional(),
    filters: jsonArray(filterItemSchema).optional(),
    ...reportRangeShape,
  })
  .refine(rangeCheck, rangeMessage());
export type CsvExportQuery = z.infer<typeof csvExportQuerySchema>;

/** Path parameters of report calls: the tenant and the campaign (`{id}` / `{campaign_id}` in spec 000 §7). */
export const reportParamsSchema = tenantParamsSchema.extend({ campaign_id: idParamSchema });
export type ReportParams = z.infer<typeof reportParamsSchema>;

/** A page of report rows. */
/* @__NO_SIDE_EFFECTS__ */
export function reportPageSchema<T extends z.ZodType>(row: T) {
  return z.object({ data: z.array(row), pagination: z.object({ total: z.number().int().min(0) }) });
}

/** Percent values (CTR, VTR, delivery, shares) are numbers in percent units, or null for N/A. */
export const percentSchema = z.number().nullable();
