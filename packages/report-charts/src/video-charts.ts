import { baseOption } from './base';
import type { BuildOptions, ChartOption } from './types';

export interface VideoCompletion {
  impressions: number;
  video_25: number;
  video_50: number;
  video_75: number;
  video_100: number;
  /** Completion rates in percent units (null = N/A). */
  completion_25: number | null;
  completion_50: number | null;
  completion_75: number | null;
  completion_100: number | null;
}

const QUARTILES = [25, 50, 75, 100] as const;

function percentText(value: number | null): string {
  return value === null ? 'N/A' : `${value.toFixed(2)}%`;
}

/**
 * The video completion funnel: how many impressions played to 25, 50, 75 and 100 %. Each step's
 * name carries its completion rate, so the label needs no formatter function.
 */
export function videoCompletionFunnelChart(totals: VideoCompletion, options: BuildOptions = {}): ChartOption {
  const steps = QUARTILES.map((quartile, index) => ({
    name: `${quartile}% complete (${percentText(totals[`completion_${quartile}`])})`,
    value: totals[`video_${quartile}`],
    // White text on the two darker steps, dark text on the lighter ones.
    label: { color: index < 2 ? '#ffffff' : '#0b2a4a' },
  }));
  return {
    ...baseOption(options),
    color: ['#1c7ed6', '#339af0', '#74c0fc', '#a5d8ff'],
    tooltip: { trigger: 'item', formatter: '{b}: {c}' },
    series: [
      {
        type: 'funnel',
        name: 'Video completion',
        sort: 'none',
        min: 0,
        max: Math.max(1, totals.video_25, totals.video_50, totals.video_75, totals.video_100),
        minSize: '20%',
        maxSize: '100%',
        gap: 4,
        left: '5%',
        right: '5%',
        top: 8,
        bottom: 8,
        label: { show: true, position: 'inside', fontWeight: 600, formatter: '{b}' },
        labelLine: { show: false },
        data: steps,
      },
    ],
  };
}
