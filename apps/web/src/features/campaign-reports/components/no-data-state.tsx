import { EmptyState } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';
import { type CampaignReport } from '@portal/contracts';

/** Whether the range has any delivery at all: a figure or a breakdown row. */
export function hasDelivery(report: CampaignReport): boolean {
  const { totals, sections } = report;
  if (totals.impressions > 0 || totals.clicks > 0 || totals.views > 0) return true;
  if (totals.calls > 0 || totals.leads > 0 || totals.conversions > 0) return true;
  return Object.values(sections).some((count) => count > 0);
}

/** A page whose range has no delivery at all. */
export function NoDataState() {
  return (
    <EmptyState py="xl" icon={<IconChartBarOff size={32} aria-hidden />} withIndicatorBackground role="status">
      <EmptyState.Title order={2}>No data for this date range</EmptyState.Title>
      <EmptyState.Description>Choose another date range to see this campaign's results.</EmptyState.Description>
    </EmptyState>
  );
}
