import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';
export const screenshotDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
fs.mkdirSync(screenshotDir, { recursive: true });

/** Signs in through the API (the page's context keeps the session cookie). */
export async function apiLogin(page: Page, email: string) {
  const response = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: number; organization_id: number; dealership_ids: number[]; role_id: number };
}

/** The CSRF header of the page's session (docs/security.md), for state-changing `page.request` calls. */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const response = await page.request.get('/api/me');
  expect(response.status()).toBe(200);
  return { 'x-csrf-token': ((await response.json()) as { csrf_token: string }).csrf_token };
}

/** Signs in through the sign-in page as a user would. */
export async function uiLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
}

export function listUrl(organizationId: number, dealershipId: number, query = '') {
  return `/dashboard/agency/${organizationId}/dealership/${dealershipId}/campaigns/list${query}`;
}

export interface ApiCampaign {
  client_campaign_id: number;
  client_campaign_display_name: string;
  campaign_status: string;
  product_code: string;
  impressions: number;
  clicks: number;
}

/** The managed list as the API answers it, for comparing with what the page shows. */
export async function apiCampaigns(page: Page, dealershipId: number, startDate: string, endDate: string) {
  const response = await page.request.get(
    `/api/agencies/1/dealership/${dealershipId}/campaigns?startDate=${startDate}&endDate=${endDate}&pageSize=1000`,
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ApiCampaign[] }).data;
}

export const formatInteger = (value: number) => new Intl.NumberFormat('en-US').format(value);

/** Pages axe checked in this run and what it found (printed by the accessibility spec). */
export const axeFindings: Array<{ page: string; violations: Array<{ id: string; impact: string; nodes: number }> }> =
  [];

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

const blockingOf = (results: AxeResults) =>
  results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

/**
 * axe on the page once its running transitions have ended: a toast fading in or out blends its
 * colours with the page behind it, and axe would measure a contrast no reader sees once it has
 * settled (spinners and skeletons repeat forever and are not waited for; 3 s at most).
 */
async function analyzeSettled(page: Page): Promise<AxeResults> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ]),
  );
  return new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules) on the page as it is now and fails on any serious or
 * critical violation, naming the rule and the first elements; moderate and minor ones are recorded.
 */
export async function expectAccessible(page: Page, name: string) {
  let results = await analyzeSettled(page);
  // A toast whose timer closed it while axe ran was measured mid-fade: check the settled page again.
  // A real defect is still there the second time.
  if (blockingOf(results).length > 0) results = await analyzeSettled(page);
  axeFindings.push({
    page: name,
    violations: results.violations.map((v) => ({ id: v.id, impact: v.impact ?? 'unknown', nodes: v.nodes.length })),
  });
  const blocking = blockingOf(results).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary?.slice(0, 200) ?? ''}`)
        .join(' | ')}`,
  );
  expect.soft(blocking, `axe on ${name}`).toEqual([]);
}

/**
 * Turns on "Upload custom creatives" in the non-inventory product step with the keyboard (focus the
 * switch, Space): a pointer click can miss while the ad-example panel above it animates. Then waits
 * for the switched state: the label reads "Upload custom creatives" once it is on.
 */
export async function chooseCustomCreatives(page: Page) {
  await page.getByRole('switch', { name: 'Use default creatives' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('switch', { name: 'Upload custom creatives' })).toBeChecked();
}
