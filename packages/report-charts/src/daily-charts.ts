import { baseOption, categoryAxisStyle, gridLayout, groupDigits, round, shortDateLabel, valueAxisStyle } from './base';
import { dayRows } from './daily-fill';
import type { ChartOption, DailyChartOptions, IsoDate } from './types';

/**
 * Below this many impressions a day's rate (CTR, VTR) is muted: a handful of impressions gives a
 * rate that says nothing (issue 20 §2). The day is a gap in the line and a grey point whose
 * tooltip names the reason.
 */
export const RATE_FLOOR_IMPRESSIONS = 1000;

/** The muted series' colour (Mantine gray 5). */
const MUTED_COLOR = '#adb5bd';

interface DailySeries {
  /** Series name, shown in the tooltip. */
  name: string;
  dates: readonly IsoDate[];
  /** One value per date; null draws a gap (N/A). */
  values: readonly (number | null)[];
  /** Percent values: the axis shows '%'. */
  percent?: boolean;
  /** Whole counts: no fractional axis ticks. */
  count?: boolean;
  color?: string;
  /** Rates of days under the floor, one per date (null elsewhere): grey points, named by `mutedName`. */
  muted?: readonly (number | null)[];
  mutedName?: string;
}

/** The smallest of 1, 2, 2.5, 5 × 10ⁿ at or above `value`: an axis top the ticks divide evenly. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const exponent = Math.floor(Math.log10(value));
  const scale = 10 ** exponent;
  const fraction = value / scale;
  const nice = [1, 2, 2.5, 5, 10].find((step) => fraction <= step + 1e-9) ?? 10;
  return Number((nice * scale).toPrecision(12));
}

/** One metric per day: dates on the x axis as 'MMM D', values as a line (area) or bars. */
export function dailyChart(series: DailySeries, options: DailyChartOptions = {}): ChartOption {
  const kind = options.kind ?? 'line';
  const muted = series.muted?.some((value) => value !== null) ? series.muted : undefined;
  const shown = series.values.filter((value): value is number => value !== null);
  const mutedTop = Math.max(...(muted ?? []).map((value) => value ?? 0));
  // Muted points above the reliable days' top stay out of view (their tooltip still tells them):
  // a day of 40 impressions and 10% CTR must not flatten the line of the real days.
  const top = muted && shown.length > 0 && mutedTop > Math.max(...shown) ? niceCeiling(Math.max(...shown)) : null;
  const mutedName = series.mutedName ?? `${series.name}, fewer than ${groupDigits(RATE_FLOOR_IMPRESSIONS)} impressions`;
  const markLine = annotationMarkLine(series.dates, options.annotations);
  return {
    ...baseOption(options),
    ...(series.color ? { color: [series.color, MUTED_COLOR] } : {}),
    grid: gridLayout(muted ? { bottom: 28 } : {}),
    tooltip: { trigger: 'axis' },
    ...(muted
      ? {
          legend: {
            bottom: 0,
            data: [mutedName],
            itemWidth: 10,
            itemHeight: 10,
            textStyle: { fontSize: 11, color: '#868e96' },
          },
        }
      : {}),
    xAxis: {
      type: 'category',
      data: series.dates.map(shortDateLabel),
      boundaryGap: kind === 'bar',
      ...categoryAxisStyle,
    },
    yAxis: {
      type: 'value',
      ...(series.count ? { minInterval: 1 } : {}),
      ...(top !== null ? { max: top, min: 0 } : {}),
      ...valueAxisStyle,
      axisLabel: { ...valueAxisStyle.axisLabel, ...(series.percent ? { formatter: '{value}%' } : {}) },
    },
    series: [
      kind === 'bar'
        ? {
            type: 'bar',
            name: series.name,
            data: [...series.values],
            barMaxWidth: 24,
            ...(markLine ? { markLine } : {}),
          }
        : {
            type: 'line',
            name: series.name,
            data: [...series.values],
            smooth: false,
            showSymbol: series.values.length <= 31,
            symbolSize: 5,
            areaStyle: { opacity: 0.08 },
            connectNulls: false,
            ...(markLine ? { markLine } : {}),
          },
      ...(muted
        ? [
            {
              type: 'scatter' as const,
              name: mutedName,
              data: [...muted],
              symbol: 'emptyCircle',
              symbolSize: 6,
              itemStyle: { color: MUTED_COLOR },
              clip: true,
            },
          ]
        : []),
    ],
  };
}

/** The colour of note markers (Mantine violet 7: apart from every series colour). */
export const ANNOTATION_COLOR = '#7048e8';

