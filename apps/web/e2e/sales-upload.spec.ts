import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshotDir, uiLogin } from './fixtures';

/**
 * Issue 22 §1 in a real browser against the real server and the demo: the demo dealer uploads a
 * DMS export whose headers the portal does not recognise, maps its columns, sees the preview,
 * uploads and finds the sales in the list.
 */

const suffix = String(Date.now() % 100_000).padStart(5, '0');
const VINS = [`1HGCM82633A${suffix}1`, `2T1BURHE0JC${suffix}2`];
const CSV = [
  'Serial,Contract Date,Kind,Cash Price,Front End Gross,F&I Gross,Zip',
  `${VINS[0]},11/02/2026,N,"$31,500.00",1200.50,(150.00),78205-1234`,
  `${VINS[1]},11/03/2026,CPO,18000,900,400,`,
].join('\n');

async function pick(page: Page, field: RegExp, column: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: column, exact: true }).click();
}

test('a DMS export with other headers: map its columns, preview, upload, see the sales listed', async ({ page }) => {
  await uiLogin(page, 'dealer@demo.test');
  await expect(page).toHaveURL(/\/campaigns\/list/);
  // The inventory page links to the Sales page.
  await page.goto('/dashboard/agency/1/dealership/101/inventory');
  await page.getByRole('link', { name: 'Sales', exact: true }).click();
  await expect(page).toHaveURL(/\/dealership\/101\/sales$/);
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible({ timeout: 30_000 });

  await page.locator('input[type="file"]').setInputFiles({
    name: 'dms-export.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  // "Serial" and "Kind" are no names the portal knows: VIN and deal type start unmapped.
  const errors = page.getByRole('table', { name: 'Errors' });
  await expect(errors).toContainText('Choose the column of VIN');
  await expect(errors).toContainText('Choose the column of Deal type');
  await expect(page.getByRole('button', { name: 'Upload sales' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: /Sold date/ })).toHaveValue('Contract Date');

  await pick(page, /^VIN/, 'Serial');
  await pick(page, /^Deal type/, 'Kind');
  await expect(errors).toHaveCount(0);
  const preview = page.getByRole('table', { name: 'Preview' });
  await expect(preview).toContainText(VINS[0]!);
  await expect(preview).toContainText('2026-11-02');
  await expect(preview).toContainText('certified');
  await expect(preview).toContainText('$31,500.00');
  await page.screenshot({ path: path.join(screenshotDir, 'sales-upload-preview.png'), fullPage: true });
  await expectAccessible(page, 'sales upload');

  await page.getByRole('button', { name: 'Upload sales' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sales uploaded' })).toContainText(
    '2 rows: 2 new, 0 updated, 0 unchanged.',
  );
  const sales = page.getByRole('table', { name: 'Sales' });
  for (const vin of VINS) await expect(sales).toContainText(vin);
  await page.screenshot({ path: path.join(screenshotDir, 'sales-upload-done.png'), fullPage: true });

  // The same file again changes nothing.
  await page.getByRole('button', { name: 'Upload sales' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sales uploaded' })).toContainText(
    '2 rows: 0 new, 0 updated, 2 unchanged.',
  );
});
