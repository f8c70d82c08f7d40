import { flightDays, formatDay } from '../common/calendar';
import { formatCompact, formatPercent } from '../common/format';
import type { CampaignReport, ReportTotals } from './campaign-report';

/**
 * The main KPIs of a campaign report and the executive summary built from them (issue 20 §1):
 * each KPI's value in the range against the previous period of equal length, and 3–5 plain
 * sentences generated from those numbers by code. Every number a sentence shows is a number the
 * `report` call (and the table calls named in `SummaryHighlights`) serves, formatted by the
 * portal's formatters: counts compact (`formatCompact`, '1.2M'), rates as the API's percents. The
 * previous period is `previousPeriod` (agency-overview/overview.ts): as many days, just before.
 */

/** Which direction of change is good for a metric ('neutral': neither, e.g. frequency). */
export type KpiGoodDirection = 'up' | 'down' | 'neutral';

export type ReportKpiKey = 'impressions' | 'clicks' | 'ctr' | 'views' | 'vtr' | 'conversions' | 'calls' | 'leads';

export interface ReportKpiDefinition {
  label: string;
  /** 'count': a whole number; 'percent': a rate in percent units (as the API serves it). */
  format: 'count' | 'percent';
  /** Which way is good: green when the change goes this way, red against it. */
  good: KpiGoodDirection;
  /** The value in the report's totals (null: N/A). */
  value: (totals: ReportTotals) => number | null;
}

/** The KPI definitions, once: labels, formats and which direction is good. */
export const reportKpis: Record<ReportKpiKey, ReportKpiDefinition> = {
  impressions: { label: 'Impressions', format: 'count', good: 'up', value: (t) => t.impressions },
  clicks: { label: 'Clicks', format: 'count', good: 'up', value: (t) => t.clicks },
  ctr: { label: 'CTR', format: 'percent', good: 'up', value: (t) => t.ctr },
  views: { label: 'Views', format: 'count', good: 'up', value: (t) => t.views },
  vtr: { label: 'VTR', format: 'percent', good: 'up', value: (t) => t.vtr },
  conversions: { label: 'Conversions', format: 'count', good: 'up', value: (t) => t.conversions },
  calls: { label: 'Phone calls', format: 'count', good: 'up', value: (t) => t.calls },
  leads: { label: 'Leads', format: 'count', good: 'up', value: (t) => t.leads },
};

/** A KPI as a family's report names it (`Listens` for audio views, `Interactions` for social clicks). */
export interface ReportKpiChoice {
  key: ReportKpiKey;
  label?: string;
}

/** The summary KPIs of each product family, in the order they are shown. */
export const summaryKpisByFamily: Record<string, ReportKpiChoice[]> = {
  audience: [{ key: 'impressions' }, { key: 'clicks' }, { key: 'ctr' }],
  display: [{ key: 'impressions' }, { key: 'clicks' }, { key: 'ctr' }, { key: 'conversions' }],
  video: [{ key: 'impressions' }, { key: 'views' }, { key: 'vtr' }, { key: 'clicks' }],
  audio: [{ key: 'impressions' }, { key: 'views', label: 'Listens' }, { key: 'clicks' }, { key: 'ctr' }],
  ooh: [{ key: 'impressions' }, { key: 'calls' }],
  search: [{ key: 'impressions' }, { key: 'clicks' }, { key: 'ctr' }, { key: 'conversions' }],
  social: [{ key: 'impressions' }, { key: 'clicks', label: 'Interactions' }, { key: 'ctr' }, { key: 'leads' }],
  events: [{ key: 'impressions' }, { key: 'clicks' }, { key: 'ctr' }],
};

/**
 * Relative change in percent, one decimal (null when the previous value is 0 or N/A). A fall that
 * rounds to −100% while something remains is −99.9%, so '−100%' always means down to nothing.
 */
export function changePercent(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  const change = Math.round(((current - previous) / previous) * 1000) / 10;
  return change === -100 && current !== 0 ? -99.9 : change;
}

export interface SummaryKpi {
  key: ReportKpiKey;
  label: string;
  format: ReportKpiDefinition['format'];
  good: KpiGoodDirection;
  value: number | null;
  previous: number | null;
  /** Relative change in percent (null: no previous value to compare with). */
  change: number | null;
  /** Whether the change is good (true), bad (false) or neither / unknown (null). */
  favorable: boolean | null;
}

/** A KPI's value as the summary shows it: counts compact ('1.2M'), rates with two decimals ('0.27%'). */
export function formatKpiValue(format: ReportKpiDefinition['format'], value: number | null): string {
  return format === 'percent' ? formatPercent(value) : formatCompact(value);
}

/** A change as '+12%' / '−3.4%' / '0%' (no trailing '.0'). */
export function formatChange(change: number): string {
  const magnitude = `${Math.abs(change).toFixed(1).replace(/\.0$/, '')}%`;
  if (change > 0) return `+${magnitude}`;
  if (change < 0) return `−${magnitude}`;
  return magnitude;
}

/**
 * One KPI of the range against the previous period (both the `report` call's totals): its value,
 * the previous value, the relative change and whether that change is good for the metric. The PDF's
 * executive summary and the web report's cards both show it.
 */
