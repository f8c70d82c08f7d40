import { SimpleGrid, Stack } from '@mantine/core';
import { formatInteger, formatPercent } from '@portal/contracts';
import { clicksByDayChart, ctrByDayChart, impressionsByDayChart } from '@portal/report-charts';
import { useMemo } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { completeDailyPoints } from '@/features/campaign-reports/utils/daily';
import { useDisplayMetrics } from '@/features/campaign-reports/api/get-display-metrics';
import { AdPreviews } from '../ad-previews';
import { ChartSection } from '../chart-section';
import { ConversionsSection } from '../conversions-section';
import { PhoneCallsTable } from '../phone-calls-table';
import { ReportCards, type ReportCard } from '../report-cards';
import { SitesTable } from '../sites-table';
import { VehicleHighlights } from '../vehicle-highlights';
import { VehiclesTable } from '../vehicles-table';
import { type ReportPageProps } from './types';

/**
 * Dynamic inventory display report, DYD (spec 000 §2.7): cards, impressions and clicks, conversions,
 * vehicle highlights, CTR, phone calls, sites (show_site_list), vehicles and ad previews
 * (show_ad_previews). The ad-ready flag is set by the report shell.
 */
export function DynamicDisplayReport({ params, report }: ReportPageProps) {
  const metrics = useDisplayMetrics(params);
  const data = metrics.data;
  const { startDate, endDate } = params;
  const charts = useMemo(() => {
    if (!data) return null;
    const days = completeDailyPoints(data.metrics, { startDate, endDate });
    return {
      impressions: impressionsByDayChart(days),
      clicks: clicksByDayChart(days),
      ctr: ctrByDayChart(days),
    };
  }, [data, startDate, endDate]);
  const csvName = report.campaign.client_campaign_display_name;

  if (metrics.isError) {
    return (
      <ErrorState
        title="The display metrics could not be loaded"
        error={metrics.error}
        onRetry={() => void metrics.refetch()}
      />
    );
  }

  const cards: ReportCard[] = [
    { label: 'CTR', value: data ? formatPercent(data.ctr) : null },
    { label: 'Booked Impressions', value: data ? formatInteger(data.booked_impressions) : null },
    {
      label: 'Delivery',
      value: data ? formatPercent(data.delivery, 1) : null,
      description: data ? `${formatInteger(data.impressions)} impressions delivered` : undefined,
    },
  ];
  if (data && data.calls > 0) cards.push({ label: 'Phone Calls', value: formatInteger(data.calls) });
  cards.push({ label: 'Attributed Sales', value: data ? formatInteger(data.sales) : null });

  return (
    <Stack gap="lg">
      <ReportCards loading={!data} cards={cards} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartSection
          title="Impressions"
          figure={data ? formatInteger(data.impressions) : undefined}
          option={charts?.impressions ?? null}
          empty={data?.metrics.length === 0}
        />
        <ChartSection
          title="Clicks"
          figure={data ? formatInteger(data.clicks) : undefined}
          option={charts?.clicks ?? null}
          empty={data?.metrics.length === 0}
        />
      </SimpleGrid>
      <ConversionsSection params={params} />
      <VehicleHighlights params={params} />
      <ChartSection
        title="CTR"
        figure={data ? formatPercent(data.ctr) : undefined}
        option={charts?.ctr ?? null}
        empty={data?.metrics.length === 0}
      />
      <PhoneCallsTable params={params} csvName={csvName} />
      {data?.show_site_list ? <SitesTable params={params} csvName={csvName} /> : null}
      <VehiclesTable params={params} source="dyd" csvName={csvName} />
      {data?.show_ad_previews ? <AdPreviews params={params} /> : null}
    </Stack>
  );
}
