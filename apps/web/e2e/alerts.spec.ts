import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, screenshotDir, uiLogin } from './fixtures';

/**
 * Issue 21 §3 in a real browser against the real server and the demo: the alerts evaluated at the
 * server's start (docs/trust.md "Alerts") reach the demo dealer's bell; the alert centre shows the
 * planted under-pacing campaign's alert, opens its report at the alert's dates, and acknowledges and
 * snoozes it, each step checked against the API.
 */

/** The planted under-pacing campaign of the demo (dealership 101, docs/demo-data.md "Pacing"). */
const PLANTED = 100001;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

interface ApiAlert {
  id: number;
  rule: string;
  state: string;
  campaign_id: number | null;
  dealership_id: number;
  dealership_name: string;
  report_from: string;
  report_to: string;
}

async function openCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/agencies/1/alerts/count');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { open: number }).open;
}

test('alert centre: the dealer sees the planted alert, opens its report, acknowledges and snoozes it', async ({
  page,
}) => {
  await uiLogin(page, 'dealer@demo.test');
  await expect(page).toHaveURL(/\/campaigns\/list/);

  // The evaluation runs as a job right after start; wait for the planted campaign's alert.
  let planted: ApiAlert | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/agencies/1/alerts?rule=pacing');
        planted = ((await response.json()) as { data: ApiAlert[] }).data.find((a) => a.campaign_id === PLANTED);
        return planted?.state;
      },
      { timeout: 30_000 },
    )
    .toBe('open');

  const bell = page.getByTestId('alert-bell');
  const before = await openCount(page);
  expect(before).toBeGreaterThan(0);
  await page.reload();
  await expect(bell.getByTestId('alert-count')).toHaveText(String(before));
  await bell.click();
  await expect(page).toHaveURL(/\/dashboard\/agency\/1\/alerts$/);
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();

  // Only the dealer's rooftop, as the API answers.
  const all = (await (await page.request.get('/api/agencies/1/alerts?pageSize=200')).json()) as { data: ApiAlert[] };
  await expect(page.getByTestId('alert')).toHaveCount(all.data.length);
  expect(all.data.every((a) => a.dealership_id === 101)).toBe(true);
  await shot(page, 'alerts-centre');
  await expectAccessible(page, 'alert centre');

  // Filter by rule (kept in the URL), then open the planted campaign's report at the alert's dates.
  await page.getByRole('combobox', { name: 'Rule' }).click();
  await page.getByRole('option', { name: 'Pacing out of band' }).click();
  await expect(page).toHaveURL(/rule=pacing/);
  const card = page.locator(`[data-testid="alert"][data-alert-id="${planted!.id}"]`);
  await expect(card).toContainText('Under-pacing');
  await expect(card).toContainText(`(DYD)`);
  await card.getByRole('link', { name: /Open report/ }).click();
  await expect(page).toHaveURL(
    new RegExp(`/campaigns/dyd/${PLANTED}/\\?startDate=${planted!.report_from}&endDate=${planted!.report_to}`),
  );
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.goBack();

  // Acknowledge: the state changes and the bell counts one fewer.
  await card.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(card.getByTestId('alert-state')).toHaveText('Acknowledged');
  await expect(card).toContainText('Acknowledged by Dealership User');
  expect(await openCount(page)).toBe(before - 1);

  // Snooze until the day the field proposes (a week on): the API says snoozed through that day.
  const until = await card.getByLabel('Snooze until').inputValue();
  await card.getByRole('button', { name: 'Snooze' }).click();
  await expect(card.getByTestId('alert-state')).toHaveText('Snoozed');
  const after = (await (await page.request.get('/api/agencies/1/alerts?state=snoozed')).json()) as {
    data: Array<ApiAlert & { snoozed_until: string }>;
  };
  expect(after.data.find((a) => a.id === planted!.id)?.snoozed_until).toBe(until);
  await shot(page, 'alerts-snoozed');
});
