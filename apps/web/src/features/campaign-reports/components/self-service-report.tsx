import { Alert, Anchor, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  formatInteger,
  formatPercent,
  importStatusLabel,
  selfServiceProductSortColumns,
  vendorNames,
  type SelfServiceProduct,
  type DateRange,
} from '@portal/contracts';
import { clicksByDayChart, ctrByDayChart, impressionsByDayChart } from '@portal/report-charts';
import { IconArrowLeft, IconClockHour4 } from '@tabler/icons-react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DateRangeFilter } from '@/components/ui/date-range-filter';
import { ErrorState } from '@/components/ui/error-state';
import { FreshnessStamp } from '@/components/ui/trust-signals';
import { NotFoundState } from '@/components/ui/not-found-state';
import { useDateRangeParams } from '@/hooks/use-date-range-params';
import { isNotFound } from '@/lib/api-client';
import { useSelfServiceTrust } from '../api/get-self-service-trust';
import { type ReportParams } from '../api/report-params';
import { useSelfServiceCampaign, useSelfServiceMetrics, useSelfServiceProducts } from '../api/self-service-report';
import { isTablePageParam, useTableState } from '../hooks/use-table-state';
import { type AnnotationParams } from '../api/annotations';
import { chartRange } from '../utils/daily';
import { ChartSection } from './chart-section';
import { NotesUnderChart, useChartNotes } from './daily-section';
import { ExportPdfButton } from './export-pdf-button';
import { ReportCards } from './report-cards';
import { TableSection } from './table-section';

export interface SelfServiceReportProps {
  organizationId: number;
  dealershipId: number;
  /** null when the path's id is not an id: not found without a request. */
  campaignId: number | null;
  dealershipName: string | undefined;
  /** The self-service list, where 'Back to campaigns' goes. */
  listPath: string;
}

const columnHelper = createColumnHelper<SelfServiceProduct>();
const count = (header: string, key: 'impressions' | 'clicks' | 'conversions') =>
  columnHelper.accessor(key, {
    header,
    meta: { numeric: true },
    cell: ({ getValue }) => formatInteger(getValue()),
  }) as ColumnDef<SelfServiceProduct, unknown>;
const productColumns: ColumnDef<SelfServiceProduct, unknown>[] = [
  columnHelper.accessor('product_title', { header: 'Product' }) as ColumnDef<SelfServiceProduct, unknown>,
  columnHelper.accessor('product_item_id', { header: 'Product ID' }) as ColumnDef<SelfServiceProduct, unknown>,
  count('Impressions', 'impressions'),
  count('Clicks', 'clicks'),
  count('Conversions', 'conversions'),
];
const DEFAULT_SORTING = [{ id: 'clicks', desc: true }];

/** Product Performance (spec 001 §2.11, spec 000 §2.8): paged (10), clicks descending, CSV export. */
function ProductsTable({ params, csvName }: { params: ReportParams; csvName: string }) {
  const state = useTableState('products', { defaultSorting: DEFAULT_SORTING, sortable: selfServiceProductSortColumns });
  const query = useSelfServiceProducts({ ...params, pageIndex: state.pageIndex, sorting: state.sorting });
  return (
    <TableSection
      title="Product Performance"
      params={params}
      state={state}
      query={query}
      columns={productColumns}
      emptyText="No products found"
      getRowId={(row) => row.product_item_id}
      csvOperation="listSelfServiceProductsCsv"
      csvName={csvName}
      minWidth={720}
    />
  );
}

/** The date range in the URL; a new range sends the product table back to its first page. */
function useReportRange(): [DateRange, (range: DateRange) => void] {
  const [range] = useDateRangeParams();
  const [, setSearchParams] = useSearchParams();
  const setRange = useCallback(
    (next: DateRange) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        params.set('startDate', next.startDate);
        params.set('endDate', next.endDate);
        for (const name of [...params.keys()]) if (isTablePageParam(name)) params.delete(name);
        return params;
      }),
    [setSearchParams],
  );
  return [range, setRange];
}

function BackLink({ to }: { to: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" w="fit-content">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        <span>Back to campaigns</span>
      </Group>
    </Anchor>
  );
}

/**
 * A self-service campaign's report (spec 001 §2.11): header with dealership and campaign name,
 * date filter, 'Export as PDF', cards CTR / Total Impressions / Total clicks, the three daily
 * charts and, when the range has products, the Product Performance table.
 */
