import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversionsResponseSchema,
  creativesPageSchema,
  csvExportQuerySchema,
  displayMetricsSchema,
  reportParamsSchema,
  reportRangeQuerySchema,
  reportTableQuerySchema,
  siteListPageSchema,
  siteSizesQuerySchema,
  siteSizesResponseSchema,
} from '@portal/contracts';
import type { Db } from '../../../db/client';
import { csvFileName, csvPercent } from '../../../lib/csv';
import { notFound } from '../../../lib/errors';
import { getConversions } from '../../../plugins/app/campaign-reports/conversions';
import { countCreatives, listCreatives } from '../../../plugins/app/campaign-reports/creatives';
import { getDisplayMetrics } from '../../../plugins/app/campaign-reports/display';
import { countSites, getSiteSizes, listSites } from '../../../plugins/app/campaign-reports/sites';
import { inSlices } from '../../../plugins/app/campaign-reports/table';
import { loadCampaign, rangeOf, readPage, reportErrors, sendTableCsv } from './shared';

const tags = ['campaign-reports'];

/** The campaign if its show_site_list setting is on; else 404 'Site list is not enabled for this campaign'. */
async function loadSiteListCampaign(db: Db, params: { dealership_id: number; campaign_id: number }) {
  const campaign = await loadCampaign(db, params);
  if (!campaign.showSiteList) throw notFound('Site list is not enabled for this campaign');
  return campaign;
}

