import { Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { formatCurrency, formatInteger, NOT_AVAILABLE } from '@portal/contracts';
import { keyPagesChart, ordersByDayChart, revenueByDayChart, utmSourcesChart } from '@portal/report-charts';
import { useId, useMemo } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { StatCard } from '@/components/ui/stat-card';
import { useConversions } from '../api/get-conversions';
import { type ReportParams } from '../api/report-params';
import { ChartSection } from './chart-section';

/**
 * Conversions (spec 000 §2.7): page views (tag 4), average time to convert, unique site visitors,
 * key pages and UTM sources (top 5), and orders and revenue per day only when `roas` is given
 * (show_roas on).
 */
export function ConversionsSection({ params }: { params: ReportParams }) {
  const conversions = useConversions(params);
  const headingId = useId();
  const data = conversions.data;

  const charts = useMemo(
    () =>
      data
        ? {
            keyPages: keyPagesChart(data.key_pages),
            utmSources: utmSourcesChart(data.utm_sources),
            orders: data.roas ? ordersByDayChart(data.roas) : null,
            revenue: data.roas ? revenueByDayChart(data.roas) : null,
          }
        : null,
    [data],
  );

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        Conversions
      </Title>
      {conversions.isError ? (
        <ErrorState
          title="Conversions could not be loaded"
          error={conversions.error}
          onRetry={() => void conversions.refetch()}
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <StatCard label="Page Views" value={data ? formatInteger(data.page_views) : null} loading={!data} />
            <StatCard
              label="Avg. Time to Convert"
              value={data ? (data.time_to_convert_label ?? NOT_AVAILABLE) : null}
              loading={!data}
            />
            <StatCard
              label="Unique Site Visitors"
              value={data ? formatInteger(data.unique_site_visitors) : null}
              loading={!data}
            />
          </SimpleGrid>
          {data && charts ? (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <ChartSection
                title="Key pages (top 5)"
                option={charts.keyPages}
                empty={data.key_pages.length === 0}
                emptyText="No key page visits in this date range"
              />
              <ChartSection
                title="UTM sources (top 5)"
                option={charts.utmSources}
                empty={data.utm_sources.length === 0}
                emptyText="No tagged visits in this date range"
              />
              {charts.orders && data.roas ? (
                <ChartSection
                  title="Orders"
                  figure={formatInteger(data.roas.reduce((sum, day) => sum + day.orders, 0))}
                  option={charts.orders}
                  empty={data.roas.length === 0}
                />
              ) : null}
              {charts.revenue && data.roas ? (
                <ChartSection
                  title="Revenue"
                  figure={formatCurrency(data.roas.reduce((sum, day) => sum + day.monetary_value, 0))}
                  option={charts.revenue}
                  empty={data.roas.length === 0}
                />
              ) : null}
            </SimpleGrid>
          ) : (
            <Paper withBorder radius="md" p="md">
              <Skeleton height={200} />
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
