import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  csvExportQuerySchema,
  keywordsPageSchema,
  phoneCallsPageSchema,
  reportParamsSchema,
  reportTableQuerySchema,
} from '@portal/contracts';
import { csvFileName, csvPercent, formatDuration, formatUsLocalDate } from '../../../lib/csv';
import { countCalls, listCalls, type PhoneCallRecord } from '../../../plugins/app/campaign-reports/calls';
import { countKeywords, listKeywords } from '../../../plugins/app/campaign-reports/keywords';
import { inSlices } from '../../../plugins/app/campaign-reports/table';
import type { Storage } from '../../../plugins/external/storage';
import { loadCampaign, rangeOf, readPage, reportErrors, sendTableCsv } from './shared';

const tags = ['campaign-reports'];

/** Recording links handed to the browser are valid this long. */
export const RECORDING_URL_TTL_SECONDS = 15 * 60;

async function withRecordingUrls(storage: Storage, rows: PhoneCallRecord[]) {
  return Promise.all(
    rows.map(async ({ recordingKey, ...row }) => ({
      ...row,
      recording_url: recordingKey ? await storage.signedUrl(recordingKey, RECORDING_URL_TTL_SECONDS) : null,
    })),
  );
}

/** Phone calls and search keywords (spec 000 §2.7 phone calls table, search pages). */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `GET .../campaigns/search/{campaign_id}/calls?pageIndex&pageSize&sorting&filters&start_date&end_date`
   * → `{ data: [{ phone_call_vendor_id, phone_number (the caller), datetime (ISO 8601, UTC),
   * duration (seconds), recording_url }], pagination: { total } }`: calls whose dealership-local
   * day is in the range, datetime descending by default. `recording_url` is a signed storage URL
   * valid 15 minutes (null without a recording). Sort ids: phone_number, datetime, duration;
   * filter `phone_number` (digits or text contained).
   */
  app.get(
    '/campaigns/search/:campaign_id/calls',
    {
      schema: {
        tags,
        summary: 'Phone calls (paged) with signed recording URLs',
        params: reportParamsSchema,
        querystring: reportTableQuerySchema,
        response: { 200: phoneCallsPageSchema, ...reportErrors },
      },
    },
    async (request) => {
      const campaign = await loadCampaign(app.db, request.params);
      const params = { campaign, ...rangeOf(request.query), ...request.query };
      const page = await readPage(
        request.query,
        (slice) => listCalls(app.db, params, slice),
        () => countCalls(app.db, params),
      );
      return { ...page, data: await withRecordingUrls(app.storage, page.data) };
    },
  );

  /**
   * `GET .../campaigns/search/{campaign_id}/calls/csv?sorting&filters&start_date&end_date` →
   * text/csv: Caller, Date (MM/DD/YYYY, dealership local), Duration (m:ss); file
   * `{campaign}_PhoneCalls_{start}_{end}.csv`.
   */
  app.get(
    '/campaigns/search/:campaign_id/calls/csv',
    {
      schema: {
        tags,
        summary: 'Phone calls as CSV',
        params: reportParamsSchema,
        querystring: csvExportQuerySchema,
        response: reportErrors,
      },
    },
    async (request, reply) => {
      const campaign = await loadCampaign(app.db, request.params);
      const params = { campaign, ...rangeOf(request.query), ...request.query };
      return sendTableCsv(reply, {
        fileName: csvFileName(campaign.displayName, 'PhoneCalls', request.query.start_date, request.query.end_date),
        table: 'phoneCalls',
        slices: inSlices((slice) => listCalls(app.db, params, slice)),
        values: {
          phone_number: (row) => row.phone_number,
          datetime: (row) => formatUsLocalDate(row.datetime, campaign.timeZone),
          duration: (row) => formatDuration(row.duration),
        },
      });
    },
  );

  /**
   * `GET .../campaigns/search/{campaign_id}/keywords?pageIndex&pageSize&sorting&filters&start_date&end_date`
   * → `{ data: [{ keyword_id, keyword, impressions, clicks, ctr, impression_share, click_share }],
   * pagination: { total } }`: shares are the daily fractions averaged with impressions as weights,
   * as percents to two decimals (null when unknown). Default impressions descending; sort ids:
   * keyword, impressions, clicks, ctr, impression_share, click_share; filter `keyword` (text).
   */
  app.get(
    '/campaigns/search/:campaign_id/keywords',
    {
      schema: {
        tags,
        summary: 'Keyword performance (paged)',
        params: reportParamsSchema,
        querystring: reportTableQuerySchema,
        response: { 200: keywordsPageSchema, ...reportErrors },
      },
    },
    async (request) => {
      const campaign = await loadCampaign(app.db, request.params);
      const params = { campaignId: campaign.id, ...rangeOf(request.query), ...request.query };
      return readPage(
        request.query,
        (slice) => listKeywords(app.db, params, slice),
        () => countKeywords(app.db, params),
      );
    },
  );

  /**
   * `GET .../campaigns/search/{campaign_id}/keywords/csv?sorting&filters&start_date&end_date` →
   * text/csv: Keyword, Impressions, Clicks, CTR, Impression Share, Click Share (percents as
   * '45.20%'); file `{campaign}_Keywords_{start}_{end}.csv`.
   */
  app.get(
    '/campaigns/search/:campaign_id/keywords/csv',
    {
      schema: {
        tags,
        summary: 'Keyword performance as CSV',
        params: reportParamsSchema,
        querystring: csvExportQuerySchema,
        response: reportErrors,
      },
    },
    async (request, reply) => {
      const campaign = await loadCampaign(app.db, request.params);
      const params = { campaignId: campaign.id, ...rangeOf(request.query), ...request.query };
      return sendTableCsv(reply, {
        fileName: csvFileName(campaign.displayName, 'Keywords', request.query.start_date, request.query.end_date),
        table: 'keywords',
        slices: inSlices((slice) => listKeywords(app.db, params, slice)),
        values: {
          keyword: (row) => row.keyword,
          impressions: (row) => row.impressions,
          clicks: (row) => row.clicks,
          ctr: (row) => csvPercent(row.ctr),
          impression_share: (row) => csvPercent(row.impression_share),
          click_share: (row) => csvPercent(row.click_share),
        },
      });
    },
  );
};
export default searchRoutes;
