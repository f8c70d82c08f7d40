import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, listUrl, screenshotDir, uiLogin } from './fixtures';

/**
 * Issue 21 §1–2 in a real browser against the real server and the demo: the demo dealer sees the
 * pacing column with the planted under-pacing campaign (docs/demo-data.md "Pacing") and the
 * freshness stamps on the list and in the report header; an agency administrator opens Data health.
 */

/** The planted under-pacing campaign of the demo (dealership 101). */
const PLANTED = 100001;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

test('the demo dealer sees pacing and freshness on the list and in the report header', async ({ page }) => {
  await uiLogin(page, 'dealer@demo.test');
  await expect(page).toHaveURL(/\/campaigns\/list/);
  await page.goto(listUrl(1, 101));
  const table = page.getByRole('table', { name: 'Managed campaigns' });
  await expect(table.getByRole('columnheader', { name: 'Pacing' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Data through' })).toBeVisible();

  const api = await page.request.get(`/api/agencies/1/dealership/101/campaigns/${PLANTED}/trust`);
  expect(api.status()).toBe(200);
  const trust = (await api.json()) as {
    pacing: { pace_percent: number; state: string };
    freshness: { label: string; stale: boolean };
  };
  expect(trust.pacing.state).toBe('under');
  expect(trust.pacing.pace_percent).toBeGreaterThan(78);
  expect(trust.pacing.pace_percent).toBeLessThan(82);
  expect(trust.freshness.stale).toBe(false);

  // The planted campaign is the only one of the rooftop under its band.
  const chip = table.locator('[data-testid="pacing-chip"][data-state="under"]');
  await expect(chip).toHaveCount(1);
  await expect(chip).toHaveText(`${trust.pacing.pace_percent.toFixed(1)} % · Under`);
  await expect(table.getByTestId('pacing-chip').first()).toBeVisible();
  await shot(page, 'trust-managed-list');

  // The grid cards carry the same chip.
  await page.getByText('Grid', { exact: true }).click();
  await expect(page.getByRole('list', { name: 'Managed campaigns' }).getByTestId('pacing-chip').first()).toBeVisible();
  await page.getByText('Table', { exact: true }).click();

  // The report header: the freshness stamp in the dealership's zone and the pacing chip.
  await page.goto(`/dashboard/agency/1/dealership/101/campaigns/dyd/${PLANTED}/`);
  // The report page loads a dozen calls; on a busy machine that can take longer than the default wait.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  const header = page.getByTestId('report-trust');
  await expect(header).toBeVisible({ timeout: 30_000 });
  await expect(header.getByTestId('freshness-stamp')).toHaveText(trust.freshness.label);
  await expect(header.getByTestId('freshness-stamp')).toContainText(
    /^Data through \w{3} \d{1,2}, \d{4}, updated .*C[SD]T$/,
  );
  await expect(header.getByTestId('pacing-chip')).toHaveText(`${trust.pacing.pace_percent.toFixed(1)} % · Under`);
  await shot(page, 'trust-report-header');
});

test('an agency administrator opens Data health from the user menu', async ({ page }) => {
  await uiLogin(page, 'agency@demo.test');
  await expect(page).toHaveURL(/\/campaigns\/list/);
  await page.goto('/dashboard/agency/1/data-health');
  await expect(page.getByRole('heading', { name: 'Data health' })).toBeVisible();
  const sources = page.getByRole('table', { name: 'Data sources' });
  const files = sources.locator('tr[data-source="files"]');
  await expect(files).toContainText('Ingestion file set');
  // The demo was loaded through the ingestion path on first start: one successful run.
  await expect(files).toContainText('OK');
  // The end-to-end server has no read replicas (docs/scaling.md): the page says so.
  await expect(page.getByTestId('no-replicas')).toContainText('no replicas');
  await shot(page, 'trust-data-health');
  await expectAccessible(page, 'data health');
});
