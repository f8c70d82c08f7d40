import * as z from 'zod';
import { isTimeZone, timeOfDayPattern } from '../common/calendar';
import { mailboxPattern } from './email-domains';
import { reportPeriodSchema } from './periods';

/** Selectable report metrics (spec 001 §3), in the order the form and the file show them. */
export const reportMetrics = [
  'booking_month',
  'agency',
  'client',
  'campaign',
  'pacing_id',
  'product_code',
  'start_date',
  'end_date',
  'impressions',
  'clicks',
  'ctr',
  'rsvs',
  'budget',
  'book_impressions',
  'percent_delivered',
  'views',
  '25_completion',
  '50_completion',
  '75_completion',
  'viewability',
  'phone_calls',
  'impression_share',
  'click_share',
  'impression_share_lost_to_rank',
  'impression_share_lost_to_budget',
] as const;
export const reportMetricSchema = z.enum(reportMetrics);
export type ReportMetric = z.infer<typeof reportMetricSchema>;

export const reportMetricLabels: Record<ReportMetric, string> = {
  booking_month: 'Booking Month',
  agency: 'Agency',
  client: 'Client',
  campaign: 'Campaign',
  pacing_id: 'Pacing ID',
  product_code: 'Product Code',
  start_date: 'Start Date',
  end_date: 'End Date',
  impressions: 'Impressions',
  clicks: 'Clicks',
  ctr: 'CTR',
  rsvs: 'RSVPs',
  budget: 'Budget',
  book_impressions: 'Booked Impressions',
  percent_delivered: '% Delivered',
  views: 'Views',
  '25_completion': '25% Completion',
  '50_completion': '50% Completion',
  '75_completion': '75% Completion',
  viewability: 'Viewability',
  phone_calls: 'Phone Calls',
  impression_share: 'Impression Share',
  click_share: 'Click Share',
  impression_share_lost_to_rank: 'Impression Share Lost to Rank',
  impression_share_lost_to_budget: 'Impression Share Lost to Budget',
};

/** Report formats (spec 001 §9). */
export const reportFormats = ['xlsx', 'csv', 'google_sheet'] as const;
export const reportFormatSchema = z.enum(reportFormats);
export type ReportFormat = z.infer<typeof reportFormatSchema>;

/** Recurring 'Every': Day is weekly on a weekday (1 Monday … 7 Sunday), Month is monthly on a day 1 … 31 (spec 001 §4, §9). */
export const recurringTypes = ['day', 'month'] as const;
export const recurringTypeSchema = z.enum(recurringTypes);
export type RecurringType = z.infer<typeof recurringTypeSchema>;
export const weekdayLabels = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/**
 * Whose clock a schedule keeps (issue 21 §5): the dealership's (its agency's `time_zone`, followed
 * when the agency changes it) or the recipient's (an IANA zone chosen in the generator).
 */
export const scheduleZoneSources = ['dealership', 'recipient'] as const;
export const scheduleZoneSourceSchema = z.enum(scheduleZoneSources);
export type ScheduleZoneSource = z.infer<typeof scheduleZoneSourceSchema>;
/** The send time of a schedule whose request names none (every schedule made before issue 21 §5): midnight, as they ran. */
export const DEFAULT_SEND_TIME = '00:00';

/** The largest day a recurring interval of this type allows. */
export function maxScheduleDay(type: RecurringType): number {
  return type === 'day' ? 7 : 31;
}

/** '1st', '2nd', '3rd', '4th', … '21st', '31st'. */
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/** The validation texts of spec 001 §5 (and the two the spec leaves open, marked). */
export const reportMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  formatRequired: 'Report format is required',
  periodRequired: 'Period is required',
  /** Not worded by the spec. */
  sheetUrlRequired: 'Google sheet URL is required',
  /** Not worded by the spec. */
  sheetUrlInvalid: 'Enter the URL of a Google sheet',
  /** Not worded by the spec. */
  campaignsRequired: 'Choose at least one campaign',
  /** Not worded by the spec. */
  dayRequired: 'Choose a day',
  /** Not worded by the spec (issue 21 §5). */
  sendTimeInvalid: 'Choose a time of day',
  /** Not worded by the spec (issue 21 §5). */
  timeZoneRequired: "Choose the recipient's time zone",
} as const;

/** A Google sheet URL: https://docs.google.com/spreadsheets/d/{id}… */
export const googleSheetUrlPattern = /^https:\/\/docs\.google\.com\/spreadsheets\/d\/([A-Za-z0-9_-]{10,})/;

/** The spreadsheet id of a sheet URL, or null. */
export function spreadsheetIdOf(url: string): string | null {
  return googleSheetUrlPattern.exec(url.trim())?.[1] ?? null;
}

const flags = <T extends string>(key: z.ZodType<T, string>) => z.partialRecord(key, z.boolean());

/**
 * Body of `POST .../campaigns/report-generator` (spec 001 §3 Report request, §7): metric flags,
 * conversion flags keyed by tag name, the format (and sheet URL for google_sheet), the period,
 * the campaigns (client_campaign_id) and the email; `recurring` with `recurring_interval`
 * {type: 'day' weekly | 'month' monthly, day} makes it a schedule (`scheduleDay` repeats the day).
 * Rules of spec 001 §5, with the texts of `reportMessages`.
 */
