import { Button, Card, Group, Loader, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { type SortingItem } from '@portal/contracts';
import { IconHistory, IconLayoutGrid, IconTable } from '@tabler/icons-react';
import { useCallback, useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DateRangeFilter } from '@/components/ui/date-range-filter';
import { ErrorState } from '@/components/ui/error-state';
import { PlainTable, PlainTbody, PlainTd, PlainTr } from '@/components/ui/plain-table';
import { SegmentedRadioGroup } from '@/components/ui/segmented-radio-group';
import { useDateRangeParams } from '@/hooks/use-date-range-params';
import { paths } from '@/lib/paths';
import { useCampaignTrust } from '../api/list-campaign-trust';
import { useManagedCampaigns } from '../api/list-managed-campaigns';
import { useViewMode, type ViewMode } from '../hooks/use-view-mode';
import { parseSortingParam, serializeSorting } from '../utils/sorting';
import { CampaignsSummaryCards } from './campaigns-summary-cards';
import { ManagedCampaignsGrid } from './managed-campaigns-grid';
import { ManagedCampaignsTable } from './managed-campaigns-table';

export interface ManagedCampaignsProps {
  organizationId: number;
  dealershipId: number;
  /** The organization's show_budget_type: null hides the Budget column. */
  showBudgetType: number | null;
  /** Whether a sold-report customer source exists ('View Last Months Campaigns'). */
  hasSoldReportSource: boolean;
  /** Shown when the dealership has no managed campaigns at all (the source chooser). */
  emptyState?: ReactNode;
}

function ListSkeleton({ mode }: { mode: ViewMode }) {
  if (mode === 'grid') {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-hidden>
        {Array.from({ length: 6 }, (_, index) => (
          <Card key={index} withBorder radius="md">
            <Skeleton height={16} width="70%" />
            <Skeleton height={12} mt="sm" width="50%" />
            <Skeleton height={12} mt="sm" width="40%" />
            <Skeleton height={32} mt="md" />
          </Card>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <PlainTable aria-hidden>
      <PlainTbody>
        {Array.from({ length: 6 }, (_, index) => (
          <PlainTr key={index}>
            {Array.from({ length: 7 }, (__, cell) => (
              <PlainTd key={cell}>
                <Skeleton height={14} />
              </PlainTd>
            ))}
          </PlainTr>
        ))}
      </PlainTbody>
    </PlainTable>
  );
}

/** The managed campaigns list of a dealership (spec 000 §2.3). */
export function ManagedCampaigns({
  organizationId,
  dealershipId,
  showBudgetType,
  hasSoldReportSource,
  emptyState,
}: ManagedCampaignsProps) {
  const [range, setRange] = useDateRangeParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const sortingParam = searchParams.get('sorting');
  const sorting = useMemo(() => parseSortingParam(sortingParam), [sortingParam]);
  const [viewMode, setViewMode] = useViewMode();

  const setSorting = useCallback(
    (next: SortingItem[]) => {
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        const value = serializeSorting(next);
        if (value) params.set('sorting', value);
        else params.delete('sorting');
        return params;
      });
    },
    [setSearchParams],
  );

  const campaignsQuery = useManagedCampaigns({ organizationId, dealershipId, ...range, sorting });
  const campaigns = campaignsQuery.data?.data ?? [];
  // Freshness and pacing come from their own call (not cached with the list: pacing moves with the day).
  const trust = useCampaignTrust({ organizationId, dealershipId }).data;
  // The list has no filters (spec 000 §2.3 lists none) and the date range only sets the window
  // metrics are summed over, so an empty answer means the dealership has no campaigns at all.
  const dealershipHasNoCampaigns = campaignsQuery.isSuccess && campaignsQuery.data.pagination.total === 0;

  let content: ReactNode;
  if (campaignsQuery.isPending) {
    content = <ListSkeleton mode={viewMode} />;
  } else if (campaignsQuery.isError) {
    content = (
      <ErrorState
        title="Campaigns could not be loaded"
        error={campaignsQuery.error}
        onRetry={() => void campaignsQuery.refetch()}
        retrying={campaignsQuery.isFetching}
      />
    );
  } else if (dealershipHasNoCampaigns && emptyState) {
    content = emptyState;
  } else if (campaigns.length === 0) {
    content = (
      <Text c="dimmed" ta="center" py="xl">
        No campaigns found
      </Text>
    );
  } else if (viewMode === 'grid') {
    content = (
      <ManagedCampaignsGrid
        campaigns={campaigns}
        organizationId={organizationId}
        dealershipId={dealershipId}
        range={range}
        trust={trust}
      />
    );
  } else {
    content = (
      <ManagedCampaignsTable
        campaigns={campaigns}
        organizationId={organizationId}
        dealershipId={dealershipId}
        showBudgetType={showBudgetType}
        range={range}
        sorting={sorting}
        onSortingChange={setSorting}
        trust={trust}
      />
    );
  }

  return (
    <Stack gap="lg">
      <CampaignsSummaryCards organizationId={organizationId} dealershipId={dealershipId} />
      <Group justify="space-between" align="flex-end" gap="md">
        <Group align="flex-end" gap="sm">
          <DateRangeFilter value={range} onChange={setRange} />
          {campaignsQuery.isFetching && !campaignsQuery.isPending ? (
            <Loader size="sm" mb={8} aria-label="Updating campaigns" />
          ) : null}
        </Group>
        <Group gap="sm">
          {hasSoldReportSource ? (
            <Button
              component={Link}
              to={`${paths.campaigns(organizationId, dealershipId, 'breakdown')}?dateFilter=3_month`}
              variant="light"
              leftSection={<IconHistory size={16} aria-hidden />}
            >
              View Last Months Campaigns
            </Button>
          ) : null}
          <SegmentedRadioGroup<ViewMode>
            aria-label="View"
            value={viewMode}
            onChange={setViewMode}
            data={[
              {
                value: 'table',
                label: (
                  <Group gap={6} wrap="nowrap" justify="center">
                    <IconTable size={16} aria-hidden />
                    <span>Table</span>
                  </Group>
                ),
              },
              {
                value: 'grid',
                label: (
                  <Group gap={6} wrap="nowrap" justify="center">
                    <IconLayoutGrid size={16} aria-hidden />
                    <span>Grid</span>
                  </Group>
                ),
              },
            ]}
          />
        </Group>
      </Group>
      <div aria-busy={campaignsQuery.isFetching || undefined}>{content}</div>
    </Stack>
  );
}
