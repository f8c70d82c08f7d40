import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInteger } from '@portal/contracts';
import { reportPdfFileName } from '../../src/routes/api/exports/campaign-report-pdf';
import { build, login, readDemoFile, type TestContext, authHeaders } from '../helper';

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await build();
  cookie = await login(t.app, 'agency@demo.test');
});
afterAll(() => t.close());

/** The PDF's text as poppler's pdftotext reads it. */
function pdfText(pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `report-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-']).toString();
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** A demo campaign of a product with delivery in its flight, and its totals from the ingested files. */
function demoCampaign(productCode: string) {
  const metrics = readDemoFile('campaign_daily_metrics');
  const campaign = readDemoFile('campaigns').find(
    (c) => c.product_code === productCode && metrics.some((m) => m.client_campaign_id === c.client_campaign_id),
  )!;
  const rows = metrics.filter(
    (m) =>
      m.client_campaign_id === campaign.client_campaign_id &&
      m.date! >= campaign.start_date! &&
      m.date! <= campaign.end_date!,
  );
  const impressions = rows.reduce((sum, r) => sum + Number(r.impressions), 0);
  const clicks = rows.reduce((sum, r) => sum + Number(r.clicks), 0);
  return { campaign, impressions, clicks };
}

describe('GET .../campaigns/{campaign_id}/report.pdf', () => {
  it.each(['DYD', 'FBD', 'AUDIENCE', 'SEM', 'OTT'])(
    'renders the %s report with the campaign name and its totals',
    async (code) => {
      const { campaign, impressions, clicks } = demoCampaign(code);
      const url = `/api/agencies/1/dealership/${campaign.dealership_id}/campaigns/${campaign.client_campaign_id}/report.pdf?start_date=${campaign.start_date}&end_date=${campaign.end_date}`;
      const response = await t.app.inject({ method: 'GET', url, headers: authHeaders(cookie) });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${reportPdfFileName(campaign.client_campaign_display_name!, campaign.start_date!, campaign.end_date!)}"`,
      );
      expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain(campaign.client_campaign_display_name);
      expect(text).toContain(`Impressions ${formatInteger(impressions)}`);
      expect(text).toContain(`Clicks ${formatInteger(clicks)}`);
    },
  );

  it('shows the attributed sales under the agency’s rule on the card, as the API serves them (issue 22 §2)', async () => {
    // A social or DYD campaign of a demo rooftop with sales data and at least one attributed sale.
    const campaigns = readDemoFile('campaigns');
    let found: { campaign: (typeof campaigns)[number]; sales: number } | null = null;
    for (const campaign of campaigns.filter((c) => c.campaign_type === 'social' || c.product_code === 'DYD')) {
      const summary = await t.app.inject({
        method: 'GET',
        url: `/api/agencies/1/dealership/${campaign.dealership_id}/attribution?startDate=${campaign.start_date}&endDate=${campaign.end_date}`,
        headers: authHeaders(cookie),
      });
      if (summary.statusCode !== 200) continue;
      const body = summary.json() as {
        has_sales: boolean;
        campaigns: Array<{ campaign_id: number; attributed_sales: number }>;
      };
      const sales =
        body.campaigns.find((c) => c.campaign_id === Number(campaign.client_campaign_id))?.attributed_sales ?? 0;
      if (body.has_sales && Number.isInteger(sales) && sales > 0) {
        found = { campaign, sales };
        break;
      }
    }
    expect(found, 'a demo campaign with attributed sales').not.toBeNull();
    const { campaign, sales } = found!;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/agencies/1/dealership/${campaign.dealership_id}/campaigns/${campaign.client_campaign_id}/report.pdf?start_date=${campaign.start_date}&end_date=${campaign.end_date}`,
      headers: authHeaders(cookie),
    });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload).replace(/\s+/g, ' ');
    // The cards print their labels in a row above their values: the figure is followed by the rule.
    expect(text).toContain('ATTRIBUTED SALES');
    expect(text).toMatch(new RegExp(` ${formatInteger(sales)} Last touch, 30-day window`));
  });

  it('refuses a bad range and another dealership’s campaign', async () => {
    const { campaign } = demoCampaign('DYD');
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/agencies/1/dealership/${campaign.dealership_id}/campaigns/${campaign.client_campaign_id}/report.pdf?start_date=2026-11-10&end_date=2026-11-01`,
      headers: authHeaders(cookie),
    });
    expect(bad.statusCode).toBe(400);
    const otherDealership = campaign.dealership_id === '101' ? 102 : 101;
    const crossed = await t.app.inject({
      method: 'GET',
      url: `/api/agencies/1/dealership/${otherDealership}/campaigns/${campaign.client_campaign_id}/report.pdf?start_date=${campaign.start_date}&end_date=${campaign.end_date}`,
      headers: authHeaders(cookie),
    });
    expect(crossed.statusCode).toBe(404);
  });
});