export const reportRequestSchema = z
  .object({
    email: z
      .string({ error: reportMessages.emailRequired })
      .trim()
      .min(1, reportMessages.emailRequired)
      .max(254, reportMessages.emailInvalid)
      // One plain ASCII mailbox: no display name, list, CR/LF or lookalike letters (issue 18).
      .regex(mailboxPattern, reportMessages.emailInvalid),
    campaigns: z.array(z.number().int().positive()).min(1, reportMessages.campaignsRequired).max(1000),
    metrics: flags(reportMetricSchema),
    conversions: flags(z.string().min(1).max(200)).default({}),
    reportFormat: reportFormatSchema.nullable().optional(),
    sheet_url: z.string().trim().max(2000).nullable().optional(),
    period: reportPeriodSchema.nullable().optional(),
    recurring: z.boolean().default(false),
    recurring_interval: z
      .object({ type: recurringTypeSchema.nullable().optional(), day: z.number().int().nullable().optional() })
      .nullable()
      .optional(),
    scheduleDay: z.number().int().nullable().optional(),
    /** Local time of day a recurring report is sent (`HH:MM`, 24-hour); absent: `DEFAULT_SEND_TIME`. */
    send_time: z.string().regex(timeOfDayPattern, reportMessages.sendTimeInvalid).nullable().optional(),
    /** Whose zone `send_time` is in; absent: the dealership's. */
    time_zone_source: scheduleZoneSourceSchema.nullable().optional(),
    /** The recipient's IANA zone, required with `time_zone_source: 'recipient'` (ignored otherwise). */
    time_zone: z.string().max(64).nullable().optional(),
    dealership_id: z.number().int().optional(),
    organization_id: z.number().int().optional(),
  })
  .superRefine((request, ctx) => {
    if (!request.reportFormat)
      ctx.addIssue({ code: 'custom', path: ['reportFormat'], message: reportMessages.formatRequired });
    if (!request.period) ctx.addIssue({ code: 'custom', path: ['period'], message: reportMessages.periodRequired });
    if (request.reportFormat === 'google_sheet') {
      const url = request.sheet_url ?? '';
      if (!url) ctx.addIssue({ code: 'custom', path: ['sheet_url'], message: reportMessages.sheetUrlRequired });
      else if (!spreadsheetIdOf(url))
        ctx.addIssue({ code: 'custom', path: ['sheet_url'], message: reportMessages.sheetUrlInvalid });
    }
    if (request.recurring) {
      const type = request.recurring_interval?.type;
      const day = request.recurring_interval?.day ?? request.scheduleDay;
      if (!type) ctx.addIssue({ code: 'custom', path: ['recurring_interval', 'type'], message: 'Choose how often' });
      else if (!day || day < 1 || day > maxScheduleDay(type))
        ctx.addIssue({ code: 'custom', path: ['recurring_interval', 'day'], message: reportMessages.dayRequired });
      if (request.time_zone_source === 'recipient' && !isTimeZone(request.time_zone ?? ''))
        ctx.addIssue({ code: 'custom', path: ['time_zone'], message: reportMessages.timeZoneRequired });
    }
  });
export type ReportRequest = z.input<typeof reportRequestSchema>;
export type ParsedReportRequest = z.output<typeof reportRequestSchema>;

/** Selectable metrics whose values come from a report row's `additional_metrics` (not the §3 row itself). */
export const additionalReportMetrics: readonly ReportMetric[] = [
  'pacing_id',
  'rsvs',
  'book_impressions',
  'percent_delivered',
  '25_completion',
  '50_completion',
  '75_completion',
  'impression_share',
  'click_share',
];

/** The metrics switched on in a request, in the canonical order. */
export function selectedMetrics(metrics: Partial<Record<string, boolean>>): ReportMetric[] {
  return reportMetrics.filter((metric) => metrics[metric] === true);
}

/**
 * Response of `POST .../campaigns/report-generator`: the one-off job (`queued`, sent now) or the new
 * schedule (`scheduled`: nothing is sent now; `next_run_date` is the day of its first run, `YYYY-MM-DD`
 * in `time_zone`, the organization's IANA zone; issue 25 item 12). Both are null for a one-off report.
 */
export const reportRequestResponseSchema = z.object({
  status: z.enum(['queued', 'scheduled']),
  schedule_id: z.number().int().nullable(),
  next_run_date: z.string().nullable().optional(),
  time_zone: z.string().nullable().optional(),
  /** The instant of the first run (ISO 8601; `send_time` on `next_run_date` in `time_zone`), null for a one-off. */
  next_run_at: z.string().nullable().optional(),
});
export type ReportRequestResponse = z.infer<typeof reportRequestResponseSchema>;

