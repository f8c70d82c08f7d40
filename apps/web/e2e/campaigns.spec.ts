import { expect, test } from '@playwright/test';
import { apiCampaigns, apiLogin, formatInteger, listUrl, screenshotDir } from './fixtures';

test.describe('managed campaign list', () => {
  test('shows the real campaigns of the dealership with the API’s numbers', async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    await page.goto(listUrl(1, 101, '?startDate=2026-01-01&endDate=2026-11-30'));
    const campaigns = await apiCampaigns(page, 101, '2026-01-01', '2026-11-30');
    expect(campaigns.length).toBeGreaterThan(3);
    const table = page.getByRole('table');
    for (const campaign of campaigns) {
      const row = table.getByRole('row').filter({ hasText: campaign.client_campaign_display_name });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(formatInteger(campaign.impressions));
      if (campaign.product_code !== 'DOH') await expect(row).toContainText(formatInteger(campaign.clicks));
    }
    await expect(page.getByText('Active Campaigns')).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/managed-list-table.png`, fullPage: true });
  });

  test('the grid/table choice survives a reload', async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    await page.goto(listUrl(1, 102));
    await expect(page.getByRole('table')).toBeVisible();
    await page.getByText('Grid', { exact: true }).click();
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /.+/ }).filter({ hasText: ' - ' }).first()).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/managed-list-grid.png`, fullPage: true });
    await page.getByText('Table', { exact: true }).click();
    await page.reload();
    await expect(page.getByRole('table')).toBeVisible();
  });

  test('changing the dates updates the URL and the numbers', async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    await page.goto(listUrl(1, 101, '?startDate=2026-01-01&endDate=2026-11-30'));
    const before = await apiCampaigns(page, 101, '2026-01-01', '2026-11-30');
    const withDelivery = before.find((c) => c.impressions > 0)!;
    const row = () =>
      page.getByRole('table').getByRole('row').filter({ hasText: withDelivery.client_campaign_display_name });
    await expect(row()).toContainText(formatInteger(withDelivery.impressions));

    await page.getByLabel('Date range').click();
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect(page).not.toHaveURL(/startDate=2026-01-01/);
    const url = new URL(page.url());
    const startDate = url.searchParams.get('startDate')!;
    const endDate = url.searchParams.get('endDate')!;
    expect(startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const after = await apiCampaigns(page, 101, startDate, endDate);
    const sameCampaign = after.find((c) => c.client_campaign_id === withDelivery.client_campaign_id)!;
    expect(sameCampaign.impressions).not.toBe(withDelivery.impressions);
    await expect(row()).toContainText(formatInteger(sameCampaign.impressions));
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`startDate=${startDate}`));
  });

  test('a pending campaign is plain text with its hint; an active one links to its report route', async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    await page.goto(listUrl(1, 101, '?startDate=2026-10-01&endDate=2026-11-30'));
    const campaigns = await apiCampaigns(page, 101, '2026-10-01', '2026-11-30');
    const pending = campaigns.find((c) => c.campaign_status === 'pending')!;
    const active = campaigns.find((c) => c.campaign_status === 'active')!;
    const pendingRow = page.getByRole('row').filter({ hasText: pending.client_campaign_display_name });
    await expect(pendingRow).toContainText('Campaign not started yet');
    await expect(pendingRow.getByRole('link', { name: pending.client_campaign_display_name })).toHaveCount(0);

    await page.getByRole('link', { name: active.client_campaign_display_name }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `/campaigns/${active.product_code.toLowerCase()}/${active.client_campaign_id}/\\?startDate=2026-10-01&endDate=2026-11-30`,
      ),
    );
    await expect(page.getByText(active.client_campaign_display_name).first()).toBeVisible();
    await expect(page.getByText(formatInteger(active.impressions)).first()).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/campaign-report.png`, fullPage: true });
  });

  test('Create or Import Campaign records the analytics event and opens the source chooser', async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    await page.goto(listUrl(1, 101));
    const event = page.waitForResponse((r) => r.url().endsWith('/analytics/events') && r.request().method() === 'POST');
    await page.getByRole('link', { name: /Create or Import Campaign/ }).click();
    expect((await event).status()).toBe(204);
    await expect(page).toHaveURL(/\/campaigns\/list\/create/);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Campaign source')).toBeVisible();
    const continueButton = dialog.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();
    await dialog.getByText('Create campaigns').click();
    await expect(continueButton).toBeEnabled();
    await page.screenshot({ path: `${screenshotDir}/campaign-source.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/campaigns\/list(\?|$)/);
  });

  test('unknown campaign paths redirect to the list, and the other tabs show their empty states', async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    await page.goto('/dashboard/agency/1/dealership/101/campaigns/no-such-page');
    await expect(page).toHaveURL(/\/campaigns\/list/);
    await page.goto('/dashboard/agency/1/dealership/101/campaigns/self-service/list');
    await expect(page.getByText('Import your self service campaigns')).toBeVisible();
    await page.goto('/dashboard/agency/1/dealership/101/campaigns/breakdown');
    await expect(
      page.getByText('Analyze trends and performance metrics with a rolling campaign comparison.'),
    ).toBeVisible();
  });
});

test.describe('tenancy in the browser', () => {
  test('the dealership user cannot open another dealership by editing the URL', async ({ page }) => {
    await apiLogin(page, 'dealer@demo.test');
    const agencyView = await page.request.get(
      '/api/agencies/1/dealership/102/campaigns?startDate=2026-01-01&endDate=2026-11-30',
    );
    expect(agencyView.status()).toBe(404);
    await page.goto(listUrl(1, 102));
    await expect(page.getByRole('heading', { name: 'Dealership not found' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.screenshot({ path: `${screenshotDir}/dealer-other-dealership.png` });
    await page.goto(listUrl(1, 101));
    await expect(page.getByRole('table')).toBeVisible();
  });

  test('the dealership switcher lists only the dealerships the user may open', async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    await page.goto(listUrl(1, 101));
    const dealerships = (await (await page.request.get('/api/agencies/1/dealerships')).json()).data as Array<{
      id: number;
      name: string;
    }>;
    expect(dealerships.length).toBeGreaterThanOrEqual(8);
    const target = dealerships.find((d) => d.id === 201)!;
    await page.getByLabel('Dealership').click();
    await page.getByRole('option', { name: target.name }).click();
    await expect(page).toHaveURL(/\/dealership\/201\/campaigns\/list/);
  });
});
