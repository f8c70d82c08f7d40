import { Stack } from '@mantine/core';
import { formatInteger, formatPercent, NOT_AVAILABLE } from '@portal/contracts';
import { DailySection } from '../daily-section';
import { DmaSection } from '../dma-section';
import { hasDelivery, NoDataState } from '../no-data-state';
import { PhoneCallsTable } from '../phone-calls-table';
import { ReportCards, type ReportCard } from '../report-cards';
import { WalkInsSection } from '../walk-ins-section';
import { type ReportPageProps } from './types';

/** Digital out-of-home (DOH): impressions (clicks are not measured), delivery, walk-ins, calls and DMAs. */
export function OohReport({ params, report }: ReportPageProps) {
  if (!hasDelivery(report)) return <NoDataState />;
  const { totals, sections, campaign } = report;
  const cards: ReportCard[] = [
    { label: 'Impressions', value: formatInteger(totals.impressions) },
    { label: 'Clicks', value: NOT_AVAILABLE, description: 'Not measured for out-of-home' },
  ];
  if (campaign.booked_impressions !== null) {
    cards.push({
      label: 'Delivery',
      value: formatPercent(totals.delivery, 1),
      description: `of ${formatInteger(campaign.booked_impressions)} booked impressions`,
    });
  }
  if (totals.calls > 0) cards.push({ label: 'Phone Calls', value: formatInteger(totals.calls) });

  return (
    <Stack gap="lg">
      <ReportCards cards={cards} />
      <DailySection report={report} metrics={totals.calls > 0 ? ['impressions', 'calls'] : ['impressions']} />
      {sections.locations > 0 ? <WalkInsSection params={params} /> : null}
      {sections.calls > 0 ? <PhoneCallsTable params={params} csvName={campaign.client_campaign_display_name} /> : null}
      {sections.dmas > 0 ? <DmaSection params={params} /> : null}
    </Stack>
  );
}
