import { SimpleGrid, Stack } from '@mantine/core';
import { formatInteger, formatPercent, NOT_AVAILABLE } from '@portal/contracts';
import {
  conversionsByTypeChart,
  ctrByDayChart,
  impressionsByDayChart,
  impressionsByPlacementChart,
  interactionsByDayChart,
  topDmasChart,
} from '@portal/report-charts';
import { useMemo } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { completeDailyPoints } from '@/features/campaign-reports/utils/daily';
import { useSocialMetrics } from '@/features/campaign-reports/api/get-social-metrics';
import { DemographicsSection } from '../breakdown-sections';
import { ChartSection } from '../chart-section';
import { ReportCards } from '../report-cards';
import { VehiclesTable } from '../vehicles-table';
import { type ReportPageProps } from './types';

/**
 * Social dynamic report of FBD and DYN (spec 000 §2.6): cards, daily impressions and interactions,
 * placements, interaction demographics, top-5 DMAs, CTR, Top Conversions (only when the
 * dealership's conversions are on, i.e. conversionsMetrics is not null) and the vehicles. The
 * demographics come from `.../demographics`, whose female and male clicks are the interactions (the
 * metrics call's `demographicData` holds impressions).
 */
export function SocialDynamicReport({ params, report }: ReportPageProps) {
  const metrics = useSocialMetrics(params);
  const data = metrics.data;
  const { startDate, endDate } = params;
  const charts = useMemo(() => {
    if (!data) return null;
    const days = completeDailyPoints(data.metrics, { startDate, endDate });
    return {
      impressions: impressionsByDayChart(days),
      interactions: interactionsByDayChart(days),
      placements: impressionsByPlacementChart(data.deviceMetrics),
      dmas: topDmasChart(data.geoInsightsMetroData),
      ctr: ctrByDayChart(days),
      conversions: data.conversionsMetrics ? conversionsByTypeChart(data.conversionsMetrics) : null,
    };
  }, [data, startDate, endDate]);

  if (metrics.isError) {
    return (
      <ErrorState
        title="The social metrics could not be loaded"
        error={metrics.error}
        onRetry={() => void metrics.refetch()}
      />
    );
  }

  return (
    <Stack gap="lg">
      <ReportCards
        loading={!data}
        cards={[
          { label: 'CTR', value: data ? formatPercent(data.ctr) : null },
          { label: 'Reach', value: data ? formatInteger(data.reach) : null },
          {
            label: 'Frequency',
            value: data ? (data.frequency === null ? NOT_AVAILABLE : data.frequency.toFixed(2)) : null,
          },
          { label: 'Attributed Sales', value: data ? formatInteger(data.sales) : null },
        ]}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartSection
          title="Impressions"
          figure={data ? formatInteger(data.impressions) : undefined}
          option={charts?.impressions ?? null}
          empty={data?.metrics.length === 0}
        />
        <ChartSection
          title="Interactions"
          figure={data ? formatInteger(data.clicks) : undefined}
          option={charts?.interactions ?? null}
          empty={data?.metrics.length === 0}
        />
        <ChartSection
          title="Impressions by placement"
          option={charts?.placements ?? null}
          empty={data?.deviceMetrics.length === 0}
        />
        <DemographicsSection params={params} />
        <ChartSection
          title="Impressions by DMA (top 5)"
          option={charts?.dmas ?? null}
          empty={data?.geoInsightsMetroData.length === 0}
        />
        <ChartSection
          title="CTR"
          figure={data ? formatPercent(data.ctr) : undefined}
          option={charts?.ctr ?? null}
          empty={data?.metrics.length === 0}
        />
      </SimpleGrid>
      {data?.conversionsMetrics ? (
        <ChartSection
          title="Top Conversions"
          figure={formatInteger(data.conversionsMetrics.reduce((sum, row) => sum + row.conversions, 0))}
          option={charts?.conversions ?? null}
          empty={data.conversionsMetrics.length === 0}
          emptyText="No conversions in this date range"
        />
      ) : null}
      <VehiclesTable
        params={params}
        source="fbd"
        title="Top Performing Vehicles"
        variant="social"
        csvName={report.campaign.client_campaign_display_name}
      />
    </Stack>
  );
}
