import * as z from 'zod';
import { isoDateSchema } from '../common/dates';
import { formatCurrency, formatInteger, formatPercent } from '../common/format';
import {
  monthOverMonthColumnLabels,
  monthOverMonthMetricColumns,
  type MonthOverMonthMetricColumn,
} from './month-over-month-columns';
import { changePercent, formatChange, type KpiGoodDirection } from '../campaign-reports/report-kpis';
import { monthOverMonthFilterSchema } from './periods';

/** `GET .../campaigns/month-over-month?dateFilter=3_month|6_month` (spec 001 §2.12). Bad values fall back to 3_month. */
export const monthOverMonthQuerySchema = z.object({
  dateFilter: monthOverMonthFilterSchema.catch('3_month').default('3_month'),
});

/**
 * One month of a campaign's flight inside the window: the flight's days of that month
 * (`start_date`–`end_date`), the budget share of those days (dollars; budget or demand_local_net
 * per show_budget_type; null when hidden), sums over those days, CTR/VTR in percent to two decimals,
 * impression share as a percent (impression-weighted, null without search data), and `sales` null
 * when the dealership has no sales source connected.
 */
export const monthOverMonthRowSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  budget: z.number().nullable(),
  impressions: z.number(),
  views: z.number(),
  vtr: z.number().nullable(),
  completions: z.number(),
  clicks: z.number(),
  ctr: z.number().nullable(),
  impression_share: z.number().nullable(),
  calls: z.number(),
  leads: z.number(),
  conversions: z.number().nullable(),
  sales: z.number().nullable(),
});
export type MonthOverMonthRow = z.infer<typeof monthOverMonthRowSchema>;

export const monthOverMonthCampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  product_code: z.string(),
  product_name: z.string(),
  /** The metric columns of the product code (`monthOverMonthColumns`). */
  columns: z.array(z.enum(monthOverMonthMetricColumns)),
  /** False when the campaign has no conversion tag: the conversions cell shows the attribution hint. */
  site_attribution: z.boolean(),
  rows: z.array(monthOverMonthRowSchema),
});
export type MonthOverMonthCampaign = z.infer<typeof monthOverMonthCampaignSchema>;

export const monthOverMonthResponseSchema = z.object({
  dateFilter: monthOverMonthFilterSchema,
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  /** Null hides the Budget column (spec 001 §6). */
  show_budget_type: z.number().int().nullable(),
  has_sales_source: z.boolean(),
  campaigns: z.array(monthOverMonthCampaignSchema),
});
export type MonthOverMonthResponse = z.infer<typeof monthOverMonthResponseSchema>;

/** `POST .../campaigns/month-over-month/excel` body: the window to email as a workbook. */
export const monthOverMonthExportBodySchema = z.object({ dateFilter: monthOverMonthFilterSchema });
export const monthOverMonthExcelResponseSchema = z.object({ status: z.literal('queued'), email: z.string() });

/**
 * Campaign report rows (spec 001 §3, §7): `GET .../campaigns/report-rows?startDate&endDate&onlyFlights&includeAdditionalMetrics&campaign_ids`.
 * `onlyFlights=1` keeps campaigns whose flight overlaps the range; `includeAdditionalMetrics=1` adds
 * each row's `additional_metrics` (the generator's campaign list sends 0); `campaign_ids` is comma-separated.
 */
export const reportRowsQuerySchema = z.object({
  startDate: isoDateSchema,
  endDate: isoDateSchema,
  onlyFlights: z.enum(['0', '1']).default('1'),
  includeAdditionalMetrics: z.enum(['0', '1']).default('0'),
  campaign_ids: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .max(20_000)
    .optional(),
});

/**
 * The additional metrics of a campaign report row (`includeAdditionalMetrics=1`): what the selectable
 * metrics beyond the §3 row need. `pacing_id` from the vendor campaign name, `booked_impressions` of
 * the flight, video quartile completions and event RSVPs summed over the range, impression and click
 * share in percent (impression-weighted over the range's keywords; null without share data).
 */
export const reportAdditionalMetricsSchema = z.object({
  pacing_id: z.string().nullable(),
  booked_impressions: z.number().nullable(),
  video_25: z.number(),
  video_50: z.number(),
  video_75: z.number(),
  rsvps: z.number(),
  impression_share: z.number().nullable(),
  click_share: z.number().nullable(),
});
export type ReportAdditionalMetrics = z.infer<typeof reportAdditionalMetricsSchema>;

/**
 * A campaign report row: identity, flight, budget and net (dollars), sums over the range, one count
 * per conversion tag; `additional_metrics` only when asked for (`includeAdditionalMetrics=1`).
 */
export const campaignReportRowSchema = z.object({
  client_campaign_id: z.number().int(),
  client_campaign_display_name: z.string(),
  product_name: z.string(),
  product_code: z.string(),
  start_date: isoDateSchema,
  end_date: isoDateSchema,
  budget: z.number().nullable(),
  demand_local_net: z.number().nullable(),
  impressions: z.number(),
  views: z.number(),
  clicks: z.number(),
  calls: z.number(),
  leads: z.number(),
  sales: z.number(),
  conversions: z.record(z.string(), z.number()),
  additional_metrics: reportAdditionalMetricsSchema.optional(),
});
export type CampaignReportRow = z.infer<typeof campaignReportRowSchema>;
export const reportRowsResponseSchema = z.object({ data: z.array(campaignReportRowSchema) });

