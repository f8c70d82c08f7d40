import type { RouteModule } from '../../route-module';
import { campaignReportOperations, type CampaignStatus } from '@portal/contracts';
import { registerOperation } from '../../register';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { getAudienceMetrics } from '../../../repositories/campaign-reports/audiences';
import { loadCampaign, rangeOf } from './shared';

/** The campaign, if it is the dealership's and of campaign_type audience; else 404. */
async function loadAudienceCampaign(db: Db, params: { dealership_id: number; campaign_id: number }) {
  const campaign = await loadCampaign(db, params);
  if (campaign.campaignType !== 'audience') throw notFound('Not an audience campaign');
  return campaign;
}

/** Audience campaign report (spec 000 §2.5, §7). */
const audienceRoutes: RouteModule = async (app) => {
  /**
   * `GET .../campaigns/audiences/{campaign_id}` → `{ client_campaign_id, vendor_campaign_name,
   * client_campaign_display_name, campaign_status, start_date, end_date }`. 404 unless the campaign
   * is the dealership's and its campaign_type is audience.
   */
  registerOperation(app, campaignReportOperations.getAudienceCampaign, async (request) => {
    const campaign = await loadAudienceCampaign(request.reportDb, request.params);
    return {
      client_campaign_id: campaign.id,
      vendor_campaign_name: campaign.vendorCampaignName,
      client_campaign_display_name: campaign.displayName,
      campaign_status: campaign.campaignStatus as CampaignStatus,
      start_date: campaign.startDate,
      end_date: campaign.endDate,
    };
  });

  /**
   * `GET .../campaigns/audiences/{campaign_id}/metrics?start_date&end_date` →
   * `{ overallMetrics: { impressions, clicks, ctr }, metrics: [{ date, impressions, clicks, ctr }],
   * audience: { trends: [{ date, customersSize }], size, change_percent } }` (ctr percent to two
   * decimals; change_percent last vs first size in the range, one decimal). 404 unless audience.
   */
  registerOperation(app, campaignReportOperations.getAudienceMetrics, async (request) => {
    const campaign = await loadAudienceCampaign(request.reportDb, request.params);
    return getAudienceMetrics(request.reportDb, { campaign, range: rangeOf(request.query) });
  });
};
export default audienceRoutes;
