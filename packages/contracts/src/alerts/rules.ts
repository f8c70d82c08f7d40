import * as z from 'zod';
import { formatDay } from '../common/calendar';

/**
 * The alert rules (issue 21 §3, docs/trust.md "Alerts"). Each open alert is one condition of one
 * rule on one campaign (or connection); it resolves itself when the condition clears.
 */
export const alertRuleSchema = z.enum([
  'pacing',
  'zero_delivery',
  'ctr_drop',
  'delivery_drop',
  'sync_failed',
  'stale',
  'delivery_failed',
]);

/** The rules the evaluation computes (and resolves); `delivery_failed` is raised by the report job instead. */
export const EVALUATED_RULES = [
  'pacing',
  'zero_delivery',
  'ctr_drop',
  'delivery_drop',
  'sync_failed',
  'stale',
] as const;
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const alertRuleLabels: Record<AlertRule, string> = {
  pacing: 'Pacing out of band',
  zero_delivery: 'Zero delivery mid-flight',
  ctr_drop: 'CTR drop',
  delivery_drop: 'Delivery drop',
  sync_failed: 'Sync failed',
  stale: 'Data stale',
  delivery_failed: 'Scheduled report failed',
};

/**
 * State of an alert for the people who see it: `open` (new), `acknowledged` (someone took it),
 * `snoozed` (hidden until `snoozed_until`, then open again), `resolved` (its condition cleared).
 */
export const alertStateSchema = z.enum(['open', 'acknowledged', 'snoozed', 'resolved']);
export type AlertState = z.infer<typeof alertStateSchema>;

export const alertStateLabels: Record<AlertState, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  snoozed: 'Snoozed',
  resolved: 'Resolved',
};

/**
 * An agency's alert thresholds (defaults below): `anomaly_sigma` k of the drop rules (a day below the
 * trailing-14-day mean by more than k standard deviations), `volume_floor` the impressions a day
 * and the trailing mean must reach before a drop rule looks at it (no alerts on tiny numbers),
 * `zero_day_lookback` how many of the latest days the zero-delivery rule inspects.
 */
export const alertThresholdsSchema = z.object({
  anomaly_sigma: z.number().min(0.5).max(10),
  volume_floor: z.number().int().min(0),
  zero_day_lookback: z.number().int().min(1).max(30),
});
export type AlertThresholds = z.infer<typeof alertThresholdsSchema>;

export const DEFAULT_ALERT_THRESHOLDS: AlertThresholds = { anomaly_sigma: 3, volume_floor: 1000, zero_day_lookback: 7 };

/** Days of history before the evaluated day that the drop rules compare it with. */
export const TRAILING_DAYS = 14;

/**
 * The smallest spread the drop rules use, as a fraction of the mean: a series that never moved
 * (standard deviation 0) does not alert on a 1 % dip.
 */
export const MIN_RELATIVE_SPREAD = 0.05;

export interface DropTest {
  mean: number;
  sd: number;
  /** mean − k × max(sd, 5 % of mean): below this the day is a drop. */
  threshold: number;
  drop: boolean;
}

/**
 * Is `value` below the mean of `history` by more than k standard deviations (sample standard
 * deviation, floored at 5 % of the mean)? `history` needs at least 7 values; fewer never alert.
 */
export function belowTrailingMean(history: number[], value: number, k: number): DropTest {
  const n = history.length;
  const mean = n === 0 ? 0 : history.reduce((sum, v) => sum + v, 0) / n;
  const variance = n < 2 ? 0 : history.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1);
  const sd = Math.sqrt(variance);
  const threshold = mean - k * Math.max(sd, MIN_RELATIVE_SPREAD * mean);
  return { mean, sd, threshold, drop: n >= 7 && mean > 0 && value < threshold };
}

/** One day of a campaign's delivery, as the drop and zero-day rules read it. */
export interface DeliveryDay {
  date: string;
  impressions: number;
  clicks: number;
}

/** A condition found by a rule (`key` identifies it among the agency's open alerts). */
export interface AlertCondition {
  rule: AlertRule;
  key: string;
  metric: string;
  expected: number | null;
  actual: number | null;
  /** The report's range that shows the condition. */
  from: string;
  to: string;
  message: string;
}

