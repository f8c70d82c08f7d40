import { expect, test } from '@playwright/test';
import { apiCampaigns, apiLogin, listUrl, screenshotDir } from './fixtures';

// A phone held upright (issue 20 §3): 390 px wide.
test.use({ viewport: { width: 390, height: 844 } });

test.describe('the campaigns section at 390 px wide', () => {
  test('the three tabs stay on screen and open their views', async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    await page.goto(listUrl(1, 101, '?startDate=2026-01-01&endDate=2026-11-30'));
    const nav = page.getByRole('navigation', { name: 'Campaign views' });
    for (const name of ['Managed Campaigns', 'Self Service Campaigns', 'Month over Month']) {
      const tab = nav.getByRole('link', { name });
      const box = (await tab.boundingBox())!;
      // Each tab is whole inside the viewport without scrolling sideways.
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
      expect(box.height, name).toBeGreaterThanOrEqual(24);
    }
    await page.screenshot({ path: `${screenshotDir}/phone-list.png` });
    await nav.getByRole('link', { name: 'Month over Month' }).click();
    await expect(page).toHaveURL(/\/campaigns\/breakdown/);
    await expect(nav.getByRole('link', { name: 'Month over Month' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Self Service Campaigns' }).click();
    await expect(page).toHaveURL(/\/campaigns\/self-service\/list/);
    await nav.getByRole('link', { name: 'Managed Campaigns' }).click();
    await expect(page).toHaveURL(/\/campaigns\/list/);
  });

  test('the campaign table’s Name column stays readable', async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    await page.goto(listUrl(1, 101, '?startDate=2026-01-01&endDate=2026-11-30'));
    const campaigns = await apiCampaigns(page, 101, '2026-01-01', '2026-11-30');
    const table = page.getByRole('table', { name: 'Managed campaigns' });
    await expect(table).toBeVisible();
    const longest = campaigns.map((c) => c.client_campaign_display_name).sort((a, b) => b.length - a.length)[0]!;
    const name = table.getByText(longest, { exact: true }).first();
    await expect(name).toBeVisible();
    // Measured again if the row re-renders meanwhile (the list's later answers replace its rows; a
    // measurement of a row just replaced failed once with "not attached to the DOM").
    await expect(async () => {
      await name.scrollIntoViewIfNeeded();
      const box = (await name.boundingBox())!;
      // The whole name is inside the viewport, on lines at least 120 px wide (not a letter per line).
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.width).toBeGreaterThanOrEqual(120);
      // Not cut: the text is as wide as its box.
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }).toPass({ timeout: 10_000 });
    await page.screenshot({ path: `${screenshotDir}/phone-list-name.png` });
  });
});
