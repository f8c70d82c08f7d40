import { Button, Group, Title } from '@mantine/core';
import { IconFileAnalytics, IconPlus } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths, type CampaignTab } from '@/lib/paths';
import { recordCreateCampaignEvent } from '../api/record-event';
import { CampaignsTabs } from './campaigns-tabs';

export interface CampaignsHeaderProps {
  organizationId: number;
  dealershipId: number;
  activeTab: CampaignTab;
}

/** 'Campaigns' title, the three tabs and the tab's top-right action (spec 000 §2.1). */
export function CampaignsHeader({ organizationId, dealershipId, activeTab }: CampaignsHeaderProps) {
  const location = useLocation();
  const tabPath = paths.campaigns(organizationId, dealershipId, activeTab);
  // The modal opens over the tab as it is (same date range and sorting) and closes back to it.
  const createTo = { pathname: `${tabPath}/create`, search: location.search };

  return (
    <>
      <Group justify="space-between" align="center" gap="md" mb="md">
        <Title order={1} size="h2">
          Campaigns
        </Title>
        {activeTab === 'breakdown' ? (
          <Button component={Link} to={createTo} leftSection={<IconFileAnalytics size={18} aria-hidden />}>
            Generate Custom Report
          </Button>
        ) : (
          <Button
            component={Link}
            to={createTo}
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => recordCreateCampaignEvent(organizationId, dealershipId, activeTab)}
          >
            Create or Import Campaign
          </Button>
        )}
      </Group>
      <CampaignsTabs organizationId={organizationId} dealershipId={dealershipId} activeTab={activeTab} />
    </>
  );
}
