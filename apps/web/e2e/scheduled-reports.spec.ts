import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, screenshotDir } from './fixtures';

/**
 * Issue 25 items 12 and 13 as a user meets them: a recurring report's confirmation says when it runs
 * (not that it is being generated) and can send the first one now (the email lands in the server's
 * outbox, 'Last run' changes); an identical schedule is refused at the form; deleting asks first and
 * confirms with a toast; the list shows campaigns, metrics, format and next run; a schedule can be
 * edited. The keys are pressed on the keyboard (Enter, Space, Escape) where a user would.
 */
const BREAKDOWN = '/dashboard/agency/1/dealership/101/campaigns/breakdown';
/** The demo organization's zone (apps/server/src/demo/build-demo-files.ts). */
const ZONE = 'America/Chicago';

/** The outbox messages (DATA_DIR/outbox; no SMTP_URL in the browser tests) sent to `to`. */
function outboxMessages(to: string): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'))
    .filter((message) => new RegExp(`^To: ${to.replace(/[.]/g, '\\.')}$`, 'm').test(message));
}

/** 'Nov 30, 2026': the first Monday on or after today in the organization's zone. */
function nextMondayLabel(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  const ahead = (8 - date.getUTCDay()) % 7;
  date.setUTCDate(date.getUTCDate() + ahead);
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

/** Opens the generator and fills a weekly (Monday) csv report of every campaign and metric to `email`. */
async function fillWeekly(page: Page, email: string) {
  await page.goto(`${BREAKDOWN}/create?dateFilter=3_month`);
  const dialog = page.getByRole('dialog', { name: 'Generate Custom Report' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('checkbox', { name: 'All campaigns' }).check();
  await dialog.getByRole('switch', { name: 'All metrics' }).check({ force: true });
  await dialog.getByText('csv', { exact: true }).click();
  // The keyboard: Space turns the switch on.
  await dialog.getByRole('switch', { name: 'Recurring' }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('switch', { name: 'Recurring' })).toBeChecked();
  await dialog.getByRole('combobox', { name: 'Every' }).click();
  await page.getByRole('option', { name: 'Day', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Day of the week' }).click();
  await page.getByRole('option', { name: 'Monday' }).click();
  // Issue 21 §5: sent at a local time, the dealership's to start with, shown with the zone's abbreviation.
  await expect(dialog.getByTestId('send-time-summary')).toHaveText(
    /^Sent at 8:00 AM C[SD]T \(America\/Chicago time\)$/,
  );
  return dialog;
}

test.describe('Scheduled reports', () => {
  test('a recurring report says when it runs and sends the first one now: one email, Last run changes', async ({
    page,
  }) => {
    await apiLogin(page, 'dealer@demo.test');
    const email = 'dealer@demo.test';
    const before = outboxMessages(email).length;
    const dialog = await fillWeekly(page, email);
    await dialog.getByRole('button', { name: 'Generate report' }).focus();
    await page.keyboard.press('Enter');

    await expect(dialog.getByText('Your report is scheduled')).toBeVisible();
    await expect(dialog.getByText('Great! Your report is now being generated.')).toHaveCount(0);
    await expect(dialog).toContainText(`Every Monday, it will be sent to ${email}.`);
    // At 8:00 AM that day (or at once, when today is that Monday and 8:00 has passed).
    await expect(dialog).toContainText(
      new RegExp(
        `The first one goes out on ${nextMondayLabel()} at \\d{1,2}:\\d{2} [AP]M C[SD]T \\(${ZONE} time\\)\\.`,
      ),
    );
    await expect(dialog).toContainText('Nothing is sent now.');
    await page.screenshot({ path: `${screenshotDir}/scheduled-report-confirmation.png` });
    // Nothing was sent by the submission: the one email below is the one sent now (a job queued by the
    // submission would run before the send-now job and make it two).
    expect(outboxMessages(email).length).toBe(before);

    const sendNow = dialog.getByRole('button', { name: 'Send the first one now' });
    await sendNow.focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText(`The first report is on its way to ${email}.`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'First report sent' })).toBeDisabled();
    await expect.poll(() => outboxMessages(email).length, { timeout: 30_000 }).toBe(before + 1);
    expect(outboxMessages(email).at(-1)).toMatch(/filename=.*\.csv/);
    await page.screenshot({ path: `${screenshotDir}/scheduled-report-sent-now.png` });

    await page.keyboard.press('Escape');
    const row = page.getByTestId('scheduled-report').first();
    await expect(row).toContainText('Every Monday');
    await expect(row).not.toContainText('Not run yet', { timeout: 20_000 });
    await expect(row).toContainText('Sent');
    expect(outboxMessages(email).length).toBe(before + 1);
  });

  test('an identical schedule is refused at the form; the list shows campaigns, metrics, format, next run', async ({
    page,
  }) => {
    await apiLogin(page, 'agency@demo.test');
    const email = 'agency@demo.test';
    let dialog = await fillWeekly(page, email);
    await dialog.getByRole('button', { name: 'Generate report' }).click();
    await expect(dialog.getByText('Your report is scheduled')).toBeVisible();
    await page.keyboard.press('Escape');

    dialog = await fillWeekly(page, email);
    await dialog.getByRole('button', { name: 'Generate report' }).click();
    await expect(dialog.getByText('You already have a scheduled report with exactly these settings')).toBeVisible();
    await expect(dialog.getByText('Your report is scheduled')).toHaveCount(0);
    await page.screenshot({ path: `${screenshotDir}/scheduled-report-duplicate.png` });
    await page.keyboard.press('Escape');

    const rows = page.getByTestId('scheduled-report').filter({ hasText: email });
    await expect(rows).toHaveCount(1);
    const header = page.getByRole('region', { name: 'Scheduled reports' });
    for (const column of ['Campaigns', 'Metrics', 'Format', 'Next run'])
      await expect(header.getByRole('columnheader', { name: column })).toBeVisible();
    await expect(rows.first()).toContainText('csv');
    await expect(rows.first()).toContainText(nextMondayLabel());
    await expect(rows.first()).toContainText(`${ZONE} time`);
    await expect(rows.first()).toContainText('Impressions');
    await page.screenshot({ path: `${screenshotDir}/scheduled-reports-list.png`, fullPage: true });
  });

  test('edit a schedule, and delete it only after confirming (Escape keeps it), with a toast', async ({ page }) => {
    await apiLogin(page, 'staff@demo.test');
    const email = 'staff@demo.test';
    const dialog = await fillWeekly(page, email);
    await dialog.getByRole('button', { name: 'Generate report' }).click();
    await expect(dialog.getByText('Your report is scheduled')).toBeVisible();
    await page.keyboard.press('Escape');

    const row = page.getByTestId('scheduled-report').filter({ hasText: email }).first();
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit scheduled report' });
    await edit.getByRole('combobox', { name: 'Day of the week' }).click();
    await page.getByRole('option', { name: 'Friday' }).click();
    await edit.getByRole('combobox', { name: 'Format' }).click();
    await page.getByRole('option', { name: 'xlsx' }).click();
    await page.screenshot({ path: `${screenshotDir}/scheduled-report-edit.png` });
    await edit.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Scheduled report saved')).toBeVisible();
    await expect(row).toContainText('Every Friday');
    await expect(row).toContainText('xlsx');

    // Delete asks first; Escape keeps the schedule.
    await row.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete this scheduled report?' });
    await expect(confirm).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/scheduled-report-delete.png` });
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Scheduled report deleted')).toBeVisible();
    await expect(page.getByTestId('scheduled-report').filter({ hasText: email })).toHaveCount(0);
  });
});
