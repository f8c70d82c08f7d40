import { and, asc, eq } from 'drizzle-orm';
import { ctrPercent } from '@portal/contracts';
import type { Db } from '../../db/client';
import { campaignDailyMetrics as metrics } from '../../db/schema';
import type { ReportRange } from './campaign';
import { inDays } from './table';

export interface DailyRow {
  date: string;
  impressions: number;
  clicks: number;
  views: number;
  reach: number | null;
  spend: number;
  conversions: number;
  sales: number;
  calls: number;
  leads: number;
  video25: number;
  video50: number;
  video75: number;
  video100: number;
}

/** A campaign's daily delivery rows within the range, oldest first (one primary-key range scan). */
export function readDailyRows(
  db: Db,
  { campaignId, range }: { campaignId: number; range: ReportRange },
): Promise<DailyRow[]> {
  return db
    .select({
      date: metrics.date,
      impressions: metrics.impressions,
      clicks: metrics.clicks,
      views: metrics.views,
      reach: metrics.reach,
      spend: metrics.spend,
      conversions: metrics.conversions,
      sales: metrics.sales,
      calls: metrics.calls,
      leads: metrics.leads,
      video25: metrics.video25,
      video50: metrics.video50,
      video75: metrics.video75,
      video100: metrics.video100,
    })
    .from(metrics)
    .where(and(eq(metrics.campaignId, campaignId), inDays(metrics.date, range)))
    .orderBy(asc(metrics.date));
}

type Summable = Exclude<keyof DailyRow, 'date' | 'reach'>;

/** Sums daily rows; `reach` is the sum of the daily reach figures, null when no day has one. */
export function sumDailyRows(days: DailyRow[]): Record<Summable, number> & { reach: number | null } {
  const sum = (key: Summable) => days.reduce((total, day) => total + day[key], 0);
  const reachDays = days.filter((day) => day.reach !== null);
  return {
    impressions: sum('impressions'),
    clicks: sum('clicks'),
    views: sum('views'),
    // Money in dollars: summed in cents so that 0.1 + 0.2 stays 0.3.
    spend: days.reduce((total, day) => total + Math.round(day.spend * 100), 0) / 100,
    conversions: sum('conversions'),
    sales: sum('sales'),
    calls: sum('calls'),
    leads: sum('leads'),
    video25: sum('video25'),
    video50: sum('video50'),
    video75: sum('video75'),
    video100: sum('video100'),
    reach: reachDays.length === 0 ? null : reachDays.reduce((total, day) => total + day.reach!, 0),
  };
}

/** The daily chart points (date, impressions, clicks, CTR) of the spec pages. */
export function dailyPoints(days: DailyRow[]) {
  return days.map((day) => ({
    date: day.date,
    impressions: day.impressions,
    clicks: day.clicks,
    ctr: ctrPercent(day.clicks, day.impressions),
  }));
}