/**
 * The `markLine` of a daily chart's notes (`DailyChartOptions.annotations`): one dashed line per
 * day of `dates` with notes, at the day's index on the category axis, labelled with the notes'
 * numbers ('1', '2,3'); its tooltip the notes' text. Undefined when no note falls on a drawn day.
 */
export function annotationMarkLine(dates: readonly IsoDate[], annotations: DailyChartOptions['annotations']) {
  if (!annotations || annotations.length === 0) return undefined;
  const index = new Map(dates.map((date, i) => [date, i]));
  const byDay = new Map<number, { labels: string[]; texts: string[] }>();
  for (const note of annotations) {
    const at = index.get(note.date);
    if (at === undefined) continue;
    const day = byDay.get(at) ?? { labels: [], texts: [] };
    day.labels.push(note.label);
    day.texts.push(`${note.label}. ${note.text}`);
    byDay.set(at, day);
  }
  if (byDay.size === 0) return undefined;
  return {
    silent: false,
    symbol: ['none', 'circle'],
    symbolSize: 6,
    animation: false,
    lineStyle: { color: ANNOTATION_COLOR, type: 'dashed' as const, width: 1 },
    itemStyle: { color: ANNOTATION_COLOR },
    label: { show: true, position: 'end' as const, formatter: '{b}', color: ANNOTATION_COLOR, fontSize: 10 },
    tooltip: { trigger: 'item' as const, formatter: '{c}' },
    data: [...byDay.entries()]
      .sort(([a], [b]) => a - b)
      .map(([at, day]) => ({ xAxis: at, name: day.labels.join(','), value: day.texts.join(' · ') })),
  };
}

/** A count per day of the drawn range; a day without a row is 0. */
function countSeries<T extends { date: IsoDate }>(
  rows: readonly T[],
  value: (row: T) => number,
  options: DailyChartOptions | undefined,
): { dates: IsoDate[]; values: number[] } {
  const days = dayRows(rows, options?.range);
  return { dates: days.map((d) => d.date), values: days.map((d) => (d.row ? value(d.row) : 0)) };
}

/**
 * A rate in percent as charts draw it: two decimals from 1% up ('1.8', '33.33'), three significant
 * digits below ('0.308', '0.0183'), so small rates that differ stay apart on the line and in the
 * tooltip (a 0.018% CTR is not drawn as 0.02 one day and 0.01 the next).
 */
export function precise(percent: number): number {
  return percent >= 1 ? round(percent, 2) : Number(percent.toPrecision(3));
}

/**
 * A rate per day in percent (`precise`), computed from the day's own counts — never from a
 * rounded rate: `numerator ÷ impressions × 100`. A day without impressions (or without a row) is a
 * gap; a day under `RATE_FLOOR_IMPRESSIONS` is a gap in the line and a muted point.
 */
export function rateSeries<T extends { date: IsoDate; impressions: number }>(
  rows: readonly T[],
  numerator: (row: T) => number,
  options: DailyChartOptions | undefined,
): { dates: IsoDate[]; values: (number | null)[]; muted: (number | null)[] } {
  const days = dayRows(rows, options?.range);
  const rate = (row: T | undefined) =>
    row && row.impressions > 0 ? precise((numerator(row) / row.impressions) * 100) : null;
  const floorMet = (row: T | undefined) => (row?.impressions ?? 0) >= RATE_FLOOR_IMPRESSIONS;
  return {
    dates: days.map((d) => d.date),
    values: days.map((d) => (floorMet(d.row) ? rate(d.row) : null)),
    muted: days.map((d) => (floorMet(d.row) ? null : rate(d.row))),
  };
}

/** Daily impressions. */
export function impressionsByDayChart(
  days: readonly { date: IsoDate; impressions: number }[],
  options?: DailyChartOptions,
): ChartOption {
  return dailyChart({ name: 'Impressions', count: true, ...countSeries(days, (d) => d.impressions, options) }, options);
}

/** Daily clicks. */
export function clicksByDayChart(
  days: readonly { date: IsoDate; clicks: number }[],
  options?: DailyChartOptions,
): ChartOption {
  return dailyChart(
    {
      name: 'Clicks',
      count: true,
      ...countSeries(days, (d) => d.clicks, options),
      color: '#40c057',
    },
    options,
  );
}

/** Daily interactions: the clicks of social campaigns, named as the social pages name them. */
export function interactionsByDayChart(
  days: readonly { date: IsoDate; clicks: number }[],
  options?: DailyChartOptions,
): ChartOption {
  return dailyChart(
    {
      name: 'Interactions',
      count: true,
      ...countSeries(days, (d) => d.clicks, options),
      color: '#40c057',
    },
    options,
  );
}

