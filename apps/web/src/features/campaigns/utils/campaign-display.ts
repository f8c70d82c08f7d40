import {
  formatCurrency,
  formatPercent,
  NOT_AVAILABLE,
  reportRouteSegment,
  type CampaignStatus,
  type ManagedCampaign,
  type DateRange,
} from '@portal/contracts';
import { formatClicksFor, hasClicks } from '@/lib/metrics';
import { paths } from '@/lib/paths';

export function statusLabel(status: CampaignStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function statusColor(status: CampaignStatus): 'green' | 'yellow' {
  return status === 'active' ? 'green' : 'yellow';
}

export function isPending(campaign: Pick<ManagedCampaign, 'campaign_status'>): boolean {
  return campaign.campaign_status === 'pending';
}

/** Clicks are not measured for Digital Out-of-Home (spec 000 §2.3). */
export function formatClicks(campaign: Pick<ManagedCampaign, 'product_code' | 'clicks'>): string {
  return formatClicksFor(campaign.product_code, campaign.clicks);
}

/** CTR, or 'N/A' where clicks are not measured (DOH: a CTR beside 'Clicks N/A' would mislead; issue 20 §2). */
export function formatCtr(campaign: Pick<ManagedCampaign, 'ctr' | 'product_code'>): string {
  return hasClicks(campaign.product_code) ? formatPercent(campaign.ctr) : NOT_AVAILABLE;
}

export function formatProduct(campaign: Pick<ManagedCampaign, 'product_name' | 'product_code'>): string {
  return `${campaign.product_name} (${campaign.product_code})`;
}

/** show_budget_type: null hides Budget; 1 shows demand_local_net; any other value shows budget. */
export type BudgetField = 'budget' | 'demand_local_net';

export function budgetField(showBudgetType: number | null): BudgetField | null {
  if (showBudgetType === null) return null;
  return showBudgetType === 1 ? 'demand_local_net' : 'budget';
}

export function formatBudget(campaign: ManagedCampaign, field: BudgetField): string {
  return formatCurrency(campaign[field]);
}

/** `../{product segment}/{id}/?startDate&endDate` from the list, as an absolute path. */
export function campaignReportHref(
  organizationId: number,
  dealershipId: number,
  campaign: Pick<ManagedCampaign, 'product_code' | 'client_campaign_id'>,
  range: DateRange,
): string {
  const query = new URLSearchParams({ startDate: range.startDate, endDate: range.endDate });
  return `${paths.campaignsRoot(organizationId, dealershipId)}/${reportRouteSegment(campaign.product_code)}/${
    campaign.client_campaign_id
  }/?${query.toString()}`;
}
