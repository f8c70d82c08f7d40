import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { formatInteger, userMessages, type OverviewResponse } from '@portal/contracts';
import { expectAccessible, screenshotDir, uiLogin } from './fixtures';

/**
 * Issue 23 in a real browser against the real server: an administrator invites a dealership user
 * from the Users page, the invitee accepts from the emailed link (the server's outbox) and sees
 * only their dealership; a user resets a forgotten password from the sign-in page; the agency
 * overview lists every rooftop with a totals row and links each to its list.
 */

const PASSWORD = 'Tangerine-Mailbox-Orbit-42';

/** The link token of the newest outbox message to `to` whose subject matches (quoted-printable undone). */
function linkToken(to: string, subject: RegExp): string | null {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  if (!fs.existsSync(dir)) return null;
  const messages = fs
    .readdirSync(dir)
    .map((name) => path.join(dir, name))
    .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs)
    .map((file) =>
      fs
        .readFileSync(file, 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((text) => text.includes(`To: ${to}`) && subject.test(text));
  const match = /#token=([A-Za-z0-9_-]+)/.exec(messages.at(-1) ?? '');
  return match?.[1] ?? null;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

test('an administrator invites a dealership user, who accepts and sees only their dealership', async ({ page }) => {
  await uiLogin(page, 'agency@demo.test');
  await expect(page).toHaveURL(/\/campaigns\/list/);
  await page.getByRole('button', { name: /agency@demo\.test/ }).click();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: /Users of/ })).toBeVisible();
  await page.getByRole('button', { name: 'Invite a user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill('quinn.rivers@dealer.test');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Quinn Rivers');
  await dialog.getByRole('combobox', { name: 'Dealerships' }).click();
  const option = page.getByRole('option').first();
  const dealershipName = (await option.textContent())!.trim();
  await option.click();
  await page.keyboard.press('Escape');
  await shot(page, 'users-invite');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('invitation-quinn.rivers@dealer.test')).toContainText('pending');
  await shot(page, 'users-admin');
  await expectAccessible(page, 'users admin');

  await expect.poll(() => linkToken('quinn.rivers@dealer.test', /invited/)).not.toBeNull();
  const token = linkToken('quinn.rivers@dealer.test', /invited/)!;
  await page.context().clearCookies();
  await page.goto(`/accept-invitation#token=${token}`);
  await expect(page.getByText(/invited/)).toContainText('quinn.rivers@dealer.test');
  await expect(page).toHaveURL(/\/accept-invitation$/);
  await expectAccessible(page, 'accept invitation');
  await page.getByLabel('New password').fill('password1234');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('This password appears in lists of breached passwords')).toBeVisible();
  await page.getByLabel('New password').fill(PASSWORD);
  await shot(page, 'accept-invitation');
  await page.getByLabel('New password').press('Enter');
  await expect(page).toHaveURL(/\/campaigns\/list/);
  await expect(page.getByRole('banner')).toContainText(dealershipName);
  const dealerships = await page.request.get('/api/agencies/1/dealerships');
  expect(((await dealerships.json()) as { data: Array<{ name: string }> }).data.map((d) => d.name)).toEqual([
    dealershipName,
  ]);

  // The link works once.
  await page.context().clearCookies();
  await page.goto(`/accept-invitation#token=${token}`);
  await expect(page.getByRole('alert')).toContainText('already been used');
});

