import type { RouteModule } from '../../route-module';
import { campaignOperations, localDate, monthStart } from '@portal/contracts';
import { registerOperation } from '../../register';
import { notFound } from '../../../lib/errors';
import { getCampaignsSummary, getManagedCampaign, listManagedCampaigns } from '../../../repositories/campaigns';
import { getOrganization } from '../../../repositories/dealerships';

/**
 * Managed campaigns of a dealership (spec 000 §2.3, §7). Every route runs `requireTenant` before
 * any query: the session must own the organization and dealership of the path, else 404.
 */
const campaignRoutes: RouteModule = async (app, options) => {
  /**
   * `GET .../campaigns?pageIndex&pageSize&sorting&filters&startDate&endDate` → `{ data, pagination: { total } }`.
   * Metrics (impressions, clicks, views) are summed over the inclusive date range; `ctr` is a
   * percent to two decimals or null; money in dollars. Sort ids of `managedCampaignSortColumns`,
   * filter ids of `managedCampaignFilterColumns`; any other id (`__proto__` included) → 400
   * VALIDATION_FAILED (issue 18).
   */
  registerOperation(app, campaignOperations.listManagedCampaigns, async (request) => {
    const { data, total } = await listManagedCampaigns(request.reportDb, {
      dealershipId: request.params.dealership_id,
      ...request.query,
    });
    return { data, pagination: { total } };
  });

  /** `GET .../campaigns/summary` → month-to-date active campaigns, impressions and clicks (organization's time zone). */
  registerOperation(app, campaignOperations.getCampaignsSummary, async (request) => {
    const organization = await getOrganization(request.reportDb, { organizationId: request.params.organization_id });
    const today = localDate(options.clock(), organization?.timeZone ?? 'America/Chicago');
    return getCampaignsSummary(request.reportDb, {
      dealershipId: request.params.dealership_id,
      monthStart: monthStart(today),
      today,
    });
  });

  /** `GET .../campaigns/{campaign_id}?startDate&endDate` → the campaign, its totals and daily rows over the range; 404 if not the dealership's. */
  registerOperation(app, campaignOperations.getManagedCampaign, async (request) => {
    const campaign = await getManagedCampaign(request.reportDb, {
      dealershipId: request.params.dealership_id,
      campaignId: request.params.campaign_id,
      ...request.query,
    });
    if (!campaign) throw notFound('Campaign not found');
    return campaign;
  });
};
export default campaignRoutes;
