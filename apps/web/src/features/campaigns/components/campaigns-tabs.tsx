import { UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { paths, type CampaignTab } from '@/lib/paths';
import classes from './campaigns-tabs.module.css';

const tabs: { tab: CampaignTab; label: string }[] = [
  { tab: 'list', label: 'Managed Campaigns' },
  { tab: 'self-service/list', label: 'Self Service Campaigns' },
  { tab: 'breakdown', label: 'Month over Month' },
];

export interface CampaignsTabsProps {
  organizationId: number;
  dealershipId: number;
  activeTab: CampaignTab;
}

/** The section's tabs as links: the URL is the state; the current one has aria-current="page". */
export function CampaignsTabs({ organizationId, dealershipId, activeTab }: CampaignsTabsProps) {
  return (
    <nav aria-label="Campaign views" className={classes.nav}>
      {tabs.map(({ tab, label }) => (
        <UnstyledButton
          key={tab}
          component={Link}
          to={paths.campaigns(organizationId, dealershipId, tab)}
          className={classes.tab}
          data-active={tab === activeTab || undefined}
          aria-current={tab === activeTab ? 'page' : undefined}
        >
          {label}
        </UnstyledButton>
      ))}
    </nav>
  );
}