test('an administrator gives a user their own time zone for the morning alert email', async ({ page }) => {
  await uiLogin(page, 'agency@demo.test');
  await expect(page).toHaveURL(/\/campaigns\/list/);
  await page.goto('/dashboard/agency/1/users');
  const row = page.getByTestId('user-dealer@demo.test');
  await expect(row).toContainText("Agency's");
  await row.getByRole('button', { name: 'Change dealer@demo.test' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change dealer@demo.test' });
  const zone = dialog.getByRole('combobox', { name: 'Time zone' });
  await zone.click();
  await zone.fill('Denver');
  await page.getByRole('option', { name: 'America/Denver' }).click();
  await shot(page, 'users-time-zone');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('America/Denver');
  // What the page shows is what the server keeps.
  const users = (await (await page.request.get('/api/agencies/1/users')).json()) as {
    users: Array<{ email: string; time_zone: string | null }>;
  };
  expect(users.users.find((u) => u.email === 'dealer@demo.test')?.time_zone).toBe('America/Denver');

  // Back to the agency's zone.
  await row.getByRole('button', { name: 'Change dealer@demo.test' }).click();
  await zone.click();
  await page.getByRole('option', { name: "The agency's time zone" }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText("Agency's");
});

test('a forgotten password is reset from the sign-in page with the emailed link', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectAccessible(page, 'forgot password');
  await page.getByLabel('Email').fill('quinn.rivers@dealer.test');
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this email address');
  await expect.poll(() => linkToken('quinn.rivers@dealer.test', /Reset your/)).not.toBeNull();
  const resetUrl = `/reset-password#token=${linkToken('quinn.rivers@dealer.test', /Reset your/)!}`;
  await page.goto(resetUrl);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText('For quinn.rivers@dealer.test.')).toBeVisible();
  await expectAccessible(page, 'reset password');
  await page.getByRole('textbox', { name: 'New password' }).fill('Sycamore-Lantern-Quartz-8');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is changed');
  await shot(page, 'reset-password');
  // The used link says so when it is opened again, before anything is typed, and offers a new one
  // (from another page: the same path with only a new fragment would not load the page again).
  await page.goto('/login');
  await page.goto(resetUrl);
  await expect(page.getByText('This link cannot be used')).toBeVisible();
  await expect(page.getByText(userMessages.resetInvalid)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New password' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await shot(page, 'reset-password-used');
  await uiLogin(page, 'quinn.rivers@dealer.test', 'Sycamore-Lantern-Quartz-8');
  await expect(page).toHaveURL(/\/campaigns\/list/);
});

test('the agency overview lists every rooftop with totals and links each to its list', async ({ page }) => {
  await uiLogin(page, 'agency@demo.test');
  await expect(page).toHaveURL(/\/campaigns\/list/);
  const served = page.waitForResponse(
    (response) => /\/api\/agencies\/1\/overview\?/.test(response.url()) && response.status() === 200,
  );
  // An unknown sort (an edited or old link) is dropped from the address: the URL says the order shown.
  await page.goto('/dashboard/agency/1/overview?compare=1&sort=bogus');
  await expect(page.getByRole('heading', { name: /Agency overview/ })).toBeVisible();
  await expect(page).not.toHaveURL(/sort=/);
  expect(new URL(page.url()).searchParams.get('compare')).toBe('1');
  // Issue 22 on the overview: the demo's Ancira rooftops have sales records, so their Sales are the
  // portal's attributed sales under the agency's rule, named beside the table and on the cell.
  const overview = (await (await served).json()) as OverviewResponse;
  await expect(
    page.getByText(/^Sales: sales records matched to the campaigns' vehicles \(Last touch, 30-day window\)/),
  ).toBeVisible();
  const attributed = overview.rows.filter((row) => row.sales_source === 'attributed');
  expect(attributed.length).toBeGreaterThan(0);
  for (const row of attributed) {
    const cell = page
      .getByTestId(`rooftop-${row.dealership_id}`)
      .locator('td[title^="Attributed from sales records: Last touch, 30-day window"]');
    await expect(cell.locator('div').first()).toHaveText(formatInteger(row.current.sales!));
  }
  expect(attributed.some((row) => row.current.sales! > 0)).toBe(true);
  const api = await page.request.get(`/api/agencies/1/dealerships`);
  const rooftops = ((await api.json()) as { data: Array<{ id: number; name: string }> }).data;
  await expect(page.getByRole('table', { name: 'Rooftops' }).locator('tbody tr')).toHaveCount(rooftops.length + 1);
  await expect(page.getByTestId('overview-totals')).toContainText(`Total (${rooftops.length} rooftops)`);
  // Issue 21 §3: the demo dealer's rooftop has open alerts (its planted campaign), linked to the alert centre.
  await expect(page.getByTestId('rooftop-101').getByRole('link', { name: /^\d+$/ })).toHaveAttribute(
    'href',
    '/dashboard/agency/1/alerts?dealership=101',
  );
  await shot(page, 'agency-overview');
  await expectAccessible(page, 'agency overview');
  // Sort by impressions with the keyboard; the order is in the URL.
  await page.getByRole('button', { name: 'Impressions' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=impressions/);
  const first = rooftops[0]!;
  await page.getByRole('link', { name: first.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dealership/${first.id}/campaigns/list`));

  // The audit log shows what this run did (the invitation of the first test), filtered in the URL.
  await page.goto('/dashboard/agency/1/audit-log?action=inviteUser');
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log).toContainText('quinn.rivers@dealer.test');
  // Times in UTC, as the day filters and the CSV; every outcome shown whole (a badge cut "Refused (404)" off).
  await expect(log.getByRole('columnheader', { name: 'When (UTC)' })).toBeVisible();
  const outcomes = log.locator('tbody tr td:nth-child(5)');
  await expect(outcomes.first()).toHaveText(/^(Done|Refused \(\d{3}\))$/);
  for (const cell of await outcomes.all())
    expect(await cell.evaluate((td) => td.scrollWidth <= td.clientWidth && td.getBoundingClientRect().width > 0)).toBe(
      true,
    );
  await shot(page, 'audit-log');
  await expectAccessible(page, 'audit log');
});