/** Dynamic inventory display report (spec 000 §2.7): cards, conversions, creatives, Top Performing Sites. */
const displayRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `GET .../campaigns/display/dyd/{campaign_id}/metrics?start_date&end_date` →
   * `{ client_campaign_display_name, show_roas, show_site_list, show_ad_previews, impressions,
   * clicks, ctr, booked_impressions, delivery, calls, sales, metrics }`: ctr percent to two
   * decimals, delivery = impressions ÷ booked impressions to one decimal, calls and sales summed
   * from the daily rows, daily points.
   */
  app.get(
    '/campaigns/display/dyd/:campaign_id/metrics',
    {
      schema: {
        tags,
        summary: 'Dynamic inventory display cards and daily points',
        params: reportParamsSchema,
        querystring: reportRangeQuerySchema,
        response: { 200: displayMetricsSchema, ...reportErrors },
      },
    },
    async (request) => {
      const campaign = await loadCampaign(app.db, request.params);
      return getDisplayMetrics(app.db, campaign, rangeOf(request.query));
    },
  );

  /**
   * `GET .../campaigns/display/{campaign_id}/metrics/conversions?start_date&end_date` →
   * `{ values, page_views, time_to_convert, time_to_convert_label, unique_site_visitors, key_pages,
   * utm_sources, utm_campaigns, roas }`: counts per tag; page views = tag 4; key pages = the other
   * key_site_action tags (top 5); time to convert = count-weighted average in days (two decimals)
   * with its label ('<1 day' below 1); UTM sources and campaigns top 5; roas = per day, orders
   * (counts of order/purchase tags) and monetary_value (dollars) — null unless show_roas.
   */
  app.get(
    '/campaigns/display/:campaign_id/metrics/conversions',
    {
      schema: {
        tags,
        summary: 'Conversion data (page views, key pages, UTMs, ROAS)',
        params: reportParamsSchema,
        querystring: reportRangeQuerySchema,
        response: { 200: conversionsResponseSchema, ...reportErrors },
      },
    },
    async (request) => {
      const campaign = await loadCampaign(app.db, request.params);
      return getConversions(app.db, campaign, rangeOf(request.query));
    },
  );

  /**
   * `GET .../campaigns/display/{campaign_id}/creatives?pageIndex&pageSize&sorting&filters&start_date&end_date`
   * → `{ data: [{ creative_id, creative_name, creative_size (WxH), image_url, impressions, clicks,
   * ctr }], pagination: { total } }`: every creative of the campaign with its delivery over the
   * range, impressions descending by default. Sort ids: creative_name, creative_size, impressions,
   * clicks, ctr; filters `creative_name` (text), `creative_size`.
   */
  app.get(
    '/campaigns/display/:campaign_id/creatives',
    {
      schema: {
        tags,
        summary: 'Creatives with delivery (paged)',
        params: reportParamsSchema,
        querystring: reportTableQuerySchema,
        response: { 200: creativesPageSchema, ...reportErrors },
      },
    },
    async (request) => {
      const campaign = await loadCampaign(app.db, request.params);
      const params = { campaignId: campaign.id, ...rangeOf(request.query), ...request.query };
      return readPage(
        request.query,
        (slice) => listCreatives(app.db, params, slice),
        () => countCreatives(app.db, params),
      );
    },
  );

  /**
   * `GET .../campaigns/display/{campaign_id}/creatives/csv?sorting&filters&start_date&end_date` →
   * text/csv: Creative, Size, Impressions, Clicks, CTR; file `{campaign}_Creatives_{start}_{end}.csv`.
   */
  app.get(
    '/campaigns/display/:campaign_id/creatives/csv',
    {
      schema: {
        tags,
        summary: 'Creatives as CSV',
        params: reportParamsSchema,
        querystring: csvExportQuerySchema,
        response: reportErrors,
      },
    },
    async (request, reply) => {
      const campaign = await loadCampaign(app.db, request.params);
      const params = { campaignId: campaign.id, ...rangeOf(request.query), ...request.query };
      return sendTableCsv(reply, {
        fileName: csvFileName(campaign.displayName, 'Creatives', request.query.start_date, request.query.end_date),
        table: 'creatives',
        slices: inSlices((slice) => listCreatives(app.db, params, slice)),
        values: {
          creative_name: (row) => row.creative_name,
          creative_size: (row) => row.creative_size,
          impressions: (row) => row.impressions,
          clicks: (row) => row.clicks,
          ctr: (row) => csvPercent(row.ctr),
        },
      });
    },
  );

  /**
   * `GET .../campaigns/display/{campaign_id}/site-list?pageIndex&pageSize&sorting&filters&start_date&end_date`
   * → `{ data: [{ SITE, AD_SIZES (distinct creative sizes, sorted), IMPRESSIONS }], pagination:
   * { total } }`, impressions descending by default. Sort ids: SITE, IMPRESSIONS; filter `SITE`
   * (text). 404 'Site list is not enabled for this campaign' unless show_site_list.
   */
  app.get(
    '/campaigns/display/:campaign_id/site-list',
    {
      schema: {
        tags,
        summary: 'Top Performing Sites (paged)',
        params: reportParamsSchema,
        querystring: reportTableQuerySchema,
        response: { 200: siteListPageSchema, ...reportErrors },
      },
    },
    async (request) => {
      const campaign = await loadSiteListCampaign(app.db, request.params);
      const params = { campaignId: campaign.id, ...rangeOf(request.query), ...request.query };
      return readPage(
        request.query,
        (slice) => listSites(app.db, params, slice),
        () => countSites(app.db, params),
      );
    },
  );

  /**
   * `GET .../campaigns/display/{campaign_id}/site-list/csv?sorting&filters&start_date&end_date` →
   * text/csv: Site, Ad Sizes (comma-separated), Impressions; file
   * `{campaign}_TopPerformingSites_{start}_{end}.csv`. 404 unless show_site_list.
   */
  app.get(
    '/campaigns/display/:campaign_id/site-list/csv',
    {
      schema: {
        tags,
        summary: 'Top Performing Sites as CSV',
        params: reportParamsSchema,
        querystring: csvExportQuerySchema,
        response: reportErrors,
      },
    },
    async (request, reply) => {
      const campaign = await loadSiteListCampaign(app.db, request.params);
      const params = { campaignId: campaign.id, ...rangeOf(request.query), ...request.query };
      return sendTableCsv(reply, {
        fileName: csvFileName(
          campaign.displayName,
          'TopPerformingSites',
          request.query.start_date,
          request.query.end_date,
        ),
        table: 'sites',
        slices: inSlices((slice) => listSites(app.db, params, slice)),
        values: {
          SITE: (row) => row.SITE,
          AD_SIZES: (row) => row.AD_SIZES.join(', '),
          IMPRESSIONS: (row) => row.IMPRESSIONS,
        },
      });
    },
  );

  /**
   * `GET .../campaigns/display/{campaign_id}/site-list/creative-size?site&start_date&end_date` →
   * `{ data: [{ SIZE, IMPRESSIONS }] }` for one site (the expandable row), impressions descending.
   * 404 unless show_site_list.
   */
  app.get(
    '/campaigns/display/:campaign_id/site-list/creative-size',
    {
      schema: {
        tags,
        summary: 'Impressions per creative size of one site',
        params: reportParamsSchema,
        querystring: siteSizesQuerySchema,
        response: { 200: siteSizesResponseSchema, ...reportErrors },
      },
    },
    async (request) => {
      const campaign = await loadSiteListCampaign(app.db, request.params);
      return {
        data: await getSiteSizes(app.db, {
          campaignId: campaign.id,
          site: request.query.site,
          ...rangeOf(request.query),
        }),
      };
    },
  );
};
export default displayRoutes;
