import {
  DEFAULT_REPORT_PERIOD,
  maxScheduleDay,
  ordinal,
  reportMetricLabels,
  reportMetrics,
  reportRequestSchema,
  weekdayLabels,
  type RecurringType,
  type ReportFormat,
  type ReportMetric,
  type ReportPeriod,
  type ReportRequest,
  type ScheduleZoneSource,
} from '@portal/contracts';
import { browserTimeZone, DEFAULT_FORM_SEND_TIME } from './send-time';

/** How many selected metrics show inline before '+ N more' (spec 001 §9). */
export const INLINE_METRICS = 4;

/** The generator form (spec 001 §2.13, §4). Campaign ids are strings for the select. */
export interface ReportFormValues {
  email: string;
  period: ReportPeriod | null;
  campaigns: string[];
  allCampaigns: boolean;
  metrics: Record<ReportMetric, boolean>;
  conversions: Record<string, boolean>;
  reportFormat: ReportFormat | null;
  sheet_url: string;
  recurring: boolean;
  intervalType: RecurringType | null;
  day: string | null;
  /** Local send time `HH:MM` (issue 21 §5). */
  sendTime: string;
  /** Whose clock: the dealership's or the recipient's (`timeZone`). */
  zoneSource: ScheduleZoneSource;
  /** The recipient's IANA zone (the browser's to start with). */
  timeZone: string;
}

const noMetrics = () => Object.fromEntries(reportMetrics.map((m) => [m, false])) as Record<ReportMetric, boolean>;

/** Defaults: the user's email, the 3 previous full months, nothing chosen yet, xlsx. */
export function initialReportForm(email: string): ReportFormValues {
  return {
    email,
    period: DEFAULT_REPORT_PERIOD,
    campaigns: [],
    allCampaigns: false,
    metrics: noMetrics(),
    conversions: {},
    reportFormat: 'xlsx',
    sheet_url: '',
    recurring: false,
    intervalType: null,
    day: null,
    sendTime: DEFAULT_FORM_SEND_TIME,
    zoneSource: 'dealership',
    timeZone: browserTimeZone(),
  };
}

/** Choosing a new period clears the campaign choice (spec 001 §4). */
export function withPeriod(values: ReportFormValues, period: ReportPeriod | null): ReportFormValues {
  return { ...values, period, campaigns: [], allCampaigns: false };
}

/** 'All' campaigns selects every listed campaign; turning it off clears them. */
export function withAllCampaigns(values: ReportFormValues, on: boolean, listed: string[]): ReportFormValues {
  return { ...values, allCampaigns: on, campaigns: on ? [...listed] : [] };
}

/** A new campaign choice; removing one unsets 'All' (and choosing every one sets it). */
export function withCampaigns(values: ReportFormValues, campaigns: string[], listed: string[]): ReportFormValues {
  const all = listed.length > 0 && listed.every((id) => campaigns.includes(id));
  return { ...values, campaigns, allCampaigns: all };
}

/** The metrics 'All' toggle sets (or clears) every metric. */
export function withAllMetrics(values: ReportFormValues, on: boolean): ReportFormValues {
  return { ...values, metrics: Object.fromEntries(reportMetrics.map((m) => [m, on])) as Record<ReportMetric, boolean> };
}

/** 'All' is on only when every metric is on. */
export function allMetricsOn(values: ReportFormValues): boolean {
  return reportMetrics.every((m) => values.metrics[m]);
}

/** Changing 'Every' clears the day. */
export function withIntervalType(values: ReportFormValues, intervalType: RecurringType | null): ReportFormValues {
  return { ...values, intervalType, day: null };
}

/** Metric and conversion toggles are disabled until a campaign is chosen. */
export function togglesDisabled(values: ReportFormValues): boolean {
  return values.campaigns.length === 0;
}

/** The selected metrics' labels: the first 4 inline, the count of the rest for '+ N more'. */
export function inlineMetricLabels(values: ReportFormValues): { inline: string[]; more: number } {
  const labels = reportMetrics.filter((m) => values.metrics[m]).map((m) => reportMetricLabels[m]);
  return { inline: labels.slice(0, INLINE_METRICS), more: Math.max(0, labels.length - INLINE_METRICS) };
}

/** Day options of the interval: Monday 1 … Sunday 7, or 1st … 31st. */
export function dayOptions(intervalType: RecurringType | null): Array<{ value: string; label: string }> {
  if (!intervalType) return [];
  return Array.from({ length: maxScheduleDay(intervalType) }, (_, index) => ({
    value: String(index + 1),
    label: intervalType === 'day' ? weekdayLabels[index]! : ordinal(index + 1),
  }));
}

/** The request body of spec 001 §7. */
export function toReportRequest(
  values: ReportFormValues,
  ids: { organizationId: number; dealershipId: number },
): ReportRequest {
  const day = values.day === null ? null : Number(values.day);
  return {
    email: values.email.trim(),
    campaigns: values.campaigns.map(Number),
    metrics: values.metrics,
    conversions: values.conversions,
    reportFormat: values.reportFormat,
    sheet_url: values.reportFormat === 'google_sheet' ? values.sheet_url.trim() : '',
    period: values.period,
    recurring: values.recurring,
    recurring_interval: { type: values.recurring ? values.intervalType : null, day: values.recurring ? day : null },
    scheduleDay: values.recurring ? day : null,
    ...(values.recurring && {
      send_time: values.sendTime,
      time_zone_source: values.zoneSource,
      time_zone: values.zoneSource === 'recipient' ? values.timeZone : null,
    }),
    dealership_id: ids.dealershipId,
    organization_id: ids.organizationId,
  };
}

const fieldOf: Record<string, keyof ReportFormValues> = {
  email: 'email',
  campaigns: 'campaigns',
  reportFormat: 'reportFormat',
  sheet_url: 'sheet_url',
  period: 'period',
  'recurring_interval.type': 'intervalType',
  'recurring_interval.day': 'day',
  send_time: 'sendTime',
  time_zone: 'timeZone',
};

/** The form's errors by field, from the shared request schema (the texts of spec 001 §5). */
export function validateReportForm(values: ReportFormValues): Partial<Record<keyof ReportFormValues, string>> {
  const result = reportRequestSchema.safeParse(toReportRequest(values, { organizationId: 0, dealershipId: 0 }));
  if (result.success) return {};
  const errors: Partial<Record<keyof ReportFormValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = fieldOf[issue.path.join('.')];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
