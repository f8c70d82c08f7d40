import { Stack } from '@mantine/core';
import { formatInteger, formatPercent } from '@portal/contracts';
import { CreativesTable } from '../creatives-table';
import { DailySection } from '../daily-section';
import { DmaSection } from '../dma-section';
import { hasDelivery, NoDataState } from '../no-data-state';
import { ReportCards } from '../report-cards';
import { type ReportPageProps } from './types';

/** Streaming audio (AUD): impressions, listens, completion and clicks; daily charts, creatives and DMAs. */
export function AudioReport({ params, report }: ReportPageProps) {
  if (!hasDelivery(report)) return <NoDataState />;
  const { totals, sections, campaign } = report;
  return (
    <Stack gap="lg">
      <ReportCards
        cards={[
          { label: 'Impressions', value: formatInteger(totals.impressions) },
          { label: 'Listens', value: formatInteger(totals.views) },
          {
            label: 'Completion 100%',
            value: formatPercent(totals.completion_100),
            description: `${formatInteger(totals.video_100)} complete listens`,
          },
          { label: 'Clicks', value: formatInteger(totals.clicks) },
        ]}
      />
      <DailySection report={report} metrics={['impressions', 'listens', 'clicks', 'ctr']} />
      {sections.creatives > 0 ? (
        <CreativesTable params={params} csvName={campaign.client_campaign_display_name} />
      ) : null}
      {sections.dmas > 0 ? <DmaSection params={params} /> : null}
    </Stack>
  );
}
