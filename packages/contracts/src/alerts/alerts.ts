import * as z from 'zod';
import { isCalendarDate } from '../common/calendar';
import { idParamSchema } from '../common/ids';
import { alertRuleSchema, alertStateSchema, alertThresholdsSchema } from './rules';

const calendarDay = z.string().refine(isCalendarDate, 'Use YYYY-MM-DD');

/** Path of the agency's alerts: `/api/agencies/{organization_id}/alerts`. */
export const alertsAgencyParamsSchema = z.object({ organization_id: idParamSchema });

/** Path of one alert. */
export const alertParamsSchema = alertsAgencyParamsSchema.extend({ alert_id: idParamSchema });

/**
 * Filters of the alert centre: dealership, campaign, rule and state (`unresolved`, the default, is
 * open + acknowledged + snoozed; `all` every state). Newest first; pages of 50 by default.
 */
export const alertListQuerySchema = z.object({
  dealership_id: idParamSchema.optional(),
  campaign_id: idParamSchema.optional(),
  rule: alertRuleSchema.optional(),
  state: z.enum(['unresolved', 'all', ...alertStateSchema.options]).default('unresolved'),
  pageIndex: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AlertListQuery = z.infer<typeof alertListQuerySchema>;

/** A comment on an alert. `created_at` ISO instant (UTC). */
export const alertCommentSchema = z.object({
  id: z.number().int(),
  user_name: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type AlertComment = z.infer<typeof alertCommentSchema>;

/**
 * One alert (issue 21 §3). Names the rooftop, campaign, product code, metric and expected vs actual
 * (`expected`/`actual` in the metric's unit: impressions a day, CTR in percent, pace in percent, or
 * null where the rule has none); `report_from`..`report_to` the report's range that shows it
 * (dealership-local days). Instants ISO UTC; `snoozed_until` a calendar day (hidden through it).
 */
export const alertSchema = z.object({
  id: z.number().int(),
  rule: alertRuleSchema,
  rule_label: z.string(),
  state: alertStateSchema,
  dealership_id: z.number().int(),
  dealership_name: z.string(),
  campaign_id: z.number().int().nullable(),
  campaign_kind: z.enum(['managed', 'self_service']),
  campaign_name: z.string().nullable(),
  product_code: z.string().nullable(),
  metric: z.string(),
  expected: z.number().nullable(),
  actual: z.number().nullable(),
  message: z.string(),
  report_from: z.string(),
  report_to: z.string(),
  opened_at: z.string(),
  last_seen_at: z.string(),
  resolved_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: z.string().nullable(),
  snoozed_until: z.string().nullable(),
  comments: z.array(alertCommentSchema),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListResponseSchema = z.object({
  data: z.array(alertSchema),
  total: z.number().int(),
  /** Alerts of each state the user may see, whatever the filters. */
  counts: z.object({
    open: z.number().int(),
    acknowledged: z.number().int(),
    snoozed: z.number().int(),
    resolved: z.number().int(),
  }),
  /** The agency's time zone: days of the alerts and the snooze are its days. */
  time_zone: z.string(),
  /** Today in that zone (the earliest day a snooze may name). */
  today: z.string(),
  /** Choices for the filters: the user's dealerships that have alerts. */
  dealerships: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AlertListResponse = z.infer<typeof alertListResponseSchema>;

/** The bell: open alerts (not acknowledged, not snoozed) the user may see. */
export const alertCountResponseSchema = z.object({ open: z.number().int() });

/** Snooze until a calendar day (the alert shows again the day after). */
export const snoozeAlertBodySchema = z.object({ until: calendarDay });
export type SnoozeAlertBody = z.infer<typeof snoozeAlertBodySchema>;

export const alertCommentBodySchema = z.object({ body: z.string().trim().min(1, 'Write a comment').max(2000) });
export type AlertCommentBody = z.infer<typeof alertCommentBodySchema>;

/**
 * An alert webhook address: https, or http to this machine (a local receiver). Each new alert is
 * posted there as Slack-compatible JSON (docs/trust.md "Alerts").
 */
export const webhookUrlSchema = z
  .url({ message: 'Enter the webhook address, e.g. https://hooks.slack.com/services/…' })
  .max(2000)
  .refine((value) => {
    // Runs even when the URL check above failed (zod 4 goes on checking): a text that is no URL is refused here too.
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
    );
  }, 'The webhook address must start with https://');

/**
 * What an administrator changes: the thresholds, the webhook address (null: no webhook), the pacing
 * band of "on track" (pace %, low < high, issue 21 §2) and the local hour by which yesterday's data is
 * expected (0–23, §1).
 */
export const alertSettingsBodySchema = alertThresholdsSchema.extend({
  webhook_url: webhookUrlSchema.nullable(),
  pacing_low: z.number().min(50).max(100),
  pacing_high: z.number().min(100).max(200),
  stale_after_hour: z.number().int().min(0).max(23),
});
export type AlertSettingsBody = z.infer<typeof alertSettingsBodySchema>;

/**
 * The agency's alert settings (roles 1–2): thresholds, webhook address and the secret its requests
 * are signed with (`X-Portal-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`), made by
 * the server when an address is first set.
 */
export const alertSettingsSchema = alertSettingsBodySchema.extend({ webhook_secret: z.string().nullable() });
export type AlertSettings = z.infer<typeof alertSettingsSchema>;
