import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, csrfHeaders, expectAccessible, screenshotDir } from './fixtures';

// Issue 18 item 3: the agency administrator assigns the accounts of the agency's Google Ads
// connection to dealerships on the Linked Platforms page; the dealership user's import flow then
// lists only the account assigned to their dealership; the administrator moves a campaign away.
test.describe.configure({ mode: 'serial' });

const DEALERSHIP = '/dashboard/agency/1/dealership/101';
const ASSIGNED = 'Sandbox Search — Outdoor Gear (1000000001)';
const UNASSIGNED = 'Sandbox Search — Trail Running (1000000002)';

/** Connects the Google Ads sandbox through its consent page unless another test already did. */
async function connectGoogleAds(page: Page) {
  await page.goto(`${DEALERSHIP}/accounts`);
  const card = page.getByLabel('Google Ads', { exact: true });
  await expect(card.getByText(/^(Connected|Not connected)$/)).toBeVisible();
  if ((await card.getByText('Not connected', { exact: true }).count()) === 0) return;
  await page.getByRole('button', { name: 'Connect Google Ads' }).click();
  await expect(page.getByRole('heading', { name: 'Google Ads sandbox' })).toBeVisible();
  await page.getByRole('link', { name: 'Allow' }).click();
  await expect(page.getByText('Google Ads is connected. You can import its campaigns now.')).toBeVisible();
}

// The browser tests share one server: leave the agency without a Google Ads connection, as the demo
// starts, so later specs (self-service.spec.ts) meet the portal as a new agency does.
test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await apiLogin(page, 'agency@demo.test');
  const response = await page.request.post('/api/agencies/1/dsp/platforms/1/disconnect', {
    headers: await csrfHeaders(page),
    data: {},
  });
  expect(response.ok()).toBe(true);
  await page.close();
});

test('the agency administrator assigns each account of the connection to dealerships', async ({ page }) => {
  await apiLogin(page, 'agency@demo.test');
  await connectGoogleAds(page);
  const access = page.getByRole('group', { name: 'Dealership access to Google Ads accounts' });
  await expect(access.getByRole('combobox', { name: ASSIGNED })).toBeVisible();
  await expect(access.getByRole('combobox', { name: UNASSIGNED })).toBeVisible();
  await access.getByRole('combobox', { name: ASSIGNED }).click();
  await page.getByRole('option', { name: 'EchoPark Automotive Greenville' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Dealership access of Sandbox Search — Outdoor Gear saved')).toBeVisible();
  await expect(access.getByText('EchoPark Automotive Greenville')).toBeVisible();

  // The server keeps it: 101 for the first account, none for the second.
  const saved = await page.request.get('/api/agencies/1/dsp/platforms/1/account-assignments');
  expect(
    ((await saved.json()) as { data: Array<{ dealership_ids: number[] }> }).data.map((a) => a.dealership_ids),
  ).toEqual([[101], []]);
  await page.reload();
  await expect(
    page
      .getByRole('group', { name: 'Dealership access to Google Ads accounts' })
      .getByText('EchoPark Automotive Greenville'),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'linked platforms with dealership access');
  await page.screenshot({ path: path.join(screenshotDir, 'platform-scope-assignments.png'), fullPage: true });
});

test('a dealership user’s import flow lists only the account assigned to the dealership', async ({ page }) => {
  await apiLogin(page, 'dealer@demo.test');
  await page.goto(`${DEALERSHIP}/accounts`);
  await expect(page.getByText('Contact the agency administrator to connect an account')).toBeVisible();
  await expect(page.getByRole('group', { name: /Dealership access/ })).toHaveCount(0);

  await page.goto(`${DEALERSHIP}/campaigns/self-service/list/create/import`);
  const dialog = page.getByRole('dialog', { name: 'Import Campaigns' });
  await expect(dialog.getByRole('button', { name: 'Google Ads' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Google Ads' }).click();
  const form = page.getByRole('dialog', { name: 'Google Ads import' });
  await form.getByRole('combobox', { name: 'Account' }).click();
  await expect(page.getByRole('option', { name: ASSIGNED })).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.screenshot({ path: path.join(screenshotDir, 'platform-scope-dealer-import.png'), fullPage: true });
});

test('the agency administrator moves an imported campaign to another dealership', async ({ page }) => {
  await apiLogin(page, 'agency@demo.test');
  const imported = await page.request.post('/api/agencies/1/dealership/101/campaigns/self-service/import', {
    headers: await csrfHeaders(page),
    data: {
      vendor_id: 1,
      agency_id: 1,
      account_name: 'Sandbox Search — Trail Running',
      campaign_ids: ['20000008'],
      customer_account_id: '1000000002',
      login_customer_id: '9000000001',
    },
  });
  expect(imported.status()).toBe(200);
  await page.goto(`${DEALERSHIP}/campaigns/self-service/list`);
  const table = page.getByRole('table', { name: 'Self-service campaigns' });
  const row = table.getByRole('row').filter({ hasText: 'Search keyword group 8' });
  await row.getByRole('button', { name: 'Move Search keyword group 8' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Search keyword group 8' });
  await dialog.getByRole('combobox', { name: 'Dealership' }).click();
  const target = page.getByRole('option').first();
  const targetName = (await target.textContent()) ?? '';
  expect(targetName).not.toBe('EchoPark Automotive Greenville');
  await target.click();
  await page.screenshot({ path: path.join(screenshotDir, 'platform-scope-move.png'), fullPage: true });
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText(`Search keyword group 8 moved to ${targetName}`)).toBeVisible();
  await expect(table.getByText('Search keyword group 8')).toHaveCount(0);
});
