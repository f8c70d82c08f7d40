import { expect, test } from '@playwright/test';
import { screenshotDir, uiLogin } from './fixtures';

test.describe('sign-in', () => {
  for (const [email, role] of [
    ['staff@demo.test', 'platform staff'],
    ['agency@demo.test', 'agency administrator'],
    ['dealer@demo.test', 'dealership user'],
  ] as const) {
    test(`${email} (${role}) signs in and lands on a dealership's managed campaigns`, async ({ page }) => {
      await uiLogin(page, email);
      await expect(page).toHaveURL(/\/dashboard\/agency\/1\/dealership\/\d+\/campaigns\/list/);
      await expect(page.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
      await expect(
        page.getByRole('tab', { name: 'Managed Campaigns' }).or(page.getByRole('link', { name: 'Managed Campaigns' })),
      ).toBeVisible();
      await expect(page.getByText('Demo Agency').first()).toBeVisible();
      if (email === 'dealer@demo.test') await expect(page).toHaveURL(/\/dealership\/101\//);
    });
  }

  test('a wrong password shows the API message and keeps the user on the sign-in page', async ({ page }) => {
    await uiLogin(page, 'agency@demo.test', 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
    await expect(page).toHaveURL(/\/login/);
    await page.screenshot({ path: `${screenshotDir}/sign-in-error.png` });
  });

  test('an anonymous visit to a campaigns URL asks to sign in, then returns there', async ({ page }) => {
    await page.goto('/dashboard/agency/1/dealership/102/campaigns/list');
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('Email').fill('agency@demo.test');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dealership\/102\/campaigns\/list/);
  });

  test('signing out ends the session', async ({ page }) => {
    await uiLogin(page, 'agency@demo.test');
    await expect(page.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
    await page.getByRole('button', { name: /agency@demo\.test|Agency Admin|account/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });
});
