import { Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { formatCurrency, formatInteger, NOT_AVAILABLE } from '@portal/contracts';
import { keyPagesChart, ordersByDayChart, revenueByDayChart, utmSourcesChart } from '@portal/report-charts';
import { useId, useMemo, type ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { StatCard } from '@/components/ui/stat-card';
import { useConversions } from '../api/get-conversions';
import { type ReportParams } from '../api/report-params';
import { ChartSection } from './chart-section';
import { useReportChartNotes } from './daily-section';

/**
 * Conversions (spec 000 §2.7): page views (tag 4), average time to convert and unique site visitors
 * under the heading; the charts below them (key pages, UTM sources, and orders and revenue when
 * show_roas) are the catalogue's children of this section, passed as `children`.
 */
export function ConversionsSection({ params, children }: { params: ReportParams; children?: ReactNode }) {
  const conversions = useConversions(params);
  const headingId = useId();
  const data = conversions.data;

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
          {data ? (
            children
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

/** Key pages (top 5) of the conversions. */
export function KeyPagesSection({ params }: { params: ReportParams }) {
  const data = useConversions(params).data;
  const option = useMemo(() => (data ? keyPagesChart(data.key_pages) : null), [data]);
  return (
    <ChartSection
      title="Key pages (top 5)"
      option={option}
      empty={data?.key_pages.length === 0}
      emptyText="No key page visits in this date range"
    />
  );
}

/** UTM sources (top 5) of the conversions. */
export function UtmSourcesSection({ params }: { params: ReportParams }) {
  const data = useConversions(params).data;
  const option = useMemo(() => (data ? utmSourcesChart(data.utm_sources) : null), [data]);
  return (
    <ChartSection
      title="UTM sources (top 5)"
      option={option}
      empty={data?.utm_sources.length === 0}
      emptyText="No tagged visits in this date range"
    />
  );
}

/** Orders per day (ROAS; show_roas). */
export function OrdersSection({ params }: { params: ReportParams }) {
  const roas = useConversions(params).data?.roas;
  const { drawn, notes, footer } = useReportChartNotes(params);
  const option = useMemo(
    () => (roas ? ordersByDayChart(roas, { range: drawn, annotations: notes }) : null),
    [roas, drawn, notes],
  );
  return (
    <ChartSection
      title="Orders"
      figure={roas ? formatInteger(roas.reduce((sum, day) => sum + day.orders, 0)) : undefined}
      option={option}
      empty={roas?.length === 0}
      footer={footer('Orders')}
    />
  );
}

/** Revenue per day (ROAS; show_roas). */
export function RevenueSection({ params }: { params: ReportParams }) {
  const roas = useConversions(params).data?.roas;
  const { drawn, notes, footer } = useReportChartNotes(params);
  const option = useMemo(
    () => (roas ? revenueByDayChart(roas, { range: drawn, annotations: notes }) : null),
    [roas, drawn, notes],
  );
  return (
    <ChartSection
      title="Revenue"
      figure={roas ? formatCurrency(roas.reduce((sum, day) => sum + day.monetary_value, 0)) : undefined}
      option={option}
      empty={roas?.length === 0}
      footer={footer('Revenue')}
    />
  );
}