export function kpiChange(
  choice: ReportKpiChoice,
  current: ReportTotals,
  previous: ReportTotals | null | undefined,
): SummaryKpi {
  const definition = reportKpis[choice.key];
  const value = definition.value(current);
  const before = previous ? definition.value(previous) : null;
  const change = changePercent(value, before);
  const favorable =
    change === null || change === 0 || definition.good === 'neutral' ? null : change > 0 === (definition.good === 'up');
  return {
    key: choice.key,
    label: choice.label ?? definition.label,
    format: definition.format,
    good: definition.good,
    value,
    previous: before,
    change,
    favorable,
  };
}

/** The KPIs of a report's family with their change against the previous period's report. */
export function summaryKpis(current: CampaignReport, previous: CampaignReport): SummaryKpi[] {
  const choices = summaryKpisByFamily[current.campaign.family] ?? summaryKpisByFamily.display!;
  return choices.map((choice) => kpiChange(choice, current.totals, previous.totals));
}

/** Named items the summary may mention, each from a report call (the vehicles table, the DMAs, the top vehicles). */
export interface SummaryHighlights {
  /** The vehicle with the most impressions: its description and impressions. */
  topVehicle?: { name: string; impressions: number } | null;
  /** The DMA with the most impressions. */
  topDma?: { name: string; impressions: number } | null;
}

const lower = (label: string) => (label === 'CTR' || label === 'VTR' ? label : label.toLowerCase());

/** 'rose 12% to 1.2M' / 'fell 3.4% to 980K' / 'held at 1.2M'. */
function movement(kpi: SummaryKpi): string {
  const value = formatKpiValue(kpi.format, kpi.value);
  if (kpi.change === null) return kpi.format === 'percent' ? `stood at ${value}` : `reached ${value}`;
  if (kpi.format === 'percent') {
    if (kpi.value === kpi.previous) return `held at ${value}`;
    return `${kpi.value! > kpi.previous! ? 'rose' : 'fell'} from ${formatKpiValue(kpi.format, kpi.previous)} to ${value}`;
  }
  if (kpi.change === 0) return `held at ${value}`;
  return `${kpi.change > 0 ? 'rose' : 'fell'} ${formatChange(Math.abs(kpi.change)).replace('+', '')} to ${value}`;
}

/**
 * 3–5 plain sentences about the range, from the numbers only (no language model): the first KPI's
 * movement with the family's rate, the other counts, the busiest day, the top vehicle or market,
 * and delivery against booked impressions. A range without delivery gets one sentence saying so.
 */
export function summarySentences(
  current: CampaignReport,
  previous: CampaignReport,
  highlights: SummaryHighlights = {},
): string[] {
  const kpis = summaryKpis(current, previous);
  const days = flightDays(current.range.start_date, current.range.end_date);
  const [first, ...rest] = kpis;
  if (!first || (first.value ?? 0) === 0)
    return [
      `No impressions were delivered from ${formatDay(current.range.start_date, 'long')} to ${formatDay(current.range.end_date, 'long')}.`,
    ];
  const sentences: string[] = [];
  const rate = rest.find((kpi) => kpi.format === 'percent' && kpi.value !== null);
  if (first.change === null)
    sentences.push(
      `${first.label} reached ${formatKpiValue(first.format, first.value)}${rate ? ` with a ${rate.label} of ${formatKpiValue(rate.format, rate.value)}` : ''}; the previous ${days} days had no ${lower(first.label)} to compare with.`,
    );
  else
    sentences.push(
      `${first.label} ${movement(first)} against the previous ${days} days${rate ? (rate.change === null ? ` with a ${rate.label} of ${formatKpiValue(rate.format, rate.value)}` : ` while ${rate.label} ${movement(rate)}`) : ''}.`,
    );
  const counts = rest.filter((kpi) => kpi.format === 'count' && (kpi.value ?? 0) > 0);
  if (counts.length > 0)
    sentences.push(
      `${counts
        .slice(0, 2)
        .map((kpi, index) => `${index === 0 ? kpi.label : lower(kpi.label)} ${movement(kpi)}`)
        .join(' and ')}.`,
    );
  const busiest = current.daily.reduce<CampaignReport['daily'][number] | null>(
    (best, day) => (day.impressions > (best?.impressions ?? 0) ? day : best),
    null,
  );
  if (busiest && days > 1)
    sentences.push(
      `The busiest day was ${formatDay(busiest.date, 'long')} with ${formatCompact(busiest.impressions)} impressions.`,
    );
  if (highlights.topVehicle && highlights.topVehicle.impressions > 0)
    sentences.push(
      `Top vehicle: ${highlights.topVehicle.name}, ${formatCompact(highlights.topVehicle.impressions)} impressions.`,
    );
  else if (highlights.topDma && highlights.topDma.impressions > 0)
    sentences.push(
      `Top market: ${highlights.topDma.name}, ${formatCompact(highlights.topDma.impressions)} impressions.`,
    );
  const booked = current.campaign.booked_impressions;
  if (booked !== null && current.totals.delivery !== null && sentences.length < 5)
    sentences.push(
      `Impressions in this period are ${formatPercent(current.totals.delivery, 1)} of the ${formatCompact(booked)} booked.`,
    );
  return sentences.slice(0, 5);
}

/** The paper of an agency's report PDFs (`organizations.report_paper_size`): US Letter by default, or A4. */
export const reportPaperSizes = ['letter', 'a4'] as const;
export type ReportPaperSize = (typeof reportPaperSizes)[number];