/**
 * Daily CTR in percent (`precise`), from each day's clicks and impressions (`rateSeries`): days
 * without impressions are gaps, days under 1,000 impressions muted.
 */
export function ctrByDayChart(
  days: readonly { date: IsoDate; clicks: number; impressions: number }[],
  options?: DailyChartOptions,
): ChartOption {
  return dailyChart(
    {
      name: 'CTR (%)',
      ...rateSeries(days, (d) => d.clicks, options),
      percent: true,
      color: '#7950f2',
    },
    options,
  );
}

/** Daily video views (or audio listens, with `name`). */
export function viewsByDayChart(
  days: readonly { date: IsoDate; views: number }[],
  options: DailyChartOptions & { name?: string } = {},
): ChartOption {
  return dailyChart(
    {
      name: options.name ?? 'Views',
      count: true,
      ...countSeries(days, (d) => d.views, options),
      color: '#15aabf',
    },
    options,
  );
}

/** Daily view-through rate: views ÷ impressions in percent (`precise`), gaps and muted days as CTR's. */
export function vtrByDayChart(
  days: readonly { date: IsoDate; views: number; impressions: number }[],
  options?: DailyChartOptions,
): ChartOption {
  return dailyChart(
    {
      name: 'VTR (%)',
      ...rateSeries(days, (d) => d.views, options),
      percent: true,
      color: '#7950f2',
    },
    options,
  );
}

/** Daily orders (conversions' `roas` rows). */
export function ordersByDayChart(
  days: readonly { date: IsoDate; orders: number }[],
  options: DailyChartOptions = {},
): ChartOption {
  return dailyChart(
    {
      name: 'Orders',
      count: true,
      ...countSeries(days, (d) => d.orders, options),
      color: '#fab005',
    },
    { kind: 'bar', ...options },
  );
}

/** Daily revenue in dollars (conversions' `roas` rows, `monetary_value`). */
export function revenueByDayChart(
  days: readonly { date: IsoDate; monetary_value: number }[],
  options: DailyChartOptions = {},
): ChartOption {
  const option = dailyChart(
    {
      name: 'Revenue ($)',
      ...countSeries(days, (d) => d.monetary_value, options),
      color: '#40c057',
    },
    { kind: 'bar', ...options },
  );
  return {
    ...option,
    yAxis: { type: 'value', ...valueAxisStyle, axisLabel: { color: '#495057', formatter: '${value}' } },
  };
}

/** Daily conversions. */
export function conversionsByDayChart(
  days: readonly { date: IsoDate; conversions: number }[],
  options: DailyChartOptions = {},
): ChartOption {
  return dailyChart(
    {
      name: 'Conversions',
      count: true,
      ...countSeries(days, (d) => d.conversions, options),
      color: '#fab005',
    },
    { kind: 'bar', ...options },
  );
}

/** Daily phone calls. */
export function callsByDayChart(
  days: readonly { date: IsoDate; calls: number }[],
  options: DailyChartOptions = {},
): ChartOption {
  return dailyChart(
    { name: 'Calls', count: true, ...countSeries(days, (d) => d.calls, options), color: '#fa5252' },
    { kind: 'bar', ...options },
  );
}

/** Daily leads. */
export function leadsByDayChart(
  days: readonly { date: IsoDate; leads: number }[],
  options: DailyChartOptions = {},
): ChartOption {
  return dailyChart(
    { name: 'Leads', count: true, ...countSeries(days, (d) => d.leads, options), color: '#fa5252' },
    { kind: 'bar', ...options },
  );
}

/** Audience size per day (audience campaigns, spec 000 §2.5); a day without a measure is a gap. */
export function audienceSizeTrendChart(
  trends: readonly { date: IsoDate; customersSize: number }[],
  options?: DailyChartOptions,
): ChartOption {
  const days = dayRows(trends, options?.range);
  const option = dailyChart(
    {
      name: 'Audience size',
      dates: days.map((d) => d.date),
      values: days.map((d) => d.row?.customersSize ?? null),
      color: '#7950f2',
    },
    options,
  );
  // Sizes move little from day to day: start the axis near the data, not at zero. A size is a level,
  // not a day's count: the line joins the measured days across the days between them.
  const [line] = option.series as object[];
  return {
    ...option,
    yAxis: { type: 'value', scale: true, ...valueAxisStyle },
    series: [{ ...line, connectNulls: true, showSymbol: true }],
  };
}
