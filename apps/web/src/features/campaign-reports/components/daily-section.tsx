import {
  formatInteger,
  formatPercent,
  type CampaignReport,
  type DailyMetric,
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
  type DailyChartOptions,
} from '@portal/report-charts';
import { useMemo } from 'react';
import { chartRange } from '../utils/daily';
import { ChartSection } from './chart-section';

/** Each daily chart of the catalogue (contracts `DailyMetric`): its builder and the range's figure. */
export const dailyDefinitions = {
  impressions: { build: impressionsByDayChart, figure: (t) => formatInteger(t.impressions) },
  clicks: { build: clicksByDayChart, figure: (t) => formatInteger(t.clicks) },
  interactions: { build: interactionsByDayChart, figure: (t) => formatInteger(t.clicks) },
  ctr: { build: ctrByDayChart, figure: (t) => formatPercent(t.ctr) },
  views: { build: viewsByDayChart, figure: (t) => formatInteger(t.views) },
  listens: {
    build: (days, options) => viewsByDayChart(days, { name: 'Listens', ...options }),
    figure: (t) => formatInteger(t.views),
  },
  vtr: { build: vtrByDayChart, figure: (t) => formatPercent(t.vtr) },
  conversions: { build: conversionsByDayChart, figure: (t) => formatInteger(t.conversions) },
  calls: { build: callsByDayChart, figure: (t) => formatInteger(t.calls) },
  leads: { build: leadsByDayChart, figure: (t) => formatInteger(t.leads) },
} satisfies Record<
  DailyMetric,
  {
    build: (days: ReportDay[], options?: DailyChartOptions) => ReturnType<typeof impressionsByDayChart>;
    figure: (t: ReportTotals) => string;
  }
>;

/** One daily chart of the range (every day: counts 0, rates a gap on days without rows) with the range's total. */
export function DailyChartSection({
  report,
  metric,
  title,
}: {
  report: CampaignReport;
  metric: DailyMetric;
  title: string;
}) {
  const { daily, totals, range } = report;
  const option = useMemo(
    () =>
      dailyDefinitions[metric].build(daily, {
        range: chartRange({ startDate: range.start_date, endDate: range.end_date }),
      }),
    [daily, range.start_date, range.end_date, metric],
  );
  return (
    <ChartSection
      title={title}
      figure={dailyDefinitions[metric].figure(totals)}
      option={option}
      empty={daily.length === 0}
    />
  );
}
