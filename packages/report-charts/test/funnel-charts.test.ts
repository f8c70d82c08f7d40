import { describe, expect, it } from 'vitest';
import { deliveryFunnelChart, deliveryFunnelSteps, funnelStepLabel } from '../src';

describe('delivery funnel', () => {
  const totals = { impressions: 340182, clicks: 4460, calls: 10, leads: 0, conversions: 25, sales: 0 };

  it('keeps the steps that happened, in funnel order', () => {
    expect(deliveryFunnelSteps(totals)).toEqual([
      { label: 'Impressions', value: 340182 },
      { label: 'Clicks', value: 4460 },
      { label: 'Calls', value: 10 },
      { label: 'Conversions', value: 25 },
    ]);
  });

  it('labels each step with its count and its rate against its base', () => {
    expect(funnelStepLabel({ label: 'Impressions', value: 340182 }, undefined)).toBe('Impressions: 340,182');
    expect(funnelStepLabel({ label: 'Clicks', value: 4460 }, { label: 'Impressions', value: 340182 })).toBe(
      'Clicks: 4,460 (1.31% of impressions)',
    );
    expect(funnelStepLabel({ label: 'Clicks', value: 0 }, { label: 'Impressions', value: 0 })).toBe(
      'Clicks: 0 (N/A of impressions)',
    );
  });

  it('draws one funnel segment per step with evenly stepped widths', () => {
    const option = deliveryFunnelChart(deliveryFunnelSteps(totals), { animation: false }) as {
      animation: boolean;
      series: Array<{ type: string; data: Array<{ name: string; value: number }> }>;
    };
    expect(option.animation).toBe(false);
    expect(option.series[0]!.type).toBe('funnel');
    expect(option.series[0]!.data.map((d) => d.value)).toEqual([4, 3, 2, 1]);
    expect(option.series[0]!.data[3]!.name).toBe('Conversions: 25 (0.56% of clicks)');
  });
});
