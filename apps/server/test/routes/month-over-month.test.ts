import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOverMonthColumns, monthOverMonthResponseSchema, type MonthOverMonthResponse } from '@portal/contracts';
import { build, login, readDemoFile, type TestContext, authHeaders } from '../helper';

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await build();
  cookie = await login(t.app, 'agency@demo.test');
});
afterAll(() => t.close());

const base = (dealershipId: number) => `/api/agencies/1/dealership/${dealershipId}/campaigns`;

/** Sums of the ingested daily rows of a campaign over inclusive days, independent of the server's SQL. */
function expectedSums(campaignId: number, startDate: string, endDate: string) {
  const rows = readDemoFile('campaign_daily_metrics').filter(
    (r) => Number(r.client_campaign_id) === campaignId && r.date! >= startDate && r.date! <= endDate,
  );
  const sum = (column: string) => rows.reduce((total, r) => total + Number(r[column] || 0), 0);
  return {
    impressions: sum('impressions'),
    clicks: sum('clicks'),
    views: sum('views'),
    calls: sum('calls'),
    leads: sum('leads'),
    sales: sum('sales'),
  };
}

describe('GET .../campaigns/month-over-month', () => {
  const dealerships = readDemoFile('dealerships');
  const campaigns = readDemoFile('campaigns');

  it.each([
    ['3_month', '2026-09-01'],
    ['6_month', '2026-06-01'],
  ])(
    '%s: one table per campaign of the window, one row per flight month, sums as in the files',
    async (filter, windowStart) => {
      let rowsChecked = 0;
      for (const dealership of dealerships.slice(0, 6)) {
        const id = Number(dealership.id);
        const response = await t.app.inject({
          method: 'GET',
          url: `${base(id)}/month-over-month?dateFilter=${filter}`,
          headers: authHeaders(cookie),
        });
        expect(response.statusCode).toBe(200);
        const body: MonthOverMonthResponse = monthOverMonthResponseSchema.parse(response.json());
        expect(body).toMatchObject({ dateFilter: filter, startDate: windowStart, endDate: '2026-11-15' });
        expect(body.has_sales_source).toBe(dealership.has_sold_report_source === '1');
        const expectedIds = campaigns
          .filter((c) => Number(c.dealership_id) === id && c.start_date! <= '2026-11-15' && c.end_date! >= windowStart)
          .map((c) => Number(c.client_campaign_id))
          .sort((a, b) => a - b);
        expect(body.campaigns.map((c) => c.id).sort((a, b) => a - b)).toEqual(expectedIds);
        for (const campaign of body.campaigns) {
          const source = campaigns.find((c) => Number(c.client_campaign_id) === campaign.id)!;
          expect(campaign.columns).toEqual(monthOverMonthColumns(source.product_code!));
          const first = source.start_date! > windowStart ? source.start_date! : windowStart;
          const last = source.end_date! < '2026-11-15' ? source.end_date! : '2026-11-15';
          expect(campaign.rows[0]!.start_date).toBe(first);
          expect(campaign.rows.at(-1)!.end_date).toBe(last);
          for (const row of campaign.rows) {
            expect(row.start_date.slice(0, 7)).toBe(row.month);
            expect(row.end_date.slice(0, 7)).toBe(row.month);
            const sums = expectedSums(campaign.id, row.start_date, row.end_date);
            expect(row).toMatchObject({
              impressions: sums.impressions,
              clicks: sums.clicks,
              views: sums.views,
              calls: sums.calls,
              leads: sums.leads,
              sales: body.has_sales_source ? sums.sales : null,
            });
            expect(row.ctr).toBe(
              sums.impressions === 0 ? null : Math.round((sums.clicks / sums.impressions) * 10_000) / 100,
            );
            // Demo agency: show_budget_type 2 → the budget, prorated by the flight's days in the row.
            expect(row.budget).not.toBeNull();
            rowsChecked += 1;
          }
        }
      }
      expect(rowsChecked).toBeGreaterThan(5);
    },
  );

  it('falls back to 3 months on a bad dateFilter', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${base(101)}/month-over-month?dateFilter=12_month`,
      headers: authHeaders(cookie),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().dateFilter).toBe('3_month');
  });

  it('the PDF is named {dealership}_{period label}_campaigns.pdf and lists the campaigns', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${base(101)}/month-over-month.pdf?dateFilter=6_month`,
      headers: authHeaders(cookie),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const name = dealerships.find((d) => d.id === '101')!.name!;
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${name.replace(/[^\w\- .()]+/g, '_')}_Last 6 months_campaigns.pdf"`,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
