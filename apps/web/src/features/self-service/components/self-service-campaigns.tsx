import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  formatInteger,
  formatPercent,
  importStatusLabel,
  vendorNames,
  type SelfServiceCampaign,
  type VendorId,
  formatMonth,
  type DateRange,
} from '@portal/contracts';
import { IconLayoutGrid, IconPlayerPause, IconPlayerPlay, IconTable } from '@tabler/icons-react';
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DateRangeFilter } from '@/components/ui/date-range-filter';
import { ErrorState } from '@/components/ui/error-state';
import { useDateRangeParams } from '@/hooks/use-date-range-params';
import { isApiError } from '@/lib/api-client';
import {
  useEditSelfServiceStatus,
  useSelfServiceCampaigns,
  useSelfServiceCampaignsExist,
} from '../api/self-service-campaigns';
import { MoveCampaignButton } from './move-campaign-button';

type ViewMode = 'table' | 'grid';
const toneColor = { success: 'green', warning: 'yellow', error: 'red' } as const;

export interface SelfServiceCampaignsProps {
  organizationId: number;
  dealershipId: number;
  /** Path of a campaign's report: `campaigns/self-service/{id}`. */
  reportPath: (campaignId: number) => string;
  /** Shown when nothing is imported yet (checked with a page of size 1). */
  emptyState: ReactNode;
  /**
   * The agency's other dealerships a campaign may be moved to; given to agency administrators only
   * (issue 18 item 3), who then see a Move action per campaign.
   */
  moveTargets?: Array<{ id: number; name: string }>;
}

const vendorName = (id: number) => vendorNames[id as 1 | 3] ?? 'Other';
/** '[account name] name' (spec 001 §2.10). */
export const displayName = (c: SelfServiceCampaign) => `[${c.vendor_campaign.account_name}] ${c.vendor_campaign.name}`;

/** The import status label and colour (spec 001 §4); a failed import shows its reason on hover. */
export function ImportStatusBadge({ status, reason }: { status: string; reason?: string | null }) {
  const { label, tone } = importStatusLabel(status);
  const badge = (
    <Badge color={toneColor[tone]} variant="light" radius="sm">
      {label}
    </Badge>
  );
  return tone === 'error' && reason ? <Tooltip label={reason}>{badge}</Tooltip> : badge;
}

function CampaignStatusBadge({ statusName }: { statusName: string }) {
  return (
    <Badge color={statusName === 'active' ? 'green' : 'gray'} variant="dot" radius="sm">
      {statusName === 'active' ? 'Active' : 'Paused'}
    </Badge>
  );
}

