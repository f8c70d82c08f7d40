import { Stack } from '@mantine/core';
import { formatInteger, formatPercent } from '@portal/contracts';
import { INVENTORY_SEARCH_CODES } from '@/features/campaign-reports/utils/report-kind';
import { DailySection } from '../daily-section';
import { DmaSection } from '../dma-section';
import { FunnelSection } from '../funnel-section';
import { KeywordsTable } from '../keywords-table';
import { hasDelivery, NoDataState } from '../no-data-state';
import { PhoneCallsTable } from '../phone-calls-table';
import { ReportCards, type ReportCard } from '../report-cards';
import { VehiclesTable } from '../vehicles-table';
import { type ReportPageProps } from './types';

/** Search family (SEM, MSE, INV, MIV, VLA, MVA, PMX, MPX): keywords, calls, vehicles (inventory codes) and DMAs. */
export function SearchReport({ params, report }: ReportPageProps) {
  if (!hasDelivery(report)) return <NoDataState />;
  const { totals, sections, campaign } = report;
  const csvName = campaign.client_campaign_display_name;

  const cards: ReportCard[] = [
    { label: 'Impressions', value: formatInteger(totals.impressions) },
    { label: 'Clicks', value: formatInteger(totals.clicks) },
    { label: 'CTR', value: formatPercent(totals.ctr) },
  ];
  if (totals.calls > 0) cards.push({ label: 'Calls', value: formatInteger(totals.calls) });
  cards.push({ label: 'Conversions', value: formatInteger(totals.conversions) });

  return (
    <Stack gap="lg">
      <ReportCards cards={cards} />
      <DailySection
        report={report}
        metrics={totals.calls > 0 ? ['impressions', 'clicks', 'ctr', 'calls'] : ['impressions', 'clicks', 'ctr']}
      />
      <FunnelSection report={report} />
      {sections.keywords > 0 ? <KeywordsTable params={params} csvName={csvName} /> : null}
      {sections.calls > 0 ? <PhoneCallsTable params={params} csvName={csvName} /> : null}
      {INVENTORY_SEARCH_CODES.has(campaign.product_code.toUpperCase()) && sections.vehicles > 0 ? (
        <VehiclesTable params={params} source="campaign" csvName={csvName} />
      ) : null}
      {sections.dmas > 0 ? <DmaSection params={params} /> : null}
    </Stack>
  );
}
