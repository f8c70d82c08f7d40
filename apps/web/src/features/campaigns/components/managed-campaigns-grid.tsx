import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  formatInteger,
  type CampaignTrust,
  type ManagedCampaign,
  formatDateRange,
  type DateRange,
} from '@portal/contracts';
import { FreshnessCell, PacingChip } from '@/components/ui/trust-signals';
import { formatClicks, formatCtr, formatProduct, isPending } from '../utils/campaign-display';
import { CampaignName } from './campaign-name';
import { CampaignStatusBadge } from './campaign-status-badge';
import classes from './managed-campaigns.module.css';

export interface ManagedCampaignsGridProps {
  campaigns: ManagedCampaign[];
  organizationId: number;
  dealershipId: number;
  range: DateRange;
  /** Freshness and pacing by campaign id (issue 21). */
  trust?: Map<number, CampaignTrust> | undefined;
}

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

/** The managed list as cards: 1, 2 or 3 columns by width (spec 000 §9: grid 3 columns). */
export function ManagedCampaignsGrid({
  campaigns,
  organizationId,
  dealershipId,
  range,
  trust,
}: ManagedCampaignsGridProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" role="list" aria-label="Managed campaigns">
      {campaigns.map((campaign) => (
        <Card
          key={campaign.client_campaign_id}
          withBorder={!isPending(campaign)}
          radius="md"
          padding="md"
          className={isPending(campaign) ? classes.pendingCard : classes.card}
          role="listitem"
          data-status={campaign.campaign_status}
        >
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <CampaignName
                campaign={campaign}
                organizationId={organizationId}
                dealershipId={dealershipId}
                range={range}
              />
              <CampaignStatusBadge status={campaign.campaign_status} />
            </Group>
            <Text size="sm" c="dimmed">
              {formatProduct(campaign)}
            </Text>
            <Text size="sm">{formatDateRange(campaign.start_date, campaign.end_date)}</Text>
            <Group grow gap="sm">
              <Metric label="Impressions" value={formatInteger(campaign.impressions)} />
              <Metric label="Clicks" value={formatClicks(campaign)} />
              <Metric label="CTR" value={formatCtr(campaign)} />
            </Group>
            {trust?.get(campaign.client_campaign_id) ? (
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <PacingChip pacing={trust.get(campaign.client_campaign_id)!.pacing} />
                <FreshnessCell freshness={trust.get(campaign.client_campaign_id)!.freshness} />
              </Group>
            ) : null}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
