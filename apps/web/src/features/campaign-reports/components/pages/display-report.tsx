import { Stack } from '@mantine/core';
import { formatInteger, formatPercent } from '@portal/contracts';
import { ConversionsSection } from '../conversions-section';
import { CreativesTable } from '../creatives-table';
import { DailySection, type DailyMetric } from '../daily-section';
import { DmaSection } from '../dma-section';
import { FunnelSection } from '../funnel-section';
import { LeadsTable } from '../leads-table';
import { hasDelivery, NoDataState } from '../no-data-state';
import { PhoneCallsTable } from '../phone-calls-table';
import { ReportCards, type ReportCard } from '../report-cards';
import { SitesTable } from '../sites-table';
import { VehiclesTable } from '../vehicles-table';
import { WalkInsSection } from '../walk-ins-section';
import { type ReportPageProps } from './types';

/**
 * Display family (DSP, MOB, AZD, DSC, NAT, LOP, LBP): cards, daily charts, creatives, sites (when
 * show_site_list), DMAs, conversions, calls, leads (LBP), walk-ins (LOP) and vehicles — each section
 * only when the range has rows for it.
 */
export function DisplayReport({ params, report }: ReportPageProps) {
  if (!hasDelivery(report)) return <NoDataState />;
  const { totals, sections, campaign } = report;
  const csvName = campaign.client_campaign_display_name;

  const cards: ReportCard[] = [
    { label: 'Impressions', value: formatInteger(totals.impressions) },
    { label: 'Clicks', value: formatInteger(totals.clicks) },
    { label: 'CTR', value: formatPercent(totals.ctr) },
  ];
  if (campaign.booked_impressions !== null) {
    cards.push({
      label: 'Delivery',
      value: formatPercent(totals.delivery, 1),
      description: `of ${formatInteger(campaign.booked_impressions)} booked impressions`,
    });
  }
  cards.push({ label: 'Conversions', value: formatInteger(totals.conversions) });

  const metrics: DailyMetric[] = ['impressions', 'clicks', 'ctr'];
  if (totals.conversions > 0) metrics.push('conversions');
  if (totals.leads > 0) metrics.push('leads');

  return (
    <Stack gap="lg">
      <ReportCards cards={cards} />
      <DailySection report={report} metrics={metrics} />
      <FunnelSection report={report} />
      {sections.creatives > 0 ? (
        <CreativesTable params={params} csvName={campaign.client_campaign_display_name} />
      ) : null}
      {campaign.show_site_list && sections.sites > 0 ? <SitesTable params={params} csvName={csvName} /> : null}
      {sections.dmas > 0 ? <DmaSection params={params} /> : null}
      {sections.conversions > 0 || sections.utms > 0 ? <ConversionsSection params={params} /> : null}
      {sections.leads > 0 ? <LeadsTable params={params} csvName={csvName} /> : null}
      {sections.locations > 0 ? <WalkInsSection params={params} /> : null}
      {sections.calls > 0 ? <PhoneCallsTable params={params} csvName={csvName} /> : null}
      {sections.vehicles > 0 ? <VehiclesTable params={params} source="campaign" csvName={csvName} /> : null}
    </Stack>
  );
}
