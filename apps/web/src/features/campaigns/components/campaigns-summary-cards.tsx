import { SimpleGrid } from '@mantine/core';
import { formatInteger, formatDateRange } from '@portal/contracts';
import { ErrorState } from '@/components/ui/error-state';
import { StatCard } from '@/components/ui/stat-card';
import { useCampaignsSummary } from '../api/get-campaigns-summary';

export interface CampaignsSummaryCardsProps {
  organizationId: number;
  dealershipId: number;
}

/** Active campaigns, and their impressions and clicks, month to date (spec 000 §2.3, §9). */
export function CampaignsSummaryCards({ organizationId, dealershipId }: CampaignsSummaryCardsProps) {
  const summaryQuery = useCampaignsSummary(organizationId, dealershipId);

  if (summaryQuery.isError) {
    return (
      <ErrorState
        title="Month-to-date summary unavailable"
        error={summaryQuery.error}
        onRetry={() => void summaryQuery.refetch()}
        retrying={summaryQuery.isFetching}
      />
    );
  }

  const summary = summaryQuery.data;
  const description = summary
    ? `Month to date · ${formatDateRange(summary.start_date, summary.end_date)}`
    : 'Month to date';

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <StatCard
        label="Active Campaigns"
        value={summary ? formatInteger(summary.active_campaigns) : null}
        description={description}
        loading={summaryQuery.isPending}
      />
      <StatCard
        label="Impressions"
        value={summary ? formatInteger(summary.impressions) : null}
        description={description}
        loading={summaryQuery.isPending}
      />
      <StatCard
        label="Clicks"
        value={summary ? formatInteger(summary.clicks) : null}
        description={description}
        loading={summaryQuery.isPending}
      />
    </SimpleGrid>
  );
}