function StatusToggle({
  campaign,
  range,
  organizationId,
  dealershipId,
}: {
  campaign: SelfServiceCampaign;
  range: DateRange;
  organizationId: number;
  dealershipId: number;
}) {
  const edit = useEditSelfServiceStatus({ organizationId, dealershipId, ...range });
  const toastId = useId();
  const active = campaign.vendor_campaign.status_name === 'active';
  const onClick = () => {
    notifications.show({ id: toastId, loading: true, message: 'Updating campaign status...', autoClose: false });
    edit.mutate(
      {
        campaign_id: campaign._id,
        vendor_id: campaign.vendor_id as VendorId,
        customer_account_id: campaign.vendor_campaign.account_id,
        login_customer_id: campaign.vendor_campaign.login_customer_id,
        status: campaign.vendor_campaign.status_name,
      },
      {
        onSuccess: () =>
          notifications.update({
            id: toastId,
            loading: false,
            color: 'green',
            message: 'Campaign status updated',
            autoClose: 5000,
          }),
        onError: (error) =>
          notifications.update({
            id: toastId,
            loading: false,
            color: 'red',
            message: isApiError(error) ? error.message : 'Something went wrong. Please try again later.',
            autoClose: 5000,
          }),
      },
    );
  };
  const label = `${active ? 'Pause' : 'Resume'} ${campaign.vendor_campaign.name}`;
  return (
    <Tooltip label={active ? 'Pause' : 'Resume'}>
      <ActionIcon
        variant="light"
        color={active ? 'yellow' : 'green'}
        onClick={onClick}
        aria-label={label}
        disabled={edit.isPending}
      >
        {active ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
}

function CampaignName({ campaign, to }: { campaign: SelfServiceCampaign; to: string }) {
  if (campaign.status === 'pending')
    return (
      <Text size="sm" title="Campaign not imported yet">
        {displayName(campaign)}
      </Text>
    );
  return (
    <Anchor component={Link} to={to} size="sm">
      {displayName(campaign)}
    </Anchor>
  );
}

const columnHelper = createColumnHelper<SelfServiceCampaign>();

interface TableMeta {
  organizationId: number;
  dealershipId: number;
  range: DateRange;
  reportPath: (campaignId: number) => string;
  moveTargets: Array<{ id: number; name: string }> | undefined;
}
const metaOf = (table: { options: { meta?: unknown } }) => table.options.meta as TableMeta;

/** Module-level columns: cells keep their identity across renders, so a row's toggle keeps its mutation. */
const columns = [
  columnHelper.display({
    id: 'campaign_status',
    header: 'Status',
    cell: ({ row }) => <CampaignStatusBadge statusName={row.original.vendor_campaign.status_name} />,
  }),
  columnHelper.display({ id: 'vendor', header: 'Vendor', cell: ({ row }) => vendorName(row.original.vendor_id) }),
  columnHelper.display({
    id: 'booking_month',
    header: 'Booking Month',
    cell: ({ row }) => formatMonth(row.original.vendor_campaign.start_date),
  }),
  columnHelper.display({
    id: 'name',
    header: 'Name',
    cell: ({ row, table }) => <CampaignName campaign={row.original} to={metaOf(table).reportPath(row.original._id)} />,
  }),
  columnHelper.display({
    id: 'import_status',
    header: 'Import status',
    cell: ({ row }) => <ImportStatusBadge status={row.original.status} reason={row.original.failure_reason} />,
  }),
  columnHelper.display({
    id: 'impressions',
    header: 'Impressions',
    cell: ({ row }) => formatInteger(row.original.campaign_stats[0]?.impressions ?? 0),
  }),
  columnHelper.display({
    id: 'clicks',
    header: 'Clicks',
    cell: ({ row }) => formatInteger(row.original.campaign_stats[0]?.clicks ?? 0),
  }),
  columnHelper.display({ id: 'ctr', header: 'CTR', cell: ({ row }) => formatPercent(row.original.ctr) }),
  columnHelper.display({
    id: 'actions',
    header: 'Actions',
    cell: ({ row, table }) => {
      const { organizationId, dealershipId, range, moveTargets } = metaOf(table);
      return (
        <Group gap="xs" wrap="nowrap">
          <StatusToggle
            campaign={row.original}
            organizationId={organizationId}
            dealershipId={dealershipId}
            range={range}
          />
          {moveTargets ? (
            <MoveCampaignButton
              campaign={row.original}
              organizationId={organizationId}
              dealershipId={dealershipId}
              targets={moveTargets}
            />
          ) : null}
        </Group>
      );
    },
  }),
];

/** The self-service campaigns list (spec 001 §2.10): table or grid, date filter, pause/play. */
export function SelfServiceCampaigns({
  organizationId,
  dealershipId,
  reportPath,
  emptyState,
  moveTargets,
}: SelfServiceCampaignsProps) {
  const [range, setRange] = useDateRangeParams();
  const [mode, setMode] = useLocalStorage<ViewMode>({
    key: 'portal.self-service.view',
    defaultValue: 'table',
    getInitialValueInEffect: false,
  });
  const exist = useSelfServiceCampaignsExist(organizationId, dealershipId);
  const list = useSelfServiceCampaigns({ organizationId, dealershipId, ...range });
  const rows = list.data?.data ?? [];
  const meta: TableMeta = { organizationId, dealershipId, range, reportPath, moveTargets };
  const toggle = (c: SelfServiceCampaign) => (
    <Group gap="xs" wrap="nowrap">
      <StatusToggle campaign={c} organizationId={organizationId} dealershipId={dealershipId} range={range} />
      {moveTargets ? (
        <MoveCampaignButton
          campaign={c}
          organizationId={organizationId}
          dealershipId={dealershipId}
          targets={moveTargets}
        />
      ) : null}
    </Group>
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 returns mutable helpers by design
  const table = useReactTable({
    data: rows,
    columns,
    meta,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row._id),
  });
  const numeric = new Set(['impressions', 'clicks', 'ctr']);

  if (exist.isPending) return <Skeleton height={240} />;
  if (exist.data === false) return <>{emptyState}</>;

  let content: ReactNode;
  if (list.isPending) content = <Skeleton height={240} />;
  else if (list.isError)
    content = (
      <ErrorState
        title="Campaigns could not be loaded"
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  else if (rows.length === 0)
    content = (
      <Text c="dimmed" ta="center" py="xl">
        No campaigns found
      </Text>
    );
  else if (mode === 'grid')
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {rows.map((c) => (
          <Card key={c._id} withBorder radius="md" data-testid="self-service-card">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <CampaignStatusBadge statusName={c.vendor_campaign.status_name} />
                <ImportStatusBadge status={c.status} reason={c.failure_reason} />
              </Group>
              <Text fw={600}>{displayName(c)}</Text>
              <Text size="sm" c="dimmed">
                {vendorName(c.vendor_id)} · {formatMonth(c.vendor_campaign.start_date)}
              </Text>
              <Group gap="lg">
                <Text size="sm">Impressions {formatInteger(c.campaign_stats[0]?.impressions ?? 0)}</Text>
                <Text size="sm">Clicks {formatInteger(c.campaign_stats[0]?.clicks ?? 0)}</Text>
                <Text size="sm">CTR {formatPercent(c.ctr)}</Text>
              </Group>
              <Group justify="space-between">
                <Button
                  component={Link}
                  to={reportPath(c._id)}
                  size="xs"
                  variant="light"
                  disabled={c.status === 'pending'}
                  aria-disabled={c.status === 'pending' || undefined}
                  onClick={(e) => c.status === 'pending' && e.preventDefault()}
                >
                  See campaign
                </Button>
                {toggle(c)}
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    );
  else
    content = (
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover aria-label="Self-service campaigns">
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => (
                  <Table.Th key={header.id} ta={numeric.has(header.id) ? 'right' : undefined}>
                    {flexRender(header.column.columnDef.header, header.getContext())}
                  </Table.Th>
                ))}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id} ta={numeric.has(cell.column.id) ? 'right' : undefined}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <DateRangeFilter value={range} onChange={setRange} />
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value as ViewMode)}
          aria-label="View"
          data={[
            { value: 'table', label: <IconTable size={16} aria-label="Table" /> },
            { value: 'grid', label: <IconLayoutGrid size={16} aria-label="Grid" /> },
          ]}
        />
      </Group>
      {content}
    </Stack>
  );
}
