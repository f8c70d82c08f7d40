import {
  baseOption,
  categoryAxisStyle,
  FEMALE_COLOR,
  gridLayout,
  groupDigits,
  MALE_COLOR,
  topRows,
  valueAxisStyle,
  wrapLabel,
} from './base';
import type { BuildOptions, ChartOption, TopChartOptions } from './types';

interface Bar {
  label: string;
  value: number;
}

/** Horizontal bars, first entry on top, each labelled with its figure; long category names on two lines. */
export function horizontalBarChart(
  bars: readonly Bar[],
  seriesName: string,
  options: BuildOptions & { color?: string } = {},
): ChartOption {
  return {
    ...baseOption(options),
    ...(options.color ? { color: [options.color] } : {}),
    grid: gridLayout({ top: 8, right: 40 }),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', minInterval: 1, ...valueAxisStyle },
    yAxis: {
      type: 'category',
      inverse: true,
      // Names in full, on two lines when long (DMA names: issue 20 §2); truncation stays a last resort.
      data: bars.map((bar) => (typeof bar.label === 'string' ? wrapLabel(bar.label) : bar.label)),
      ...categoryAxisStyle,
      axisLabel: { ...categoryAxisStyle.axisLabel, width: 180, overflow: 'truncate', lineHeight: 13 },
    },
    series: [
      {
        type: 'bar',
        name: seriesName,
        // Each bar carries its figure as grouped text ('8,274,537'): a formatter function would not serialise.
        data: bars.map((bar) => ({ value: bar.value, label: { formatter: groupDigits(bar.value) } })),
        barMaxWidth: 22,
        label: { show: true, position: 'right', color: '#495057' },
      },
    ],
  };
}

/** Impressions per placement (feed, stories, …), in the order given (the API sorts impressions descending). */
export function impressionsByPlacementChart(
  rows: readonly { placement: string; impressions: number }[],
  options?: BuildOptions,
): ChartOption {
  return horizontalBarChart(
    rows.map((row) => ({ label: row.placement, value: row.impressions })),
    'Impressions',
    options,
  );
}

/** Female and male figures per age group as grouped bars (interactions or impressions, named by `seriesName`). */
export function demographicsChart(
  rows: readonly { age: string; female: number; male: number }[],
  options: BuildOptions & { metricName?: string } = {},
): ChartOption {
  const metric = options.metricName ?? 'Interactions';
  return {
    ...baseOption(options),
    color: [FEMALE_COLOR, MALE_COLOR],
    grid: gridLayout({ top: 40 }),
    legend: { top: 0, data: ['Female', 'Male'] },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: rows.map((row) => row.age), ...categoryAxisStyle },
    yAxis: {
      type: 'value',
      minInterval: 1,
      name: metric,
      nameTextStyle: { color: '#868e96', align: 'left' },
      ...valueAxisStyle,
    },
    series: [
      { type: 'bar', name: 'Female', data: rows.map((row) => row.female), barMaxWidth: 28 },
      { type: 'bar', name: 'Male', data: rows.map((row) => row.male), barMaxWidth: 28 },
    ],
  };
}

/** Impressions of the top DMAs (5 by default), largest first. */
export function topDmasChart(
  rows: readonly { dma: string; impressions: number }[],
  options: TopChartOptions = {},
): ChartOption {
  return horizontalBarChart(
    topRows(rows, (row) => row.impressions, options.limit).map((row) => ({ label: row.dma, value: row.impressions })),
    'Impressions',
    options,
  );
}

/** Site visits by UTM source, top 5 by default. */
export function utmSourcesChart(
  rows: readonly { utm_source: string; count: number }[],
  options: TopChartOptions = {},
): ChartOption {
  return horizontalBarChart(
    topRows(rows, (row) => row.count, options.limit).map((row) => ({ label: row.utm_source, value: row.count })),
    'Visits',
    { ...options, color: '#15aabf' },
  );
}

/** Site visits by UTM campaign, top 5 by default. */
export function utmCampaignsChart(
  rows: readonly { utm_campaign: string; count: number }[],
  options: TopChartOptions = {},
): ChartOption {
  return horizontalBarChart(
    topRows(rows, (row) => row.count, options.limit).map((row) => ({ label: row.utm_campaign, value: row.count })),
    'Visits',
    { ...options, color: '#15aabf' },
  );
}

/** Key site actions (key pages) by count, top 5 by default. */
export function keyPagesChart(
  rows: readonly { tag_name: string; count: number }[],
  options: TopChartOptions = {},
): ChartOption {
  return horizontalBarChart(
    topRows(rows, (row) => row.count, options.limit).map((row) => ({ label: row.tag_name, value: row.count })),
    'Actions',
    { ...options, color: '#7950f2' },
  );
}

/** Conversions by type (social 'Top Conversions'), largest first. */
export function conversionsByTypeChart(
  rows: readonly { conversion_type: string; conversions: number }[],
  options: TopChartOptions = {},
): ChartOption {
  return horizontalBarChart(
    topRows(rows, (row) => row.conversions, options.limit).map((row) => ({
      label: row.conversion_type,
      value: row.conversions,
    })),
    'Conversions',
    { ...options, color: '#fab005' },
  );
}
