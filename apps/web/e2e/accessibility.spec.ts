import { expect, test, type Page } from '@playwright/test';
import { apiLogin, axeFindings, expectAccessible, listUrl, screenshotDir } from './fixtures';

// axe-core on every page a user reaches outside the wizards (the wizard steps are checked inside
// campaign-wizard.spec.ts as its flows pass them), and keyboard behaviour of modals (docs/accessibility.md).

const DEALERSHIP = '/dashboard/agency/1/dealership/101/campaigns';

/** One demo campaign of dealership 101 (or any) per report family, through the API. */
async function familyCampaigns(page: Page) {
  const families = ['DYD', 'FBD', 'DYN', 'DSP', 'OTT', 'SEM', 'FDS', 'AUD', 'DOH', 'EVT', 'MOB'];
  const found = new Map<string, { id: number; dealership: number; start: string; end: string; code: string }>();
  const dealerships = (await (await page.request.get('/api/agencies/1/dealerships')).json()).data as Array<{
    id: number;
  }>;
  for (const dealership of dealerships) {
    const list = await page.request.get(
      `/api/agencies/1/dealership/${dealership.id}/campaigns?startDate=2025-01-01&endDate=2027-12-31&pageSize=1000`,
    );
    for (const c of (await list.json()).data as Array<{
      client_campaign_id: number;
      product_code: string;
      impressions: number;
      start_date: string;
      end_date: string;
    }>) {
      if (families.includes(c.product_code) && c.impressions > 0 && !found.has(c.product_code))
        found.set(c.product_code, {
          id: c.client_campaign_id,
          dealership: dealership.id,
          start: c.start_date,
          end: c.end_date,
          code: c.product_code.toLowerCase(),
        });
    }
  }
  return found;
}

test.describe('accessibility', () => {
  test.afterAll(() => {
    for (const finding of axeFindings)
      console.info(
        `axe ${finding.page}: ${finding.violations.length === 0 ? 'no violations' : finding.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes})`).join(', ')}`,
      );
  });

  test('sign-in, the campaign tabs, every report family, import and the report generator pass axe', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expectAccessible(page, 'sign-in');

    await apiLogin(page, 'agency@demo.test');
    await page.goto(listUrl(1, 101));
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page, 'managed list (table)');
    await page.getByText('Grid', { exact: true }).click();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectAccessible(page, 'managed list (grid)');
    await page.getByText('Table', { exact: true }).click();

    await page.goto(`${DEALERSHIP}/breakdown?dateFilter=3_month`);
    await expect(page.getByRole('link', { name: 'Generate Custom Report' })).toBeVisible();
    await expectAccessible(page, 'month over month');
    await page.goto(`${DEALERSHIP}/breakdown/create?dateFilter=3_month`);
    await expect(page.getByRole('dialog', { name: 'Generate Custom Report' })).toBeVisible();
    await expectAccessible(page, 'report generator');

    await page.goto(`${DEALERSHIP}/self-service/list`);
    await expect(page.getByText('Import your self service campaigns')).toBeVisible();
    await expectAccessible(page, 'self-service list');
    await page.goto(`${DEALERSHIP}/self-service/list/create/import`);
    await expect(page.getByRole('dialog', { name: 'Import Campaigns' })).toBeVisible();
    await expectAccessible(page, 'import');

    await page.goto(`${DEALERSHIP}/list/create/select`);
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'campaign source');

    await page.goto('/dashboard/agency/1/dealership/101/accounts');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page, 'linked platforms');

    await page.goto('/dashboard/agency/1/dealership/101/inventory');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page, 'inventory');

    for (const [code, campaign] of await familyCampaigns(page)) {
      await page.goto(
        `/dashboard/agency/1/dealership/${campaign.dealership}/campaigns/${campaign.code}/${campaign.id}/?startDate=${campaign.start}&endDate=${campaign.end}`,
      );
      await expect(page.getByRole('button', { name: 'Export as PDF' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `report ${code}`);
      if (code === 'DYD') {
        const vehicle = page.getByRole('table', { name: 'Vehicles' }).getByRole('link').first();
        await vehicle.click();
        await expect(page).toHaveURL(/\/inventory\/vehicles\//);
        await page.waitForLoadState('networkidle');
        await expectAccessible(page, 'vehicle page');
      }
    }
    await page.screenshot({ path: `${screenshotDir}/accessibility-last-page.png`, fullPage: true });
  });

  test('the terms step, an audience, and the not-found pages pass axe', async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    await page.goto(`${DEALERSHIP}/list/create/terms`);
    await expect(page.getByRole('dialog', { name: 'Terms of Service' })).toBeVisible();
    await expectAccessible(page, 'terms');

    const audiences = (await (await page.request.get('/api/agencies/1/dealership/101/audiences')).json()) as {
      data: Array<{ _id: number; audience_name: string }>;
    };
    const audience = audiences.data[0];
    expect(audience, 'the demo dealership has saved audiences').toBeDefined();
    await page.goto(`/dashboard/agency/1/dealership/101/customers/audiences/${audience!._id}/details`);
    await expect(page.getByText(audience!.audience_name).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'audience details');

    await page.goto('/dashboard/agency/999999');
    await expect(page.getByText('Dealership not found')).toBeVisible();
    await expectAccessible(page, 'agency not found');
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page, 'page not found');
  });
});
