import type { RouteModule } from '../../route-module';
import { campaignReportOperations } from '@portal/contracts';
import { registerOperation } from '../../register';
import type { Db } from '../../../db/client';
import { csvPercent } from '../../../lib/csv';
import { notFound } from '../../../lib/errors';
import { getConversions } from '../../../repositories/campaign-reports/conversions';
import { countCreatives, listCreatives } from '../../../repositories/campaign-reports/creatives';
import { getDisplayMetrics } from '../../../repositories/campaign-reports/display';
import { countSites, getSiteSizes, listSites } from '../../../repositories/campaign-reports/sites';
import type { ReportCampaignRecord } from '../../../repositories/campaign-reports/campaign';
import { csvColumnsOf, loadCampaign, rangeOf, registerReportTable } from './shared';

type CreativeRecord = Awaited<ReturnType<typeof listCreatives>>[number];
type SiteRecord = Awaited<ReturnType<typeof listSites>>[number];

/** 404 'Site list is not enabled for this campaign' unless the campaign's show_site_list is on. */
function requireSiteList(campaign: ReportCampaignRecord) {
  if (!campaign.showSiteList) throw notFound('Site list is not enabled for this campaign');
}

/** The campaign if its show_site_list setting is on; else 404. */
async function loadSiteListCampaign(db: Db, params: { dealership_id: number; campaign_id: number }) {
  const campaign = await loadCampaign(db, params);
  requireSiteList(campaign);
  return campaign;
}

/** Dynamic inventory display report (spec 000 §2.7): cards, conversions, creatives, Top Performing Sites. */
const displayRoutes: RouteModule = async (app) => {
  /**
   * `GET .../campaigns/display/dyd/{campaign_id}/metrics?start_date&end_date` →
   * `{ client_campaign_display_name, show_roas, show_site_list, show_ad_previews, impressions,
   * clicks, ctr, booked_impressions, delivery, calls, sales, metrics }`: ctr percent to two
   * decimals, delivery = impressions ÷ booked impressions to one decimal, calls and sales summed
   * from the daily rows, daily points.
   */
  registerOperation(app, campaignReportOperations.getDisplayMetrics, async (request) => {
    const campaign = await loadCampaign(request.reportDb, request.params);
    return getDisplayMetrics(request.reportDb, { campaign, range: rangeOf(request.query) });
  });

  /**
   * `GET .../campaigns/display/{campaign_id}/metrics/conversions?start_date&end_date` →
   * `{ values, page_views, time_to_convert, time_to_convert_label, unique_site_visitors, key_pages,
   * utm_sources, utm_campaigns, roas }`: counts per tag; page views = tag 4; key pages = the other
   * key_site_action tags (top 5); time to convert = count-weighted average in days (two decimals)
   * with its label ('<1 day' below 1); UTM sources and campaigns top 5; roas = per day, orders
   * (counts of order/purchase tags) and monetary_value (dollars) — null unless show_roas.
   */
  registerOperation(app, campaignReportOperations.getConversions, async (request) => {
    const campaign = await loadCampaign(request.reportDb, request.params);
    return getConversions(request.reportDb, { campaign, range: rangeOf(request.query) });
  });

  /**
   * `GET .../campaigns/display/{campaign_id}/creatives?pageIndex&pageSize&sorting&filters&start_date&end_date`
   * → `{ data: [{ creative_id, creative_name, creative_size (WxH), image_url, impressions, clicks,
   * ctr }], pagination: { total } }`: every creative of the campaign with its delivery over the
   * range, impressions descending by default. Sort ids: creative_name, creative_size, impressions,
   * clicks, ctr; filters `creative_name` (text), `creative_size`. `GET .../creatives/csv` →
   * text/csv: Creative, Size, Impressions, Clicks, CTR; file `{campaign}_Creatives_{start}_{end}.csv`.
   */
  registerReportTable(app, {
    operations: { page: campaignReportOperations.listCreatives, csv: campaignReportOperations.listCreativesCsv },
    params: (campaign, query) => ({ campaignId: campaign.id, ...rangeOf(query), ...query }),
    list: listCreatives,
    count: countCreatives,
    csv: {
      fileLabel: 'Creatives',
      columns: () =>
        csvColumnsOf<'creatives', CreativeRecord>('creatives', {
          creative_name: (row) => row.creative_name,
          creative_size: (row) => row.creative_size,
          impressions: (row) => row.impressions,
          clicks: (row) => row.clicks,
          ctr: (row) => csvPercent(row.ctr),
        }),
    },
  });

  /**
   * `GET .../campaigns/display/{campaign_id}/site-list?pageIndex&pageSize&sorting&filters&start_date&end_date`
   * → `{ data: [{ SITE, AD_SIZES (distinct creative sizes, sorted), IMPRESSIONS }], pagination:
   * { total } }`, impressions descending by default. Sort ids: SITE, IMPRESSIONS; filter `SITE`
   * (text). `GET .../site-list/csv` → text/csv: Site, Ad Sizes (comma-separated), Impressions;
   * file `{campaign}_TopPerformingSites_{start}_{end}.csv`. Both 404 'Site list is not enabled for
   * this campaign' unless show_site_list.
   */
  registerReportTable(app, {
    operations: { page: campaignReportOperations.listSites, csv: campaignReportOperations.listSitesCsv },
    guard: requireSiteList,
    params: (campaign, query) => ({ campaignId: campaign.id, ...rangeOf(query), ...query }),
    list: listSites,
    count: countSites,
    csv: {
      fileLabel: 'TopPerformingSites',
      columns: () =>
        csvColumnsOf<'sites', SiteRecord>('sites', {
          SITE: (row) => row.SITE,
          AD_SIZES: (row) => row.AD_SIZES.join(', '),
          IMPRESSIONS: (row) => row.IMPRESSIONS,
        }),
    },
  });

  /**
   * `GET .../campaigns/display/{campaign_id}/site-list/creative-size?site&start_date&end_date` →
   * `{ data: [{ SIZE, IMPRESSIONS }] }` for one site (the expandable row), impressions descending.
   * 404 unless show_site_list.
   */
  registerOperation(app, campaignReportOperations.getSiteSizes, async (request) => {
    const campaign = await loadSiteListCampaign(request.reportDb, request.params);
    return {
      data: await getSiteSizes(request.reportDb, {
        campaignId: campaign.id,
        site: request.query.site,
        ...rangeOf(request.query),
      }),
    };
  });
};
export default displayRoutes;