/** A delivery's state: `queued` (waiting or retrying: `error` is the last attempt's), `sent`, or `failed` after its last retry. */
export const reportDeliveryStatuses = ['queued', 'sent', 'failed'] as const;
export type ReportDeliveryStatus = (typeof reportDeliveryStatuses)[number];
/** One delivery of a scheduled report to one recipient (a run day), as logged in `report_schedule_deliveries`. */
export const reportDeliverySchema = z.object({
  run_date: z.string(),
  recipient: z.string(),
  status: z.enum(reportDeliveryStatuses),
  /** Attempts made so far (0 while waiting for the first). */
  attempts: z.number().int(),
  /** The reason of the last failed attempt, or null. */
  error: z.string().nullable(),
  queued_at: z.string(),
  last_attempt_at: z.string().nullable(),
  /** When it was sent or finally failed. */
  finished_at: z.string().nullable(),
});
export type ReportDelivery = z.infer<typeof reportDeliverySchema>;
/** The most deliveries `GET .../report-schedules/{schedule_id}/deliveries` answers (newest first). */
export const REPORT_DELIVERY_LOG_LIMIT = 50;
/** `GET .../campaigns/report-schedules/{schedule_id}/deliveries` → the schedule's delivery log, newest first. */
export const listReportDeliveriesResponseSchema = z.object({ data: z.array(reportDeliverySchema) });

/** A recurring report of the signed-in user (`GET .../campaigns/report-schedules`). */
export const reportScheduleSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  report_format: reportFormatSchema,
  period: reportPeriodSchema,
  interval_type: recurringTypeSchema,
  day: z.number().int(),
  campaign_count: z.number().int(),
  /** The campaigns of the report (id and display name; a campaign removed since has name null). */
  campaigns: z.array(z.object({ id: z.number().int(), name: z.string().nullable() })),
  /** The selected metrics, in the canonical order (`reportMetrics`). */
  metrics: z.array(z.string()),
  /** The stored request, so the schedule can be edited (`PATCH` with `request`). */
  request: z.record(z.string(), z.unknown()),
  /** The schedule's IANA zone (the dealership's or the recipient's, `time_zone_source`): `send_time` and `next_run_date` are in it. */
  time_zone: z.string(),
  time_zone_source: scheduleZoneSourceSchema,
  /** The local time of day it is sent (`HH:MM`). */
  send_time: z.string(),
  paused: z.boolean(),
  last_run_at: z.string().nullable(),
  last_status: z.enum(['sent', 'failed']).nullable(),
  last_error: z.string().nullable(),
  /** The next day it runs (`YYYY-MM-DD`, in `time_zone`), null while paused. */
  next_run_date: z.string().nullable(),
  /** The instant of that run (ISO 8601: `send_time` on `next_run_date` in `time_zone`; a missed run goes at once), null while paused. */
  next_run_at: z.string().nullable(),
  /** The newest delivery of the schedule (issue 21 §5), null before the first. */
  last_delivery: reportDeliverySchema.nullable(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

export const listReportSchedulesResponseSchema = z.object({ data: z.array(reportScheduleSchema) });
export const reportScheduleParamsSchema = z.object({
  organization_id: z.coerce.number().int().positive().max(2_147_483_647),
  dealership_id: z.coerce.number().int().positive().max(2_147_483_647),
  schedule_id: z.coerce.number().int().positive().max(2_147_483_647),
});
/**
 * `PATCH .../campaigns/report-schedules/{schedule_id}`: `{ paused }` pauses or resumes; `{ request }`
 * replaces the schedule's report request (validated like `POST .../report-generator`, and it must stay
 * recurring; issue 25 item 13). At least one of the two.
 */
export const updateReportScheduleBodySchema = z
  .object({ paused: z.boolean().optional(), request: reportRequestSchema.optional() })
  .refine((body) => body.paused !== undefined || body.request !== undefined, {
    message: 'Send paused or request',
  });
/** `POST .../campaigns/report-schedules/{schedule_id}/send-now` → the run of today (organization zone). */
export const sendScheduleNowResponseSchema = z.object({
  status: z.enum(['queued', 'sent', 'failed']),
  run_date: z.string(),
});
/** The text of the 409 answer to a schedule identical to one the user already has (issue 25 item 13). */
export const duplicateScheduleMessage = 'You already have a scheduled report with exactly these settings';

/** `GET .../utils/google_spreadsheet/service-user` → the service account email (null when none is configured). */
export const serviceUserResponseSchema = z.object({ email: z.string().nullable() });
/** `POST .../utils/google_spreadsheet/check-access` body (spec 001 §7) and answer. */
export const sheetAccessBodySchema = z.object({
  spreadsheet_url: z.string().trim().min(1).max(2000),
  service_email: z.string().nullable().optional(),
});
export const sheetAccessResponseSchema = z.object({ access: z.boolean() });

/** `GET .../campaigns/report-tags` → conversion tag names of the dealership (page size 100, spec 001 §9). */
export const REPORT_TAG_PAGE_SIZE = 100;
export const listReportTagsQuerySchema = z.object({
  pageIndex: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(REPORT_TAG_PAGE_SIZE).default(REPORT_TAG_PAGE_SIZE),
});
export const listReportTagsResponseSchema = z.object({
  data: z.array(z.object({ tag_name: z.string() })),
  pagination: z.object({ total: z.number().int() }),
});
