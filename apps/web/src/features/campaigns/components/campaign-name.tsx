import { Anchor, Stack, Text } from '@mantine/core';
import { type ManagedCampaign, type DateRange } from '@portal/contracts';
import { Link } from 'react-router';
import { campaignReportHref, isPending } from '../utils/campaign-display';

export interface CampaignNameProps {
  campaign: ManagedCampaign;
  organizationId: number;
  dealershipId: number;
  range: DateRange;
}

/** A link to the campaign's report; pending campaigns cannot be opened and say so. */
export function CampaignName({ campaign, organizationId, dealershipId, range }: CampaignNameProps) {
  if (isPending(campaign)) {
    return (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {campaign.client_campaign_display_name}
        </Text>
        <Text size="xs" c="var(--mantine-color-yellow-text)">
          Campaign not started yet
        </Text>
      </Stack>
    );
  }
  return (
    <Anchor component={Link} to={campaignReportHref(organizationId, dealershipId, campaign, range)} size="sm" fw={600}>
      {campaign.client_campaign_display_name}
    </Anchor>
  );
}
