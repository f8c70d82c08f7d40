import * as z from 'zod';
import { addDays, flightDays } from '../common/calendar';
import { isoDateSchema } from '../common/dates';
import { idParamSchema } from '../common/ids';
import { attributionRuleSchema } from '../attribution/attribution';

/**
 * The agency overview (issue 23 §1): every rooftop (dealership) of an agency as a row over a date
 * range, with the previous period of the same length for comparison. Roles 1–2.
 */

/** Columns the overview sorts by (`sort`), and their order when `sort` is absent: name. */
export const overviewSortColumns = [
  'name',
  'impressions',
  'clicks',
  'ctr',
  'spend',
  'leads',
  'calls',
  'sales',
  'cost_per_lead',
  'cost_per_sale',
] as const;
export type OverviewSortColumn = (typeof overviewSortColumns)[number];

/**
 * Query: `startDate`..`endDate` (inclusive dealership-local days; at most 366 days), `q` (rooftops
 * whose name contains it, case-insensitive), `sort` and `desc` (the rows' order; the totals row is
 * not sorted). The previous period is the same number of days ending the day before `startDate`.
 */
export const overviewQuerySchema = z
  .object({
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    q: z.string().trim().max(100).optional(),
    sort: z.enum(overviewSortColumns).default('name'),
    desc: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .refine((query) => query.startDate <= query.endDate, {
    message: 'startDate must not be after endDate',
    path: ['endDate'],
  })
  .refine((query) => query.startDate > query.endDate || flightDays(query.startDate, query.endDate) <= 366, {
    message: 'Choose a range of at most 366 days',
    path: ['startDate'],
  });
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

export const overviewParamsSchema = z.object({ organization_id: idParamSchema });

/**
 * Sums of a period. `spend` dollars; `ctr` percent to two decimals (clicks ÷ impressions), null
 * without impressions; `cost_per_lead` and `cost_per_sale` dollars to cents, null without leads or
 * sales; `sales` attributed sales — the portal's attribution (issue 22, the agency's rule in
 * `attribution_rule`) for a rooftop with sales records, else the sales its ad platform reports when
 * it has a sales source connected (`has_sold_report_source`), else null (the reports show '-');
 * see the row's `sales_source`. Cost per sale = spend ÷ those sales (in a total: the spend and
 * sales of the rooftops with a source).
 */
export const overviewMetricsSchema = z.object({
  impressions: z.number(),
  clicks: z.number(),
  ctr: z.number().nullable(),
  spend: z.number(),
  leads: z.number(),
  calls: z.number(),
  sales: z.number().nullable(),
  cost_per_lead: z.number().nullable(),
  cost_per_sale: z.number().nullable(),
});
export type OverviewMetrics = z.infer<typeof overviewMetricsSchema>;

/**
 * Pacing, open alerts and data freshness of a rooftop (issue 21 builds them). `available` false
 * and the three values null until the trust signals are wired in (see the server's
 * `repositories/agency-overview/trust-signals.ts`).
 */
export const trustSignalsSchema = z.object({
  available: z.boolean(),
  pacing_state: z.string().nullable(),
  open_alerts: z.number().int().nullable(),
  data_freshness: z.string().nullable(),
});
export type TrustSignals = z.infer<typeof trustSignalsSchema>;

/** Where a rooftop's value sits in the agency's percentile band (25th–75th percentile). */
export const peerPositionSchema = z.enum(['below', 'within', 'above']).nullable();

/**
 * Where a rooftop's `sales` come from: `attributed` (its sales records matched to the campaigns'
 * exposure under the agency's rule), `platform` (the ad platforms' reported sales, no sales records
 * in the portal) or `none` (no sales source: sales null).
 */
export const overviewSalesSourceSchema = z.enum(['attributed', 'platform', 'none']);
export type OverviewSalesSource = z.infer<typeof overviewSalesSourceSchema>;

/** One rooftop: its metrics over the range and the previous period, daily impressions (one per day of the range, 0 for days without data). */
export const overviewRowSchema = z.object({
  sales_source: overviewSalesSourceSchema,
  dealership_id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  current: overviewMetricsSchema,
  previous: overviewMetricsSchema,
  daily_impressions: z.array(z.number()),
  trust: trustSignalsSchema,
  peer: z.object({ ctr: peerPositionSchema, cost_per_lead: peerPositionSchema }),
});
export type OverviewRow = z.infer<typeof overviewRowSchema>;

/** A percentile band of the agency's comparable rooftops (25th, 50th, 75th), or null below 5 rooftops. */
export const peerBandSchema = z
  .object({ p25: z.number(), p50: z.number(), p75: z.number(), rooftops: z.number().int() })
  .nullable();

/** The whole overview; `totals` sums every row shown (ratios recomputed from the sums, never averaged). */
export const overviewResponseSchema = z.object({
  organization: z.object({ id: z.number().int(), name: z.string() }),
  range: z.object({ startDate: isoDateSchema, endDate: isoDateSchema }),
  previous_range: z.object({ startDate: isoDateSchema, endDate: isoDateSchema }),
  rows: z.array(overviewRowSchema),
  totals: z.object({ current: overviewMetricsSchema, previous: overviewMetricsSchema }),
  peer_bands: z.object({ ctr: peerBandSchema, cost_per_lead: peerBandSchema }),
  /** The agency's attribution rule, which the `attributed` rooftops' sales follow (issue 22 §2). */
  attribution_rule: attributionRuleSchema,
  /** How many rooftops the agency has (before `q`). */
  rooftops: z.number().int(),
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;

/** At least this many comparable rooftops before a percentile band is shown (issue 23 §1). */
export const PEER_BAND_MIN_ROOFTOPS = 5;

/** The previous period of a range: the same number of days, ending the day before it starts. */
export function previousPeriod(range: { startDate: string; endDate: string }): { startDate: string; endDate: string } {
  const days = flightDays(range.startDate, range.endDate);
  return { startDate: addDays(range.startDate, -days), endDate: addDays(range.startDate, -1) };
}

/** The longest range the overview sums (days). */
export const OVERVIEW_MAX_DAYS = 366;
