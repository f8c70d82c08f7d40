import { Alert, Anchor, Badge, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  deliveryPercent,
  formatInteger,
  formatPercent,
  reportRouteSegment,
  type ManagedCampaignDetail,
} from '@portal/contracts';
import { IconArrowLeft, IconClockHour4 } from '@tabler/icons-react';
import { Link, Navigate, useLocation } from 'react-router';
import { DateRangeFilter } from '@/components/ui/date-range-filter';
import { ErrorState } from '@/components/ui/error-state';
import { NotFoundState } from '@/components/ui/not-found-state';
import { StatCard } from '@/components/ui/stat-card';
import { useDateRangeParams } from '@/hooks/use-date-range-params';
import { isNotFound } from '@/lib/api-client';
import { formatDateRange, formatLongDate, type DateRange } from '@/lib/dates';
import { formatClicksFor } from '@/lib/metrics';
import { paths } from '@/lib/paths';
import { useManagedCampaign } from '../api/get-managed-campaign';
import { CampaignDailyTable } from './campaign-daily-table';

export interface CampaignReportProps {
  organizationId: number;
  dealershipId: number;
  /** null when the path's id is not a valid id: shown as not found without a request. */
  campaignId: number | null;
  /** The route's product segment (e.g. `dyd`); a campaign of another product is redirected to its own. */
  productSegment: string;
}

function listHref(organizationId: number, dealershipId: number, range: DateRange): string {
  const query = new URLSearchParams({ startDate: range.startDate, endDate: range.endDate });
  return `${paths.campaigns(organizationId, dealershipId, 'list')}?${query.toString()}`;
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

function statusBadge(status: ManagedCampaignDetail['campaign_status']) {
  return (
    <Badge color={status === 'active' ? 'green' : 'yellow'} variant="light" radius="sm">
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  );
}

function ReportCards({ campaign }: { campaign: ManagedCampaignDetail }) {
  const delivery = deliveryPercent(campaign.impressions, campaign.booked_impressions);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: campaign.booked_impressions !== null ? 4 : 3 }} spacing="md">
      <StatCard label="Impressions" value={formatInteger(campaign.impressions)} />
      <StatCard label="Clicks" value={formatClicksFor(campaign.product_code, campaign.clicks)} />
      <StatCard label="CTR" value={formatPercent(campaign.ctr)} />
      {campaign.booked_impressions !== null ? (
        <StatCard
          label="Delivery"
          value={formatPercent(delivery, 1)}
          description={`of ${formatInteger(campaign.booked_impressions)} booked impressions`}
        />
      ) : null}
    </SimpleGrid>
  );
}

/** A managed campaign's report: header, date filter, totals and daily delivery (generic page for now). */
export function CampaignReport({ organizationId, dealershipId, campaignId, productSegment }: CampaignReportProps) {
  const [range, setRange] = useDateRangeParams();
  const location = useLocation();
  const campaignQuery = useManagedCampaign({
    organizationId,
    dealershipId,
    campaignId: campaignId ?? 0,
    ...range,
  });
  const backTo = listHref(organizationId, dealershipId, range);

  if (campaignId === null || (campaignQuery.isError && isNotFound(campaignQuery.error))) {
    return (
      <NotFoundState
        title="Campaign not found"
        description="This campaign does not exist or belongs to another dealership."
        linkTo={paths.campaigns(organizationId, dealershipId, 'list')}
        linkLabel="Back to campaigns"
      />
    );
  }

  if (campaignQuery.isError) {
    return (
      <Stack gap="md">
        <BackLink to={backTo} />
        <ErrorState
          title="The campaign report could not be loaded"
          error={campaignQuery.error}
          onRetry={() => void campaignQuery.refetch()}
          retrying={campaignQuery.isFetching}
        />
      </Stack>
    );
  }

  if (campaignQuery.isPending) {
    return (
      <Stack gap="lg" aria-busy>
        <BackLink to={backTo} />
        <Skeleton height={14} width={180} />
        <Skeleton height={32} width={360} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Skeleton height={96} />
          <Skeleton height={96} />
          <Skeleton height={96} />
        </SimpleGrid>
        <Skeleton height={240} />
      </Stack>
    );
  }

  const campaign = campaignQuery.data;
  const segment = reportRouteSegment(campaign.product_code);
  if (segment !== productSegment.toLowerCase()) {
    return (
      <Navigate
        replace
        to={`${paths.campaignsRoot(organizationId, dealershipId)}/${segment}/${campaign.client_campaign_id}/${location.search}`}
      />
    );
  }

  const pending = campaign.campaign_status === 'pending';

  return (
    <Stack gap="lg">
      <BackLink to={backTo} />
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {campaign.dealership_name}
        </Text>
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            {campaign.client_campaign_display_name}
          </Title>
          {statusBadge(campaign.campaign_status)}
        </Group>
        <Text size="sm" c="dimmed">
          {campaign.product_name} ({campaign.product_code}) · {formatDateRange(campaign.start_date, campaign.end_date)}
        </Text>
      </Stack>

      {pending ? (
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
          <ReportCards campaign={campaign} />
          <CampaignDailyTable days={campaign.days} productCode={campaign.product_code} />
        </>
      )}
    </Stack>
  );
}