const pct = (value: number) => `${value.toFixed(2)}%`;
const day = (value: string) => formatDay(value, 'long');
const count = (value: number) => Math.round(value).toLocaleString('en-US');

/**
 * The delivery rules of one campaign over its daily series (every day of the flight through
 * `dataThrough`, zero days included): a zero-delivery day among the last `zero_day_lookback` days
 * after delivery began; the last day's impressions (when not zero) and CTR against the
 * `TRAILING_DAYS` before it, only when that day and the trailing mean reach `volume_floor`
 * impressions. Ratios from unrounded sums; CTR in percent.
 */
export function deliveryConditions(
  campaignId: number,
  days: DeliveryDay[],
  thresholds: AlertThresholds,
): AlertCondition[] {
  const conditions: AlertCondition[] = [];
  if (days.length === 0) return conditions;
  const firstDelivery = days.findIndex((day) => day.impressions > 0);
  if (firstDelivery < 0) return conditions;
  const last = days[days.length - 1]!;
  const recent = days.slice(Math.max(firstDelivery + 1, days.length - thresholds.zero_day_lookback));
  const zeroDays = recent.filter((day) => day.impressions === 0);
  if (zeroDays.length > 0) {
    const before = days.slice(firstDelivery, days.indexOf(zeroDays[0]!)).filter((d) => d.impressions > 0);
    const usual = before.slice(-TRAILING_DAYS);
    const expected = usual.length ? usual.reduce((s, d) => s + d.impressions, 0) / usual.length : null;
    const first = zeroDays[0]!.date;
    const lastZero = zeroDays[zeroDays.length - 1]!.date;
    conditions.push({
      rule: 'zero_delivery',
      key: `zero_delivery:${campaignId}`,
      metric: 'Impressions',
      expected: expected === null ? null : Math.round(expected),
      actual: 0,
      from: first,
      to: lastZero,
      message:
        zeroDays.length === 1
          ? `No impressions on ${day(first)} while the flight runs`
          : `No impressions on ${zeroDays.length} days from ${day(first)} to ${day(lastZero)} while the flight runs`,
    });
  }
  const history = days.slice(Math.max(firstDelivery, days.length - 1 - TRAILING_DAYS), days.length - 1);
  if (last.impressions > 0 && history.length > 0) {
    const meanImpressions = history.reduce((s, d) => s + d.impressions, 0) / history.length;
    if (meanImpressions >= thresholds.volume_floor) {
      const delivery = belowTrailingMean(
        history.map((d) => d.impressions),
        last.impressions,
        thresholds.anomaly_sigma,
      );
      if (delivery.drop)
        conditions.push({
          rule: 'delivery_drop',
          key: `delivery_drop:${campaignId}`,
          metric: 'Impressions',
          expected: Math.round(delivery.mean),
          actual: last.impressions,
          from: history[0]!.date,
          to: last.date,
          message: `Impressions on ${day(last.date)} were ${count(last.impressions)}, against a ${history.length}-day mean of ${count(delivery.mean)}`,
        });
      const measured = history.filter((d) => d.impressions >= thresholds.volume_floor);
      if (last.impressions >= thresholds.volume_floor && measured.length >= 7 && measured.some((d) => d.clicks > 0)) {
        const ctr = (d: DeliveryDay) => (d.clicks / d.impressions) * 100;
        const test = belowTrailingMean(measured.map(ctr), ctr(last), thresholds.anomaly_sigma);
        if (test.drop)
          conditions.push({
            rule: 'ctr_drop',
            key: `ctr_drop:${campaignId}`,
            metric: 'CTR',
            expected: Number(test.mean.toFixed(4)),
            actual: Number(ctr(last).toFixed(4)),
            from: history[0]!.date,
            to: last.date,
            message: `CTR on ${day(last.date)} was ${pct(ctr(last))}, against a ${measured.length}-day mean of ${pct(test.mean)}`,
          });
      }
    }
  }
  return conditions;
}
