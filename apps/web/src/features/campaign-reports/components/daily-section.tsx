import { SimpleGrid } from '@mantine/core';
import {
  formatInteger,
  formatPercent,
  type CampaignReport,
  type ReportDay,
  type ReportTotals,
} from '@portal/contracts';
import {
  callsByDayChart,
  clicksByDayChart,
  conversionsByDayChart,
  ctrByDayChart,
  impressionsByDayChart,
  interactionsByDayChart,
  leadsByDayChart,
  viewsByDayChart,
  vtrByDayChart,
} from '@portal/report-charts';
import { useMemo } from 'react';
import { completeReportDays } from '../utils/daily';
import { ChartSection } from './chart-section';

/** The daily charts a family page can show, from the `report` call's daily rows. */
export type DailyMetric =
  'impressions' | 'clicks' | 'interactions' | 'ctr' | 'views' | 'listens' | 'vtr' | 'conversions' | 'calls' | 'leads';

const definitions = {
  impressions: { title: 'Impressions', build: impressionsByDayChart, figure: (t) => formatInteger(t.impressions) },
  clicks: { title: 'Clicks', build: clicksByDayChart, figure: (t) => formatInteger(t.clicks) },
  interactions: { title: 'Interactions', build: interactionsByDayChart, figure: (t) => formatInteger(t.clicks) },
  ctr: { title: 'CTR', build: ctrByDayChart, figure: (t) => formatPercent(t.ctr) },
  views: { title: 'Views', build: viewsByDayChart, figure: (t) => formatInteger(t.views) },
  listens: {
    title: 'Listens',
    build: (days) => viewsByDayChart(days, { name: 'Listens' }),
    figure: (t) => formatInteger(t.views),
  },
  vtr: { title: 'VTR', build: vtrByDayChart, figure: (t) => formatPercent(t.vtr) },
  conversions: { title: 'Conversions', build: conversionsByDayChart, figure: (t) => formatInteger(t.conversions) },
  calls: { title: 'Phone calls', build: callsByDayChart, figure: (t) => formatInteger(t.calls) },
  leads: { title: 'Leads', build: leadsByDayChart, figure: (t) => formatInteger(t.leads) },
} satisfies Record<
  DailyMetric,
  {
    title: string;
    build: (days: ReportDay[]) => ReturnType<typeof impressionsByDayChart>;
    figure: (t: ReportTotals) => string;
  }
>;

/** Daily charts of the range (every day, days without rows as zeros), two per row, each with the range's total. */
export function DailySection({ report, metrics }: { report: CampaignReport; metrics: DailyMetric[] }) {
  const { daily, totals, range } = report;
  const metricsKey = metrics.join(',');
  const options = useMemo(() => {
    const days = completeReportDays(daily, { startDate: range.start_date, endDate: range.end_date });
    return metricsKey.split(',').map((metric) => definitions[metric as DailyMetric].build(days));
  }, [daily, range.start_date, range.end_date, metricsKey]);
  return (
    <SimpleGrid cols={{ base: 1, md: metrics.length > 1 ? 2 : 1 }} spacing="md">
      {metrics.map((metric, index) => (
        // With an odd number of charts the last one takes the whole row instead of leaving a gap.
        <div
          key={metric}
          style={
            metrics.length > 1 && metrics.length % 2 === 1 && index === metrics.length - 1
              ? { gridColumn: '1 / -1' }
              : undefined
          }
        >
          <ChartSection
            title={definitions[metric].title}
            figure={definitions[metric].figure(totals)}
            option={options[index] ?? null}
            empty={daily.length === 0}
          />
        </div>
      ))}
    </SimpleGrid>
  );
}