const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'MMM D - MMM D, YYYY' (spec 001 §2.12): `2026-09-01`, `2026-09-30` → 'Sep 1 - Sep 30, 2026'. */
export function formatDateSpan(startDate: string, endDate: string): string {
  const part = (iso: string) => {
    const [, m, d] = iso.split('-').map(Number) as [number, number, number];
    return `${shortMonths[m - 1]} ${d}`;
  };
  const startYear = startDate.slice(0, 4);
  const endYear = endDate.slice(0, 4);
  const start = startYear === endYear ? part(startDate) : `${part(startDate)}, ${startYear}`;
  return `${start} - ${part(endDate)}, ${endYear}`;
}

/** 'YYYY-MM' → 'September 2026' (the Booking Month cell). */
export function formatBookingMonth(month: string): string {
  const names = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${names[m - 1]} ${y}`;
}

/** Hints of the cells the portal cannot fill (spec 001 §2.12). */
export const SITE_ATTRIBUTION_HINT = 'Site attribution not configured for this campaign';
export const DMS_HINT = 'Connect your DMS to see attributed sales';

/** The header row of a campaign's month-over-month table. */
export function monthOverMonthHeaders(campaign: MonthOverMonthCampaign, showBudgetType: number | null): string[] {
  return [
    monthOverMonthColumnLabels.booking_month,
    monthOverMonthColumnLabels.dates,
    ...(showBudgetType === null ? [] : [monthOverMonthColumnLabels.budget]),
    ...campaign.columns.map((column) => monthOverMonthColumnLabels[column]),
  ];
}

/**
 * A metric cell as text (the PDF and the workbook; the page adds the hints as tooltips): counts
 * with thousands separators, CTR/VTR/impression share in percent to two decimals, budget in dollars,
 * '-' where a hint applies.
 */
export function monthOverMonthCellText(column: MonthOverMonthMetricColumn | 'budget', row: MonthOverMonthRow): string {
  const value = row[column];
  if (column === 'ctr' || column === 'vtr' || column === 'impression_share') return formatPercent(value);
  if (column === 'budget') return formatCurrency(value);
  if (value === null) return '-';
  return formatInteger(value);
}

/** Which way each column's change is good: more of every metric; a budget is neither (issue 20 §3). */
export const monthOverMonthGoodDirection: Record<MonthOverMonthMetricColumn | 'budget', KpiGoodDirection> = {
  budget: 'neutral',
  impressions: 'up',
  views: 'up',
  vtr: 'up',
  completions: 'up',
  clicks: 'up',
  ctr: 'up',
  impression_share: 'up',
  calls: 'up',
  leads: 'up',
  conversions: 'up',
  sales: 'up',
};

/** A month's change in one column from the month before (issue 20 §3). */
export interface MonthOverMonthChange {
  /**
   * This month's value minus the month before's, in the column's unit: a count, dollars, or
   * percentage points for the rates (CTR, VTR, impression share; two decimals). Null when either is N/A.
   */
  difference: number | null;
  /** The relative change in percent, one decimal (contracts `changePercent`; null from 0 or N/A). */
  percent: number | null;
  /** Whether the change is good for the column (true), bad (false) or neither / no change (null). */
  favorable: boolean | null;
}

const rateColumns = new Set<string>(['ctr', 'vtr', 'impression_share']);

/** 'YYYY-MM' of the month before `month` ('2026-01' → '2025-12'). */
export function monthBefore(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

/**
 * The change of `row` in `column` from the campaign's row of the month before; null when the table
 * has no row for the month before (the first month of the flight or of the window). The page, the
 * PDF and the workbook all show this.
 */
export function monthOverMonthChange(
  column: MonthOverMonthMetricColumn | 'budget',
  row: MonthOverMonthRow,
  rows: readonly MonthOverMonthRow[],
): MonthOverMonthChange | null {
  const previous = rows.find((candidate) => candidate.month === monthBefore(row.month));
  if (!previous) return null;
  const current = row[column];
  const before = previous[column];
  if (current === null || before === null) return { difference: null, percent: null, favorable: null };
  const decimals = rateColumns.has(column) || column === 'budget' ? 2 : 0;
  const difference = Math.round((current - before) * 10 ** decimals) / 10 ** decimals;
  const good = monthOverMonthGoodDirection[column];
  return {
    difference,
    percent: changePercent(current, before),
    favorable: good === 'neutral' || difference === 0 ? null : difference > 0 === (good === 'up'),
  };
}

/**
 * A change as text: '+1,234 (+10.8%)', '−0.04 pts (−12.9%)' for rates, '+$120.00 (+5%)' for the
 * budget; '−' for minus; '-' when it cannot be computed.
 */
export function monthOverMonthChangeText(
  column: MonthOverMonthMetricColumn | 'budget',
  change: MonthOverMonthChange,
): string {
  if (change.difference === null) return '-';
  const sign = change.difference > 0 ? '+' : change.difference < 0 ? '−' : '';
  const magnitude = Math.abs(change.difference);
  const value = rateColumns.has(column)
    ? `${magnitude.toFixed(2)} pts`
    : column === 'budget'
      ? formatCurrency(magnitude)
      : formatInteger(magnitude);
  return change.percent === null ? `${sign}${value}` : `${sign}${value} (${formatChange(change.percent)})`;
}
