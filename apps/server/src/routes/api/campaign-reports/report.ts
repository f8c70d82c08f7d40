import type { RouteModule } from '../../route-module';
import { campaignReportOperations } from '@portal/contracts';
import { registerOperation } from '../../register';
import { getCampaignReport, prorateBudget } from '../../../repositories/campaign-reports/report';
import { loadCampaign, rangeOf } from './shared';

/** The report header, totals and daily rows every report page starts from, and the budget card. */
const reportRoutes: RouteModule = async (app) => {
  /**
   * `GET .../campaigns/{campaign_id}/report?start_date&end_date` (spec 000 §2.2, §9) →
   * `{ campaign, range, totals, daily, sections }`: the campaign header (family from the product
   * catalog, the dealership's enable_facebook_campaign_conversions), totals over the range (counts;
   * spend in dollars; ctr, vtr and completion_N percents to two decimals; delivery to one decimal;
   * frequency = impressions ÷ reach; null = N/A), daily rows, and the rows each breakdown has in the
   * range (`sections`). 404 'Campaign not found' unless the campaign is the dealership's.
   */
  registerOperation(app, campaignReportOperations.getCampaignReport, async (request) => {
    const campaign = await loadCampaign(request.reportDb, request.params);
    return getCampaignReport(request.reportDb, { campaign, range: rangeOf(request.query) });
  });

  /**
   * `GET .../campaigns/{campaign_id}/budget?start_date&end_date` (spec 000 §3, §7) →
   * `{ gross_revenue, demand_local_net }` in dollars: the flight's budget and net prorated by the
   * days of the range inside the flight ÷ the flight's days, rounded to cents; null when unset.
   */
  registerOperation(app, campaignReportOperations.getBudget, async (request) => {
    const campaign = await loadCampaign(request.reportDb, request.params);
    return prorateBudget(campaign, rangeOf(request.query));
  });
};
export default reportRoutes;
