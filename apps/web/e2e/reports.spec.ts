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
    await page.getByRole('button', { name: 'Export CSV of Vehicles' }).click();
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
    // The DYD campaign of dealership 101 has show_ad_previews on: the previews are in the PDF too.
    expect(text).toContain('Ad Previews');
  });
});

test.describe('spec’d report pages, section by section', () => {
  const range = (c: ListedCampaign) => `start_date=${c.start_date}&end_date=${c.end_date}`;
  const api = async <T>(page: Page, c: ListedCampaign & { dealership_id: number }, path: string) => {
    const response = await page.request.get(`/api/agencies/1/dealership/${c.dealership_id}${path}`);
    expect(response.status(), path).toBe(200);
    return (await response.json()) as T;
  };
  const card = (page: Page, label: string) => page.getByText(label, { exact: true }).first();

  test('DYD: cards, charts, conversions, highlights, calls with recordings, sites, vehicles, previews, ad-ready', async ({
    page,
  }) => {
    await apiLogin(page, 'agency@demo.test');
    const campaign = (await demoCampaigns(page)).get('dyd')!;
    expect(campaign.dealership_id).toBe(101);
    const metrics = await api<{
      ctr: number;
      booked_impressions: number;
      delivery: number;
      calls: number;
      sales: number;
    }>(page, campaign, `/campaigns/display/dyd/${campaign.client_campaign_id}/metrics?${range(campaign)}`);
    await page.goto(reportUrl(campaign));
    await expect(page.locator('[data-ad-ready="false"]')).toHaveCount(1);
    for (const label of ['CTR', 'Booked Impressions', 'Delivery', 'Attributed Sales'])
      await expect(card(page, label)).toBeVisible();
    await expect(page.getByText(`${metrics.ctr.toFixed(2)}%`).first()).toBeVisible();
    await expect(page.getByText(formatInteger(metrics.booked_impressions)).first()).toBeVisible();
    await expect(page.getByText(`${metrics.delivery.toFixed(1)}%`).first()).toBeVisible();
    if (metrics.calls > 0) await expect(card(page, 'Phone Calls')).toBeVisible();
    for (const heading of [
      'Impressions',
      'Clicks',
      'Conversions',
      'Key pages (top 5)',
      'UTM sources (top 5)',
      'CTR',
      'Phone Calls',
      'Top Performing Sites',
      'Vehicles',
      'Ad Previews',
    ]) {
      await expect(page.getByRole('heading', { name: heading, exact: true }).first(), heading).toBeVisible();
    }
    for (const label of ['Highest CTR', 'Most Clicked', 'Most Viewed'])
      await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    // The first page of calls (10) as the API counts them: the demo's calls follow the weekdays of the
    // days it was loaded for, so their number changes from one day to the next.
    const callPage = await api<{ data: Array<{ datetime: string }>; pagination: { total: number } }>(
      page,
      campaign,
      `/campaigns/search/${campaign.client_campaign_id}/calls?${range(campaign)}&pageIndex=0&pageSize=10`,
    );
    expect(callPage.pagination.total).toBeGreaterThan(0);
    const calls = page.getByRole('table', { name: 'Phone Calls' });
    await expect(calls.getByRole('row')).toHaveCount(Math.min(10, callPage.pagination.total) + 1);
    // The newest call's date and time in the dealership's zone (the zone of the range filter and the
    // CSV), whatever the browser's zone: MM/DD/YYYY h:mm AM.
    const dealership = await api<{ organization: { time_zone: string } }>(page, campaign, '');
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: dealership.organization.time_zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
      })
        .formatToParts(new Date(callPage.data[0]!.datetime))
        .map((part) => [part.type, part.value]),
    );
    await expect(calls.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText(
      `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod}`,
    );
    const audio = calls.locator('audio').first();
    const src = await audio.getAttribute('src');
    expect(src).toMatch(/\/api\/files\/recordings\/.+\.mp3\?expires=\d+&signature=/);
    const recording = await page.request.get(src!, { headers: { range: 'bytes=0-99' } });
    expect(recording.status()).toBe(206);
    expect(recording.headers()['content-type']).toBe('audio/mpeg');
    await expect(page.getByRole('table', { name: 'Vehicles' }).getByRole('row')).toHaveCount(11);
    const previews = page.getByRole('region', { name: 'Ad Previews' }).getByRole('img');
    expect(await previews.count()).toBeGreaterThan(0);
    expect(await previews.count()).toBeLessThanOrEqual(3);
    await expect(page.locator('[data-ad-ready="true"]')).toHaveCount(1, { timeout: 8000 });
  });

  test('FBD: cards, charts, top conversions and the top performing vehicles table', async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    const campaign = (await demoCampaigns(page)).get('fbd')!;
    const metrics = await api<{
      ctr: number;
      reach: number;
      frequency: number;
      sales: number;
      conversionsMetrics: unknown[] | null;
    }>(page, campaign, `/campaigns/display/dyn/${campaign.client_campaign_id}/metrics?${range(campaign)}`);
    await page.goto(reportUrl(campaign));
    for (const label of ['CTR', 'Reach', 'Frequency', 'Attributed Sales'])
      await expect(card(page, label)).toBeVisible();
    await expect(page.getByText(formatInteger(metrics.reach)).first()).toBeVisible();
    await expect(page.getByText(metrics.frequency.toFixed(2)).first()).toBeVisible();
    for (const heading of [
      'Impressions',
      'Interactions',
      'Impressions by placement',
      'Interaction demographics',
      'Impressions by DMA (top 5)',
      'CTR',
      'Top Performing Vehicles',
    ]) {
      await expect(page.getByRole('heading', { name: heading, exact: true }).first(), heading).toBeVisible();
    }
    await expect(page.getByRole('heading', { name: 'Top Conversions', exact: true })).toHaveCount(
      metrics.conversionsMetrics ? 1 : 0,
    );
    const table = page.getByRole('table', { name: 'Top Performing Vehicles' });
    await expect(table.getByRole('columnheader')).toHaveText([
      /Vehicle/,
      /VIN/,
      /Days on lot/,
      /Impressions/,
      /Interactions/,
      /CTR/,
    ]);
    const rows = await api<{ data: Array<{ vin_number: string }> }>(
      page,
      campaign,
      `/campaigns/fbd/${campaign.client_campaign_id}/vehicles?${range(campaign)}`,
    );
    await expect(table.getByRole('row').nth(1)).toContainText(rows.data[0]!.vin_number);
    await expect(table.getByRole('link').first()).toHaveAttribute(
      'href',
      /\/inventory\/vehicles\/[A-HJ-NPR-Z0-9]{17}(\?|$)/,
    );
  });

  test('audience: cards, charts and the audience size trend with its change badge', async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    const campaign = (await demoCampaigns(page)).get('audience')!;
    const metrics = await api<{
      overallMetrics: { impressions: number; clicks: number; ctr: number };
      audience: { size: number; change_percent: number };
    }>(page, campaign, `/campaigns/audiences/${campaign.client_campaign_id}/metrics?${range(campaign)}`);
    await page.goto(reportUrl(campaign));
    for (const label of ['Total Clicks', 'Total Impressions', 'CTR']) await expect(card(page, label)).toBeVisible();
    await expect(page.getByText(formatInteger(metrics.overallMetrics.clicks)).first()).toBeVisible();
    await expect(page.getByText(`${metrics.overallMetrics.ctr.toFixed(2)}%`).first()).toBeVisible();
    for (const heading of ['Clicks', 'Impressions', 'Audience size trend']) {
      await expect(page.getByRole('heading', { name: heading, exact: true }).first(), heading).toBeVisible();
    }
    const sign = metrics.audience.change_percent > 0 ? '+' : '';
    await expect(page.getByText(`${sign}${metrics.audience.change_percent.toFixed(1)}%`)).toBeVisible();
  });
});
