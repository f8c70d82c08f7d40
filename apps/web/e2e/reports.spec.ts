import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, formatInteger, screenshotDir } from './fixtures';

interface ListedCampaign {
  client_campaign_id: number;
  client_campaign_display_name: string;
  campaign_status: string;
  product_code: string;
  start_date: string;
  end_date: string;
  impressions: number;
}

const ALL_CODES = [
  'audience',
  'fbd',
  'dyn',
  'dyd',
  'ott',
  'ctv',
  'vid',
  'mvd',
  'trv',
  'dsl',
  'fdl',
  'vla',
  'mva',
  'dsp',
  'doh',
  'mob',
  'inv',
  'miv',
  'sem',
  'mse',
  'azd',
  'lkn',
  'fds',
  'aud',
  'dsc',
  'fml',
  'azv',
  'pmx',
  'mpx',
  'avp',
  'lop',
  'tik',
  'tti',
  'nat',
  'lbp',
  'evt',
];

/** One demo campaign with delivery per product code, found through the API as a user would. */
async function demoCampaigns(page: Page) {
  const dealerships = (await (await page.request.get('/api/agencies/1/dealerships')).json()).data as Array<{
    id: number;
  }>;
  const byCode = new Map<string, ListedCampaign & { dealership_id: number }>();
  for (const dealership of dealerships) {
    const response = await page.request.get(
      `/api/agencies/1/dealership/${dealership.id}/campaigns?startDate=2025-01-01&endDate=2027-12-31&pageSize=1000`,
    );
    for (const campaign of (await response.json()).data as ListedCampaign[]) {
      const code = campaign.product_code.toLowerCase();
      const current = byCode.get(code);
      if (campaign.impressions > 0 && (!current || (current.dealership_id !== 101 && dealership.id === 101))) {
        byCode.set(code, { ...campaign, dealership_id: dealership.id });
      }
    }
  }
  return byCode;
}

function reportUrl(campaign: ListedCampaign & { dealership_id: number }) {
  const code = campaign.product_code.toLowerCase();
  return `/dashboard/agency/1/dealership/${campaign.dealership_id}/campaigns/${code}/${campaign.client_campaign_id}/?startDate=${campaign.start_date}&endDate=${campaign.end_date}`;
}

async function reportTotals(page: Page, campaign: ListedCampaign & { dealership_id: number }) {
  const response = await page.request.get(
    `/api/agencies/1/dealership/${campaign.dealership_id}/campaigns/${campaign.client_campaign_id}/report?start_date=${campaign.start_date}&end_date=${campaign.end_date}`,
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as { totals: { impressions: number; clicks: number; ctr: number | null } };
}

test.describe('campaign reports', () => {
  test('every report route opens its demo campaign and shows its numbers', async ({ page }) => {
    test.setTimeout(300_000);
    await apiLogin(page, 'agency@demo.test');
    const campaigns = await demoCampaigns(page);
    expect([...campaigns.keys()].sort()).toEqual([...ALL_CODES].sort());
    const shotFamilies = new Set(['audience', 'fbd', 'dyd', 'ott', 'sem', 'doh', 'evt', 'aud', 'dsl', 'dsp', 'lop']);
    for (const code of ALL_CODES) {
      const campaign = campaigns.get(code)!;
      const report = await reportTotals(page, campaign);
      await page.goto(reportUrl(campaign));
      await expect(page.getByRole('heading', { name: campaign.client_campaign_display_name })).toBeVisible();
      await expect(
        page.getByText(formatInteger(report.totals.impressions)).first(),
        `${code} impressions`,
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Export as PDF' })).toBeVisible();
      if (shotFamilies.has(code)) {
        await page.waitForTimeout(500);
        await page.screenshot({ path: `${screenshotDir}/report-${code}.png`, fullPage: true });
      }
    }
  });

  test('a vehicle link opens the vehicle page with its results', async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    const campaign = (await demoCampaigns(page)).get('dyd')!;
    await page.goto(reportUrl(campaign));
    const vehicles = page.getByRole('table', { name: 'Vehicles' });
    const link = vehicles.getByRole('link').first();
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/inventory\/vehicles\/[A-HJ-NPR-Z0-9]{17}/);
    await expect(page.getByText(campaign.client_campaign_display_name).first()).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/vehicle-page.png`, fullPage: true });
  });

  test('a CSV export holds the whole sorted set the API serves', async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    const campaign = (await demoCampaigns(page)).get('dyd')!;
    await page.goto(reportUrl(campaign));
    const base = `/api/agencies/1/dealership/${campaign.dealership_id}/campaigns/dyd/${campaign.client_campaign_id}/vehicles`;
    const query = `start_date=${campaign.start_date}&end_date=${campaign.end_date}`;
    const api = (await (await page.request.get(`${base}?${query}&pageSize=100`)).json()) as {
      data: Array<{ vin_number: string; impressions: number }>;
      pagination: { total: number };
    };
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Vehicles as CSV' }).click();
    await expect(page.getByText('Downloaded table!')).toBeVisible();
    const file = await (await download).path();
    const lines = fs.readFileSync(file!, 'utf8').trim().split(/\r?\n/);
    expect(lines.length - 1).toBe(api.pagination.total);
    const header = lines[0]!.split(',');
    const vinColumn = header.indexOf('VIN');
    expect(vinColumn).toBeGreaterThanOrEqual(0);
    const csvVins = lines.slice(1, 11).map((line) => line.match(/[A-HJ-NPR-Z0-9]{17}/)?.[0]);
    expect(csvVins).toEqual(api.data.slice(0, 10).map((row) => row.vin_number));
  });

  test('the PDF export downloads a report that names the campaign and its totals', async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    const campaign = (await demoCampaigns(page)).get('dyd')!;
    const report = await reportTotals(page, campaign);
    await page.goto(reportUrl(campaign));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export as PDF' }).click();
    await expect(page.getByText('Report generated successfully')).toBeVisible();
    const file = await (await download).path();
    const text = execFileSync('pdftotext', ['-layout', file!, '-']).toString();
    expect(text).toContain(campaign.client_campaign_display_name);
    expect(text).toContain(formatInteger(report.totals.impressions));
  });
});
