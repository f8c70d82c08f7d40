import { baseOption } from './base';
import type { BuildOptions, ChartOption } from './types';

/** One step of a delivery funnel, e.g. `{ label: 'Clicks', value: 4460 }`. */
export interface FunnelStep {
  label: string;
  value: number;
}

/** The funnel steps of a campaign's totals: impressions, clicks, then calls, leads, conversions and sales that happened. */
export function deliveryFunnelSteps(totals: {
  impressions: number;
  clicks: number;
  calls: number;
  leads: number;
  conversions: number;
  sales: number;
}): FunnelStep[] {
  const steps: FunnelStep[] = [
    { label: 'Impressions', value: totals.impressions },
    { label: 'Clicks', value: totals.clicks },
  ];
  if (totals.calls > 0) steps.push({ label: 'Calls', value: totals.calls });
  if (totals.leads > 0) steps.push({ label: 'Leads', value: totals.leads });
  if (totals.conversions > 0) steps.push({ label: 'Conversions', value: totals.conversions });
  if (totals.sales > 0) steps.push({ label: 'Sales', value: totals.sales });
  return steps;
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 'Clicks: 4,460 (1.31% of impressions)': the step's count and its rate against `base`. */
export function funnelStepLabel(step: FunnelStep, base: FunnelStep | undefined): string {
  const count = `${step.label}: ${integer.format(step.value)}`;
  if (!base) return count;
  const rate = base.value > 0 ? `${((step.value / base.value) * 100).toFixed(2)}%` : 'N/A';
  return `${count} (${rate} of ${base.label.toLowerCase()})`;
}

/** What a step's rate is measured against: clicks against impressions (CTR), every later step against clicks. */
function baseOf(steps: readonly FunnelStep[], index: number): FunnelStep | undefined {
  return index === 0 ? undefined : index === 1 ? steps[0] : steps[1];
}

/**
 * A delivery funnel: each step's label names its count and its rate — clicks against impressions,
 * calls, leads, conversions and sales against clicks (they are not subsets of one another).
 * Counts differ by orders of magnitude (impressions vs calls), so the widths step down evenly
 * instead of following the values, which would leave the lower steps invisible.
 */
export function deliveryFunnelChart(steps: readonly FunnelStep[], options: BuildOptions = {}): ChartOption {
  return {
    ...baseOption(options),
    color: ['#1864ab', '#1c7ed6', '#339af0', '#74c0fc', '#a5d8ff', '#d0ebff'],
    series: [
      {
        type: 'funnel',
        name: 'Delivery funnel',
        sort: 'none',
        min: 0,
        max: steps.length,
        minSize: '30%',
        maxSize: '100%',
        gap: 4,
        left: '5%',
        right: '5%',
        top: 8,
        bottom: 8,
        label: { show: true, position: 'inside', fontWeight: 600, formatter: '{b}' },
        labelLine: { show: false },
        data: steps.map((step, index) => ({
          name: funnelStepLabel(step, baseOf(steps, index)),
          value: steps.length - index,
          label: { color: index < 3 ? '#ffffff' : '#0b2a4a' },
        })),
      },
    ],
  };
}
