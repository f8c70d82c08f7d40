import { baseOption, categoryAxisStyle, gridLayout, round, shortDateLabel, valueAxisStyle } from './base';
import type { ChartOption, DailyChartOptions, IsoDate } from './types';

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
}

/** One metric per day: dates on the x axis as 'MMM D', values as a line (area) or bars. */
export function dailyChart(series: DailySeries, options: DailyChartOptions = {}): ChartOption {
  const kind = options.kind ?? 'line';
  return {
    ...baseOption(options),
    ...(series.color ? { color: [series.color] } : {}),
    grid: gridLayout(),
    tooltip: { trigger: 'axis' },
    xAxis: {
      type: 'category',
      data: series.dates.map(shortDateLabel),
      boundaryGap: kind === 'bar',
      ...categoryAxisStyle,
    },
    yAxis: {
      type: 'value',
      ...(series.count ? { minInterval: 1 } : {}),
      ...valueAxisStyle,
      axisLabel: { ...valueAxisStyle.axisLabel, ...(series.percent ? { formatter: '{value}%' } : {}) },
    },
    series: [
      kind === 'bar'
        ? { type: 'bar', name: series.name, data: [...series.values], barMaxWidth: 24 }
        : {
            type: 'line',
            name: series.name,
            data: [...series.values],
            smooth: false,
            showSymbol: series.values.length <= 31,
            symbolSize: 5,
            areaStyle: { opacity: 0.08 },
            connectNulls: false,
          },
    ],
  };
}

/** Daily impressions. */
export function impressionsByDayChart(
  days: readonly { date: IsoDate; impressions: number }[],
  options?: DailyChartOptions,
): ChartOption {
  return dailyChart(
    { name: 'Impressions', count: true, dates: days.map((d) => d.date), values: days.map((d) => d.impressions) },
    options,
  );
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
      dates: days.map((d) => d.date),
      values: days.map((d) => d.clicks),
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
      dates: days.map((d) => d.date),
      values: days.map((d) => d.clicks),
      color: '#40c057',
    },
    options,
  );
}

/** Daily CTR in percent units (two decimals as the API gives it); null days are gaps. */
export function ctrByDayChart(
  days: readonly { date: IsoDate; ctr: number | null }[],
  options?: DailyChartOptions,
): ChartOption {
  return dailyChart(
    {
      name: 'CTR (%)',
      dates: days.map((d) => d.date),
      values: days.map((d) => d.ctr),
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
      dates: days.map((d) => d.date),
      values: days.map((d) => d.views),
      color: '#15aabf',
    },
    options,
  );
}

/** Daily view-through rate: views ÷ impressions as a percent to two decimals (null when no impressions). */
export function vtrByDayChart(
  days: readonly { date: IsoDate; views: number; impressions: number }[],
  options?: DailyChartOptions,
): ChartOption {
  return dailyChart(
    {
      name: 'VTR (%)',
      dates: days.map((d) => d.date),
      values: days.map((d) => (d.impressions > 0 ? round((d.views / d.impressions) * 100, 2) : null)),
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
      dates: days.map((d) => d.date),
      values: days.map((d) => d.orders),
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
      dates: days.map((d) => d.date),
      values: days.map((d) => d.monetary_value),
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
      dates: days.map((d) => d.date),
      values: days.map((d) => d.conversions),
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
    { name: 'Calls', count: true, dates: days.map((d) => d.date), values: days.map((d) => d.calls), color: '#fa5252' },
    { kind: 'bar', ...options },
  );
}

/** Daily leads. */
export function leadsByDayChart(
  days: readonly { date: IsoDate; leads: number }[],
  options: DailyChartOptions = {},
): ChartOption {
  return dailyChart(
    { name: 'Leads', count: true, dates: days.map((d) => d.date), values: days.map((d) => d.leads), color: '#fa5252' },
    { kind: 'bar', ...options },
  );
}

/** Audience size per day (audience campaigns, spec 000 §2.5). */
export function audienceSizeTrendChart(
  trends: readonly { date: IsoDate; customersSize: number }[],
  options?: DailyChartOptions,
): ChartOption {
  const option = dailyChart(
    {
      name: 'Audience size',
      dates: trends.map((d) => d.date),
      values: trends.map((d) => d.customersSize),
      color: '#7950f2',
    },
    options,
  );
  // Sizes move little from day to day: start the axis near the data, not at zero.
  return { ...option, yAxis: { type: 'value', scale: true, ...valueAxisStyle } };
}
