import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible, screenshotDir, uiLogin } from './fixtures';

/**
 * Issue 21 §4 in a real browser against the real server and the demo: the demo dealer adds a note on
 * a daily chart of a campaign report, sees its marker on the chart and the note in the list under it,
 * finds it in the downloaded PDF, then deletes it.
 */

/** The demo's DYD campaign of dealership 101 (docs/demo-data.md). */
const CAMPAIGN = 100001;
const NOTE = `Price drop on SUVs ${Date.now() % 100_000}`;

test('a note added on a chart shows as a marker and in the list under it, and in the PDF', async ({ page }) => {
  await uiLogin(page, 'dealer@demo.test');
  await expect(page).toHaveURL(/\/campaigns\/list/);
  await page.goto(`/dashboard/agency/1/dealership/101/campaigns/dyd/${CAMPAIGN}/`);
  // The report page loads a dozen calls; on a busy machine that can take longer than the default wait.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  const notes = page.getByTestId('chart-notes').first();
  await expect(notes).toBeVisible({ timeout: 30_000 });
  // The flight's start is a note of its own when the range holds it; either way the list has loaded.
  await expect(notes.getByText(/No notes in this date range|Flight start/).first()).toBeVisible();
  const before = await notes.getByRole('listitem').count();

  // Add the note from the keyboard: the button, the date (the range's last drawn day), the text.
  await notes.getByRole('button', { name: /Add a note/ }).focus();
  await page.keyboard.press('Enter');
  const text = notes.getByRole('textbox', { name: 'Note' });
  await expect(text).toBeFocused();
  await text.fill(NOTE);
  await notes.getByRole('button', { name: 'Save note' }).click();
  const item = notes.getByRole('listitem').filter({ hasText: NOTE });
  await expect(item).toBeVisible();
  await expect(item).toContainText('(Dealership User)');
  await expect(notes.getByRole('listitem')).toHaveCount(before + 1);
  const number = ((await item.textContent()) ?? '').match(/^(\d+)\./)?.[1];
  expect(number).toBeTruthy();

  // The chart above the list draws the marker: a dashed violet line labelled with the note's number.
  const marker = page.locator('svg').locator('path[stroke="#7048e8"]');
  await expect(marker.first()).toBeAttached();
  await expect(page.locator('svg text', { hasText: new RegExp(`^${number}$`) }).first()).toBeAttached();
  await page.screenshot({ path: path.join(screenshotDir, 'annotations-chart.png'), fullPage: false });
  await expectAccessible(page, 'campaign report with notes');

  // The PDF lists the note under the daily charts.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as PDF' }).click();
  const file = await (await download).path();
  const pdf = execFileSync('pdftotext', ['-layout', file!, '-']).toString().replace(/\s+/g, ' ');
  expect(pdf).toContain(NOTE);

  // The author deletes it again.
  await item.getByRole('button', { name: /Delete note/ }).click();
  await notes.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(notes.getByRole('listitem').filter({ hasText: NOTE })).toHaveCount(0);
});
