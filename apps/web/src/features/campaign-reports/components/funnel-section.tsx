import { useMemo } from 'react';
import { type CampaignReport } from '@portal/contracts';
import { deliveryFunnelChart, deliveryFunnelSteps } from '@portal/report-charts';
import { ChartSection } from './chart-section';

/** The delivery funnel (impressions → clicks → calls, leads, conversions, sales) of the range's totals. */
export function FunnelSection({ report }: { report: CampaignReport }) {
  const steps = useMemo(() => deliveryFunnelSteps(report.totals), [report.totals]);
  const option = useMemo(() => deliveryFunnelChart(steps), [steps]);
  return (
    <ChartSection
      title="Funnel"
      description="Clicks against impressions; calls, leads, conversions and sales against clicks"
      option={option}
      height={60 + steps.length * 48}
      empty={report.totals.clicks === 0}
      emptyText="No clicks in this date range"
    />
  );
}