export function SelfServiceReport({
  organizationId,
  dealershipId,
  campaignId,
  dealershipName,
  listPath,
}: SelfServiceReportProps) {
  const [range, setRange] = useReportRange();
  const params: ReportParams = { organizationId, dealershipId, campaignId: campaignId ?? 0, ...range };
  const campaignQuery = useSelfServiceCampaign(params, { enabled: campaignId !== null });
  const trust = useSelfServiceTrust(
    { organizationId, dealershipId, campaignId: campaignId ?? 0 },
    { enabled: campaignId !== null },
  ).data;
  const campaign = campaignQuery.data;
  const live = campaign !== undefined && campaign.status !== 'pending';
  const metricsQuery = useSelfServiceMetrics(params, { enabled: live });
  const metrics = metricsQuery.data;
  const drawn = useMemo(() => chartRange(range), [range]);
  // The campaign's notes (issue 21 §4): markers on the three charts, the list under each.
  const notesParams = useMemo<AnnotationParams | null>(
    () =>
      campaignId === null ? null : { organizationId, dealershipId, campaignId, campaignKind: 'self_service', ...range },
    [organizationId, dealershipId, campaignId, range],
  );
  const notes = useChartNotes(live ? notesParams : null, drawn);
  const charts = useMemo(() => {
    if (!metrics) return null;
    const options = { range: drawn, annotations: notes };
    return {
      impressions: impressionsByDayChart(metrics.data, options),
      clicks: clicksByDayChart(metrics.data, options),
      ctr: ctrByDayChart(metrics.data, options),
    };
  }, [metrics, drawn, notes]);

  if (campaignId === null || (campaignQuery.isError && isNotFound(campaignQuery.error)))
    return (
      <NotFoundState
        title="Campaign not found"
        description="This campaign does not exist or belongs to another dealership."
        linkTo={listPath}
        linkLabel="Back to campaigns"
      />
    );
  if (campaignQuery.isError)
    return (
      <Stack gap="md">
        <BackLink to={listPath} />
        <ErrorState
          title="The campaign report could not be loaded"
          error={campaignQuery.error}
          onRetry={() => void campaignQuery.refetch()}
          retrying={campaignQuery.isFetching}
        />
      </Stack>
    );
  if (!campaign)
    return (
      <Stack gap="lg" aria-busy>
        <BackLink to={listPath} />
        <Skeleton height={32} width={360} />
        <Skeleton height={96} />
        <Skeleton height={280} />
      </Stack>
    );

  const name = campaign.vendor_campaign.name;
  const status = importStatusLabel(campaign.status);
  return (
    <Stack gap="lg" data-testid="self-service-report">
      <BackLink to={listPath} />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            {dealershipName ?? ''}
          </Text>
          <Title order={1} size="h2">
            {name}
          </Title>
          <Text size="sm" c="dimmed">
            {vendorNames[campaign.vendor_id as 1 | 3] ?? 'Other'} · {campaign.vendor_campaign.account_name} ·{' '}
            {status.label}
          </Text>
          <FreshnessStamp freshness={trust?.freshness} />
        </Stack>
        <Group align="flex-end">
          <DateRangeFilter value={range} onChange={setRange} />
          <ExportPdfButton params={params} campaignName={name} selfService />
        </Group>
      </Group>
      {!live ? (
        <Alert color="yellow" variant="light" icon={<IconClockHour4 size={18} aria-hidden />}>
          This campaign is still being imported. Its results will appear in a few minutes.
        </Alert>
      ) : metricsQuery.isError ? (
        <ErrorState
          title="The campaign results could not be loaded"
          error={metricsQuery.error}
          onRetry={() => void metricsQuery.refetch()}
          retrying={metricsQuery.isFetching}
        />
      ) : (
        <>
          <ReportCards
            loading={!metrics}
            cards={[
              { label: 'CTR', value: formatPercent(metrics?.totals.ctr) },
              { label: 'Total Impressions', value: formatInteger(metrics?.totals.impressions ?? 0) },
              { label: 'Total clicks', value: formatInteger(metrics?.totals.clicks ?? 0) },
            ]}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ChartSection
              title="Total Impressions"
              option={charts?.impressions ?? null}
              empty={metrics?.data.length === 0}
              footer={
                notesParams ? (
                  <NotesUnderChart params={notesParams} title="Total Impressions" range={drawn} notes={notes} />
                ) : null
              }
            />
            <ChartSection
              title="Total Clicks"
              option={charts?.clicks ?? null}
              empty={metrics?.data.length === 0}
              footer={
                notesParams ? (
                  <NotesUnderChart params={notesParams} title="Total Clicks" range={drawn} notes={notes} />
                ) : null
              }
            />
            <div style={{ gridColumn: '1 / -1' }}>
              <ChartSection
                title="Click Through Rate"
                option={charts?.ctr ?? null}
                empty={metrics?.data.length === 0}
                footer={
                  notesParams ? (
                    <NotesUnderChart params={notesParams} title="Click Through Rate" range={drawn} notes={notes} />
                  ) : null
                }
              />
            </div>
          </SimpleGrid>
          {metrics && metrics.product_total > 0 ? <ProductsTable params={params} csvName={name} /> : null}
        </>
      )}
    </Stack>
  );
}
