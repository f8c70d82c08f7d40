import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, expectAccessible, screenshotDir } from './fixtures';

// One journey on one server: the dealership user first (nothing connected yet), then the agency
// administrator connects the sandbox of both vendors, imports, watches the sync, reads a report.
test.describe.configure({ mode: 'serial' });

const DEALERSHIP = '/dashboard/agency/1/dealership/101';
const SELF_SERVICE = `${DEALERSHIP}/campaigns/self-service/list`;

async function importTwo(page: Page, vendor: 'Google Ads' | 'Meta Ads') {
  await page.goto(`${SELF_SERVICE}/create/import`);
  const dialog = page.getByRole('dialog', { name: 'Import Campaigns' });
  await expect(dialog.getByRole('button', { name: vendor })).toBeEnabled();
  await dialog.getByRole('button', { name: vendor }).click();
  const form = page.getByRole('dialog', { name: `${vendor} import` });
  await form.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByText('List refreshed successfully!')).toBeVisible();
  await form.getByRole('combobox', { name: 'Account' }).click();
  await page.getByRole('option').first().click();
  await form.getByRole('combobox', { name: 'Campaigns' }).click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  // Grouped by status: 'Active Campaigns' first.
  await expect(page.getByText('Active Campaigns')).toBeVisible();
  await options.nth(0).click();
  await options.nth(1).click();
  await page.keyboard.press('Escape');
  await page.screenshot({ path: path.join(screenshotDir, `self-service-import-${vendor.split(' ')[0]}.png`) });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Imported successfully.')).toBeVisible();
  await expect(page.getByText('Nice! You have imported 2 campaign(s) successfully')).toBeVisible();
  await page.getByRole('link', { name: 'See Campaigns' }).click();
  await expect(page).toHaveURL(new RegExp(`${SELF_SERVICE}(\\?startDate=[\\d-]+&endDate=[\\d-]+)?$`));
}

test('a dealership user is told to contact the agency administrator', async ({ page }) => {
  await apiLogin(page, 'dealer@demo.test');
  await page.goto(SELF_SERVICE);
  await expect(page.getByRole('heading', { name: 'Import your self service campaigns' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Linked Platforms' })).toHaveAttribute('href', `${DEALERSHIP}/accounts`);
  await page.getByRole('link', { name: 'Import your campaigns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Campaigns' });
  await expect(dialog.getByText('Google Ads is not connected. Contact the agency administrator')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Google Ads' })).toBeDisabled();
  await expect(dialog.getByRole('link', { name: 'Connect it in Linked Platforms' })).toHaveCount(0);
  await page.screenshot({ path: path.join(screenshotDir, 'self-service-role3.png') });
  await page.goto(`${DEALERSHIP}/accounts`);
  await expect(page.getByText('Contact the agency administrator to connect an account')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Connect/ })).toHaveCount(0);
});

test('the agency administrator connects both sandboxes, imports two campaigns of each and reads a report', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await apiLogin(page, 'agency@demo.test');
  for (const vendor of ['Google Ads', 'Meta Ads'] as const) {
    await page.goto(`${DEALERSHIP}/accounts`);
    await page.getByRole('button', { name: `Connect ${vendor}` }).click();
    await expect(page.getByRole('heading', { name: `${vendor} sandbox` })).toBeVisible();
    await page.getByRole('link', { name: 'Allow' }).click();
    await expect(page.getByText(`${vendor} is connected. You can import its campaigns now.`)).toBeVisible();
  }
  await expect(page.getByText('Connected', { exact: true })).toHaveCount(2);
  await page.screenshot({ path: path.join(screenshotDir, 'self-service-linked-platforms.png'), fullPage: true });

  await importTwo(page, 'Google Ads');
  await importTwo(page, 'Meta Ads');

  // Importing → Data pull → Live feed, the list polling while campaigns sync.
  const table = page.getByRole('table', { name: 'Self-service campaigns' });
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(table.getByText(/Importing|Data pull/).first()).toBeVisible();
  await page.screenshot({ path: path.join(screenshotDir, 'self-service-list-syncing.png'), fullPage: true });
  await expect(table.getByText('Live feed')).toHaveCount(4, { timeout: 90_000 });
  await page.screenshot({ path: path.join(screenshotDir, 'self-service-list.png'), fullPage: true });

  // The grid shows the same campaigns, each with 'See campaign'.
  await page.getByText('Grid', { exact: true }).or(page.getByLabel('Grid')).first().click();
  await expect(page.getByTestId('self-service-card')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'See campaign' })).toHaveCount(4);
  await page.getByLabel('Table').first().click();

  // Pause and play: the row changes at once and the server confirms.
  const firstRow = table.getByRole('row').nth(1);
  const wasActive = (await firstRow.getByText('Active', { exact: true }).count()) > 0;
  await firstRow.getByRole('button', { name: wasActive ? /^Pause / : /^Resume / }).click();
  await expect(page.getByText('Campaign status updated')).toBeVisible();
  await expect(firstRow.getByText(wasActive ? 'Paused' : 'Active', { exact: true })).toBeVisible();
  await firstRow.getByRole('button', { name: wasActive ? /^Resume / : /^Pause / }).click();
  await expect(firstRow.getByText(wasActive ? 'Active' : 'Paused', { exact: true })).toBeVisible();

  // The report of a Google Ads campaign: cards, charts, products, CSV and PDF.
  const googleRow = table.getByRole('row').filter({ hasText: 'Google Ads' }).first();
  const link = googleRow.getByRole('link');
  const name = ((await link.textContent()) ?? '').replace(/^\[[^\]]*\] /, '');
  await link.click();
  const report = page.getByTestId('self-service-report');
  await expect(report.getByRole('heading', { name })).toBeVisible();
  await expect(report.getByText('EchoPark Automotive Greenville')).toBeVisible();
  for (const label of ['CTR', 'Total Impressions', 'Total clicks'])
    await expect(report.getByText(label).first()).toBeVisible();
  await expect(report.getByText('Click Through Rate')).toBeVisible();
  await expect(report.getByRole('table', { name: 'Product Performance' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'self-service report');
  await page.screenshot({ path: path.join(screenshotDir, 'self-service-report.png'), fullPage: true });

  const csv = page.waitForEvent('download');
  await report.getByRole('button', { name: /Export.*CSV/ }).click();
  await expect(page.getByText('Downloaded table!')).toBeVisible();
  const csvFile = await csv;
  expect(csvFile.suggestedFilename()).toMatch(/_ProductPerformance_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs
    .readFileSync((await csvFile.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('Product,Product ID,Impressions,Clicks,Conversions');
  expect(lines.length).toBeGreaterThan(1);

  const pdf = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Export as PDF' }).click();
  await expect(page.getByText('Report generated successfully')).toBeVisible();
  const text = execFileSync('pdftotext', ['-layout', (await (await pdf).path())!, '-']).toString();
  expect(text).toContain(name);
  expect(text).toContain('Total Impressions');
});
