import { Alert, Anchor, Badge, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  reportRouteSegment,
  type CampaignReport as CampaignReportData,
  formatDateRange,
  formatLongDate,
  type DateRange,
} from '@portal/contracts';
import { IconArrowLeft, IconClockHour4 } from '@tabler/icons-react';
import { useCallback } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { DateRangeFilter } from '@/components/ui/date-range-filter';
import { ErrorState } from '@/components/ui/error-state';
import { NotFoundState } from '@/components/ui/not-found-state';
import { useDateRangeParams } from '@/hooks/use-date-range-params';
import { isNotFound } from '@/lib/api-client';
import { paths, rangeSearch } from '@/lib/paths';
import { FreshnessStamp, PacingChip } from '@/components/ui/trust-signals';
import { useCampaignReport } from '../api/get-campaign-report';
import { useCampaignTrust } from '../api/get-campaign-trust';
import { useDisplayMetrics } from '../api/get-display-metrics';
import { type ReportParams } from '../api/report-params';
import { useAdReady } from '../hooks/use-ad-ready';
import { ReportTimeZoneContext } from '../hooks/use-report-time-zone';
import { isTablePageParam } from '../hooks/use-table-state';
import { reportKindOf } from '../utils/report-kind';
import { ExportPdfButton } from './export-pdf-button';
import { ReportSections } from './report-sections';

export interface CampaignReportProps {
  organizationId: number;
  dealershipId: number;
  /** null when the path's id is not a valid id: shown as not found without a request. */
  campaignId: number | null;
  /** The route's product segment (e.g. `dyd`); a campaign of another product is redirected to its own. */
  productSegment: string;
  /** The dealership's time zone (IANA), in which calls and leads are dated; undefined until known. */
  timeZone?: string | undefined;
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

/** Active shows as success, every other status as warning (spec 000 §4). */
function StatusBadge({ status }: { status: CampaignReportData['campaign']['campaign_status'] }) {
  return (
    <Badge color={status === 'active' ? 'green' : 'yellow'} variant="light" radius="sm">
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  );
}

function ReportSkeleton({ backTo }: { backTo: string }) {
  return (
    <Stack gap="lg" aria-busy>
      <BackLink to={backTo} />
      <Skeleton height={14} width={180} />
      <Skeleton height={32} width={360} />
      <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="md">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} height={96} />
        ))}
      </SimpleGrid>
      <Skeleton height={280} />
    </Stack>
  );
}

/** The date range in the URL; a new range sends every report table back to its first page. */
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

/**
 * A managed campaign's report page: the shell (header with dealership and campaign name, status,
 * flight, date filter, 'Back to campaigns', 'Export as PDF'; pending and not-found states) around the
 * page of the campaign's product (spec 000 §2.2, §2.5–§2.7).
 */
export function CampaignReport({
  organizationId,
  dealershipId,
  campaignId,
  productSegment,
  timeZone,
}: CampaignReportProps) {
  const [range, setRange] = useReportRange();
  const location = useLocation();
  const params: ReportParams = { organizationId, dealershipId, campaignId: campaignId ?? 0, ...range };
  const reportQuery = useCampaignReport(params, { enabled: campaignId !== null });
  const trust = useCampaignTrust(
    { organizationId, dealershipId, campaignId: campaignId ?? 0 },
    { enabled: campaignId !== null },
  ).data;
  const report = reportQuery.data;
  const kind = report ? reportKindOf(report.campaign.product_code) : null;
  const started = report !== undefined && report.campaign.campaign_status !== 'pending';

  // DYD: the ad-ready flag is set 5 s after the display data loads (spec 000 §2.7, §9). The query is
  // the one the DYD page reads, so this adds no request.
  const displayMetrics = useDisplayMetrics(params, { enabled: kind === 'dynamic-display' && started });
  const adReady = useAdReady(displayMetrics.isSuccess);

  const backTo = `${paths.campaigns(organizationId, dealershipId, 'list')}${rangeSearch(range)}`;

  if (campaignId === null || (reportQuery.isError && isNotFound(reportQuery.error))) {
    return (
      <NotFoundState
        title="Campaign not found"
        description="This campaign does not exist or belongs to another dealership."
        linkTo={paths.campaigns(organizationId, dealershipId, 'list')}
        linkLabel="Back to campaigns"
      />
    );
  }

  if (reportQuery.isError && !report) {
    return (
      <Stack gap="md">
        <BackLink to={backTo} />
        <ErrorState
          title="The campaign report could not be loaded"
          error={reportQuery.error}
          onRetry={() => void reportQuery.refetch()}
          retrying={reportQuery.isFetching}
        />
      </Stack>
    );
  }

  if (!report || !kind) return <ReportSkeleton backTo={backTo} />;

  const { campaign } = report;
  const segment = reportRouteSegment(campaign.product_code);
  if (segment !== productSegment.toLowerCase()) {
    return (
      <Navigate
        replace
        to={`${paths.campaignsRoot(organizationId, dealershipId)}/${segment}/${campaign.client_campaign_id}/${location.search}`}
      />
    );
  }

  return (
    <Stack
      gap="lg"
      data-report-kind={kind}
      data-ad-ready={kind === 'dynamic-display' ? String(adReady) : undefined}
      aria-busy={reportQuery.isFetching || undefined}
    >
      <BackLink to={backTo} />
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Text size="sm" c="dimmed" fw={500}>
            {campaign.dealership_name}
          </Text>
          <Group gap="sm" align="center">
            <Title order={1} size="h2">
              {campaign.client_campaign_display_name}
            </Title>
            <StatusBadge status={campaign.campaign_status} />
          </Group>
          <Text size="sm" c="dimmed">
            {campaign.product_name} ({campaign.product_code}) · Flight{' '}
            {formatDateRange(campaign.start_date, campaign.end_date)}
          </Text>
          {trust ? (
            <Group gap="sm" align="center" data-testid="report-trust">
              <FreshnessStamp freshness={trust.freshness} />
              {trust.pacing ? <PacingChip pacing={trust.pacing} /> : null}
            </Group>
          ) : null}
        </Stack>
        {started ? <ExportPdfButton params={params} campaignName={campaign.client_campaign_display_name} /> : null}
      </Group>

      {!started ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconClockHour4 size={18} aria-hidden />}
          title="Campaign not started yet"
        >
          Its report will be available once the campaign starts on {formatLongDate(campaign.start_date)}.
        </Alert>
      ) : (
        <>
          <Group align="flex-end" gap="sm">
            <DateRangeFilter value={range} onChange={setRange} />
          </Group>
          <ReportTimeZoneContext.Provider value={timeZone}>
            <ReportSections key={kind} params={params} report={report} />
          </ReportTimeZoneContext.Provider>
        </>
      )}
    </Stack>
  );
}
