import { Stack } from '@mantine/core';
import { formatInteger, formatPercent } from '@portal/contracts';
import { videoCompletionFunnelChart } from '@portal/report-charts';
import { useMemo } from 'react';
import { ChartSection } from '../chart-section';
import { CreativesTable } from '../creatives-table';
import { DailySection } from '../daily-section';
import { DmaSection } from '../dma-section';
import { hasDelivery, NoDataState } from '../no-data-state';
import { ReportCards, type ReportCard } from '../report-cards';
import { type ReportPageProps } from './types';

/** Video family (OTT, CTV, VID, MVD, TRV, AZV, AVP): views, VTR, the completion funnel, creatives and DMAs. */
export function VideoReport({ params, report }: ReportPageProps) {
  const { totals, sections, campaign } = report;
  const funnel = useMemo(() => videoCompletionFunnelChart(totals), [totals]);
  if (!hasDelivery(report)) return <NoDataState />;

  const cards: ReportCard[] = [
    { label: 'Impressions', value: formatInteger(totals.impressions) },
    { label: 'Views', value: formatInteger(totals.views) },
    { label: 'VTR', value: formatPercent(totals.vtr) },
    {
      label: 'Completion 100%',
      value: formatPercent(totals.completion_100),
      description: `${formatInteger(totals.video_100)} complete views`,
    },
  ];
  if (campaign.booked_impressions !== null) {
    cards.push({
      label: 'Delivery',
      value: formatPercent(totals.delivery, 1),
      description: `of ${formatInteger(campaign.booked_impressions)} booked impressions`,
    });
  }

  return (
    <Stack gap="lg">
      <ReportCards cards={cards} />
      <ChartSection
        title="Video completion"
        description="Impressions that played to 25, 50, 75 and 100 % of the video"
        option={funnel}
        height={280}
        empty={totals.video_25 === 0 && totals.video_100 === 0}
        emptyText="No video completion data for this date range"
      />
      <DailySection report={report} metrics={['impressions', 'views', 'vtr', 'clicks']} />
      {sections.creatives > 0 ? (
        <CreativesTable params={params} csvName={campaign.client_campaign_display_name} />
      ) : null}
      {sections.dmas > 0 ? <DmaSection params={params} /> : null}
    </Stack>
  );
}
