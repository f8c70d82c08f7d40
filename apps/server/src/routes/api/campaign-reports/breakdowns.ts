import type { RouteModule } from '../../route-module';
import { campaignReportOperations } from '@portal/contracts';
import { registerOperation } from '../../register';
import { getDemographics, getDmas, getPlacements } from '../../../repositories/campaign-reports/breakdowns';
import { getSocialMetrics } from '../../../repositories/campaign-reports/social';
import { loadCampaign, rangeOf } from './shared';

/** Delivery breakdowns (placement, age × gender, DMA) and the social dynamic report (spec 000 §2.6). */
const breakdownRoutes: RouteModule = async (app) => {
  /**
   * `GET .../campaigns/display/dyn/{campaign_id}/metrics?start_date&end_date` (spec 000 §2.6, FBD and
   * DYN) → `{ impressions, clicks, ctr, reach, frequency, sales, conversions, metrics, deviceMetrics,
   * demographicData, geoInsightsMetroData, conversionsMetrics }`: reach is the sum of daily reach;
   * frequency = impressions ÷ reach (two decimals); deviceMetrics = impressions per placement;
   * demographicData = female and male impressions per age group; geoInsightsMetroData = the top 5
   * DMAs by impressions; conversionsMetrics = conversions per type (tag name), most first, or null
   * unless the dealership's enable_facebook_campaign_conversions is on.
   */
  registerOperation(app, campaignReportOperations.getSocialMetrics, async (request) => {
    const campaign = await loadCampaign(request.reportDb, request.params);
    return getSocialMetrics(request.reportDb, { campaign, range: rangeOf(request.query) });
  });

  /** `GET .../campaigns/{campaign_id}/placements?start_date&end_date` → `{ data: [{ placement, impressions, clicks }] }`, impressions descending. */
  registerOperation(app, campaignReportOperations.getPlacements, async (request) => {
    const campaign = await loadCampaign(request.reportDb, request.params);
    return { data: await getPlacements(request.reportDb, { campaignId: campaign.id, range: rangeOf(request.query) }) };
  });

  /**
   * `GET .../campaigns/{campaign_id}/demographics?start_date&end_date` →
   * `{ data: [{ age, female, male, female_clicks, male_clicks }] }` per age group (ascending);
   * impressions and clicks (interactions); gender `unknown` is left out.
   */
  registerOperation(app, campaignReportOperations.getDemographics, async (request) => {
    const campaign = await loadCampaign(request.reportDb, request.params);
    return {
      data: await getDemographics(request.reportDb, { campaignId: campaign.id, range: rangeOf(request.query) }),
    };
  });

  /**
   * `GET .../campaigns/{campaign_id}/dmas?start_date&end_date` → `{ data: [{ dma_code, dma,
   * impressions, clicks, ctr }] }`: every DMA with delivery, its name from the DMA table ('DMA
   * {code}' when unknown), impressions descending then DMA code.
   */
  registerOperation(app, campaignReportOperations.getDmas, async (request) => {
    const campaign = await loadCampaign(request.reportDb, request.params);
    return { data: await getDmas(request.reportDb, { campaignId: campaign.id, range: rangeOf(request.query) }) };
  });
};
export default breakdownRoutes;
