import { expect, test, type Page } from '@playwright/test';
import { apiLogin, csrfHeaders, expectAccessible } from './fixtures';

/**
 * Sales attribution and inventory insights in a real browser (issue 22 §2–§3, docs/attribution.md):
 * staff load a day of exposure for a VIN of the demo's DYD campaign of dealership 101 and a sale of
 * that VIN five days later (POST /api/admin/ingest, as staff load data); the DYD report's
 * "Attributed Sales" card names the rule and opens the matched sale with its evidence; the
 * Inventory insights page and the agency's attribution settings are scanned by axe-core.
 */

const VIN = '1ATTRE2E000000001';

interface ListedCampaign {
  client_campaign_id: number;
  product_code: string;
  start_date: string;
  end_date: string;
  impressions: number;
}

async function dydCampaign(page: Page): Promise<ListedCampaign> {
  const response = await page.request.get(
    '/api/agencies/1/dealership/101/campaigns?startDate=2025-01-01&endDate=2027-12-31&pageSize=1000',
  );
  expect(response.status()).toBe(200);
  const campaigns = (await response.json()).data as ListedCampaign[];
  return campaigns.find((c) => c.product_code === 'DYD' && c.impressions > 0)!;
}

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function ingest(page: Page, name: string, csv: string) {
  return page.request.post('/api/admin/ingest', {
    headers: await csrfHeaders(page),
    multipart: { [name]: { name: `${name}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
}

test('attributed sales on the DYD report, their evidence, the insights and the settings pages', async ({ page }) => {
  await apiLogin(page, 'staff@demo.test');
  const campaign = await dydCampaign(page);
  const exposureDay = addDays(campaign.start_date, 2);
  const soldDay = addDays(exposureDay, 5);
  const exposure = await ingest(
    page,
    'campaign_vehicles',
    `client_campaign_id,date,vin,impressions,clicks\n${campaign.client_campaign_id},${exposureDay},${VIN},40,2\n`,
  );
  expect(exposure.status(), await exposure.text()).toBe(200);
  const sale = await ingest(
    page,
    'vehicle_sales',
    `dealership_id,vin,sold_date,deal_type,sale_price,front_gross,back_gross\n101,${VIN},${soldDay},used,28500,1800,650\n`,
  );
  // The vehicle_sales ingestion entity is issue 22 §1 (built on its own branch): until it is merged,
  // the sales part waits for it and only the pages are checked.
  const hasSales = sale.status() === 200;
  // Only a missing entity may skip it: any other refusal (columns, values) fails here.
  if (!hasSales) expect(await sale.text()).toContain('Unknown file');

  if (hasSales) {
    await page.goto(
      `/dashboard/agency/1/dealership/101/campaigns/dyd/${campaign.client_campaign_id}/?startDate=${campaign.start_date}&endDate=${campaign.end_date}`,
    );
    const card = page.getByRole('group', { name: 'Attributed Sales' });
    await expect(card).toContainText('Last touch, 30-day window');
    await card.getByRole('link', { name: 'Show the matched sales' }).click();
    await expect(page).toHaveURL(/attributed=1/);
    const drawer = page.getByRole('dialog', { name: 'Matched sales' });
    const row = drawer.getByRole('row', { name: new RegExp(VIN) });
    await expect(row).toContainText(soldDay);
    await expect(row).toContainText(exposureDay);
    await expectAccessible(page, 'matched sales');
    // The URL is shareable: opened afresh, the drawer is open.
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Matched sales' })).toBeVisible();
  }

  await page.goto('/dashboard/agency/1/dealership/101/inventory');
  await page.getByRole('link', { name: 'Inventory insights' }).click();
  await expect(page).toHaveURL(/\/dealership\/101\/inventory\/insights$/);
  await expect(page.getByRole('heading', { name: 'Inventory insights' })).toBeVisible();
  for (const section of ['Aged vehicles', 'Advertised after leaving the feed', 'Not shown for 7 days', 'Sold vehicles'])
    await expect(page.getByRole('region', { name: new RegExp(section) })).toBeVisible();
  await expectAccessible(page, 'inventory insights');

  await page.goto('/dashboard/agency/1/branding');
  await page.getByRole('link', { name: 'Sales attribution settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/agency\/1\/attribution$/);
  await expect(page.getByRole('heading', { name: 'Sales attribution' })).toBeVisible();
  await expect(page.getByLabel('Attribution window (days)')).toHaveValue('30');
  await expectAccessible(page, 'attribution settings');
});
