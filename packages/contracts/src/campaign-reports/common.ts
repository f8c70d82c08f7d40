import * as z from 'zod';
import { isoDateSchema } from '../common/dates';
import { idParamSchema, tenantParamsSchema } from '../common/ids';
import { tableStateShape, type TableColumns } from '../common/table-query';
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

/**
 * A report table's query: page (size 10 by default, spec 000 §9), sorting and filters on the
 * table's `columns` (any other id → 400, issue 18) and the range.
 */
/* @__NO_SIDE_EFFECTS__ */
export function reportTableQuerySchema(columns: TableColumns) {
  return z
    .object({
      pageIndex: z.coerce.number().int().min(0).max(1_000_000).default(0),
      pageSize: z.coerce.number().int().min(1).max(100).default(REPORT_PAGE_SIZE),
      ...tableStateShape(columns),
      ...reportRangeShape,
    })
    .refine(rangeCheck, rangeMessage());
}
export type ReportTableQuery = z.infer<ReturnType<typeof reportTableQuerySchema>>;

/** A CSV export's query: the whole filtered and sorted set over the range (no paging), ids as in `reportTableQuerySchema`. */
/* @__NO_SIDE_EFFECTS__ */
export function csvExportQuerySchema(columns: TableColumns) {
  return z
    .object({
      ...tableStateShape(columns),
      ...reportRangeShape,
    })
    .refine(rangeCheck, rangeMessage());
}
export type CsvExportQuery = z.infer<ReturnType<typeof csvExportQuerySchema>>;

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
