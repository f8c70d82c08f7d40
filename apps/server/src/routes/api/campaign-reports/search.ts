import type { RouteModule } from '../../route-module';
import { campaignReportOperations } from '@portal/contracts';
import { csvPercent, formatDuration, formatUsLocalDateTime } from '../../../lib/csv';
import { countCalls, listCalls, type PhoneCallRecord } from '../../../repositories/campaign-reports/calls';
import { countKeywords, listKeywords } from '../../../repositories/campaign-reports/keywords';
import type { Storage } from '../../../lib/storage';
import { csvColumnsOf, rangeOf, registerReportTable } from './shared';

type KeywordRecord = Awaited<ReturnType<typeof listKeywords>>[number];

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
const searchRoutes: RouteModule = async (app) => {
  /**
   * `GET .../campaigns/search/{campaign_id}/calls?pageIndex&pageSize&sorting&filters&start_date&end_date`
   * → `{ data: [{ phone_call_vendor_id, phone_number (the caller), datetime (ISO 8601, UTC),
   * duration (seconds), recording_url }], pagination: { total } }`: calls whose dealership-local
   * day is in the range, datetime descending by default. `recording_url` is a signed storage URL
   * valid at least 15 minutes (null without a recording): signed for the UTC half hour of the
   * request and valid until 15 minutes after it ends, so the page is kept (response cache). Sort ids: phone_number, datetime, duration;
   * filter `phone_number` (digits or text contained).
   * `GET .../calls/csv?sorting&filters&start_date&end_date` → text/csv: Caller, Date (MM/DD/YYYY h:mm AM/PM,
   * dealership local, as on the page; issue 20 §3), Duration (m:ss); file `{campaign}_PhoneCalls_{start}_{end}.csv`.
   */
  registerReportTable(app, {
    operations: { page: campaignReportOperations.listPhoneCalls, csv: campaignReportOperations.listPhoneCallsCsv },
    params: (campaign, query) => ({ campaign, ...rangeOf(query), ...query }),
    list: listCalls,
    count: countCalls,
    present: (records) => withRecordingUrls(app.storage, records),
    csv: {
      fileLabel: 'PhoneCalls',
      columns: (campaign) =>
        csvColumnsOf<'phoneCalls', PhoneCallRecord>('phoneCalls', {
          phone_number: (row) => row.phone_number,
          datetime: (row) => formatUsLocalDateTime(row.datetime, campaign.timeZone),
          duration: (row) => formatDuration(row.duration),
        }),
    },
  });

  /**
   * `GET .../campaigns/search/{campaign_id}/keywords?pageIndex&pageSize&sorting&filters&start_date&end_date`
   * → `{ data: [{ keyword_id, keyword, impressions, clicks, ctr, impression_share, click_share }],
   * pagination: { total } }`: shares are the daily fractions averaged with impressions as weights,
   * as percents to two decimals (null when unknown). Default impressions descending; sort ids:
   * keyword, impressions, clicks, ctr, impression_share, click_share; filter `keyword` (text).
   * `GET .../keywords/csv` → text/csv: Keyword, Impressions, Clicks, CTR, Impression Share, Click
   * Share (percents as '45.20%'); file `{campaign}_Keywords_{start}_{end}.csv`.
   */
  registerReportTable(app, {
    operations: { page: campaignReportOperations.listKeywords, csv: campaignReportOperations.listKeywordsCsv },
    params: (campaign, query) => ({ campaignId: campaign.id, ...rangeOf(query), ...query }),
    list: listKeywords,
    count: countKeywords,
    csv: {
      fileLabel: 'Keywords',
      columns: () =>
        csvColumnsOf<'keywords', KeywordRecord>('keywords', {
          keyword: (row) => row.keyword,
          impressions: (row) => row.impressions,
          clicks: (row) => row.clicks,
          ctr: (row) => csvPercent(row.ctr),
          impression_share: (row) => csvPercent(row.impression_share),
          click_share: (row) => csvPercent(row.click_share),
        }),
    },
  });
};
export default searchRoutes;
