import { SimpleGrid, Stack } from '@mantine/core';
import { formatInteger, formatPercent, NOT_AVAILABLE } from '@portal/contracts';
import { INVENTORY_SOCIAL_CODES, LEAD_SOCIAL_CODES } from '@/features/campaign-reports/utils/report-kind';
import { DemographicsSection, PlacementsSection } from '../breakdown-sections';
import { DailySection } from '../daily-section';
import { DmaSection } from '../dma-section';
import { FunnelSection } from '../funnel-section';
import { LeadsTable } from '../leads-table';
import { hasDelivery, NoDataState } from '../no-data-state';
import { ReportCards } from '../report-cards';
import { VehiclesTable } from '../vehicles-table';
import { type ReportPageProps } from './types';

/**
 * Social family (DSL, FDL, FDS, FML, LKN, TIK, TTI): as the FBD page where data exists (placements,
 * demographics, DMAs), leads for DSL/FDL/FDS and vehicles for FML/TTI.
 */
export function SocialReport({ params, report }: ReportPageProps) {
  if (!hasDelivery(report)) return <NoDataState />;
  const { totals, sections, campaign } = report;
  const code = campaign.product_code.toUpperCase();
  const csvName = campaign.client_campaign_display_name;
  const breakdowns = [sections.placements > 0, sections.demographics > 0].filter(Boolean).length;

  return (
    <Stack gap="lg">
      <ReportCards
        cards={[
          { label: 'CTR', value: formatPercent(totals.ctr) },
          { label: 'Reach', value: formatInteger(totals.reach) },
          { label: 'Frequency', value: totals.frequency === null ? NOT_AVAILABLE : totals.frequency.toFixed(2) },
          { label: 'Attributed Sales', value: formatInteger(totals.sales) },
          ...(totals.leads > 0 ? [{ label: 'Leads', value: formatInteger(totals.leads) }] : []),
        ]}
      />
      <DailySection report={report} metrics={['impressions', 'interactions']} />
      <FunnelSection report={report} />
      {breakdowns > 0 ? (
        <SimpleGrid cols={{ base: 1, md: breakdowns }} spacing="md">
          {sections.placements > 0 ? <PlacementsSection params={params} /> : null}
          {sections.demographics > 0 ? <DemographicsSection params={params} /> : null}
        </SimpleGrid>
      ) : null}
      {sections.dmas > 0 ? <DmaSection params={params} /> : null}
      <DailySection report={report} metrics={totals.leads > 0 ? ['ctr', 'leads'] : ['ctr']} />
      {LEAD_SOCIAL_CODES.has(code) && sections.leads > 0 ? <LeadsTable params={params} csvName={csvName} /> : null}
      {INVENTORY_SOCIAL_CODES.has(code) && sections.vehicles > 0 ? (
        <VehiclesTable
          params={params}
          source="campaign"
          title="Top Performing Vehicles"
          variant="social"
          csvName={csvName}
        />
      ) : null}
    </Stack>
  );
}
