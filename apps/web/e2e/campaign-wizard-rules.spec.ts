import { productFlightLimits, todayInZone } from '@portal/contracts';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, chooseCustomCreatives, csrfHeaders, expectAccessible, listUrl, screenshotDir } from './fixtures';

/**
 * Issue 25 items 3–6 as a user meets them: step 1 says what is missing and Enter on a choice
 * continues; the details step refuses impossible flights and budgets at the field and greys out
 * past days; switching product asks before removing uploads; the resume question names the draft.
 * Dates are relative to today in the dealership's zone (the demo is loaded for today).
 */
// Dealership 107: no other browser test uses it.
const DEALERSHIP = 107;
const base = `/api/agencies/1/dealership/${DEALERSHIP}`;
const createUrl = `${listUrl(1, DEALERSHIP)}/create/new`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A 64×36 WebM video of a few frames (recorded once from a canvas with Chromium's MediaRecorder). */
const WEBM = Buffer.from(
  'GkXfo59ChoEBQveBAULygQRC84EIQoKEd2VibUKHgQRChYECGFOAZwEAAAAAAAK8EU2bdLlNu4tTq4QVSalmU6yBbk27i1OrhBZUrmtTrIGTTbuLU6uEH0O2dVOsgdRNu4xTq4QcU7trU6yCAqrsrgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAVSalmoCrXsYMPQkBEiYRDtz2RTYCGQ2hyb21lV0GGQ2hyb21lFlSua7yuuteBAXPFh9NDY4Nhnh6DgQFV7oEBhoVWX1ZQOOCdsIFAuoEkU8CBAVWwkFWxgQFVuYECVbqBDVW7gQEfQ7Z1AQAAAAAAAcrngQCg9aHEgQAAALADAJ0BKkAAJAAABwiFhYiZhIgBJBATrVAfwB/QEDncMOmNnizIAP75Ns//vqlRokF//fVT/9+IKcUlT/77TAB1oaymqu6BAaWl0AIAnQEqQAAkAAAHCIWFiJmEiAEkEAA0cn5mPN+KwAD+/7qDAKC3oZaBAHgA0QEAABAJIADAAMLBf6AARGAAdaGZppfugQGlktEBAAAQCSAAwADCwX+gAERgAPuBAKC3oZaBAPkA0QEAABAJIADAAMLBf6AARGAAdaGZppfugQGlktEBAAAQCSAAwADCwX+gAERgAPuBeKBA26FAuYEBbgBxBQAAEAkgAMMUB/f/RCdgf0BxfQkZETcB+guQnwH7A/oD+gOh9mTN5ObACI4A/vBaD/9jnu68K//0GLZRLpodwoN0KSOPEf/iBV4C8X55om7KH1fhXka5scj6IZsW5zeen8oUNkZqiyiXSuHzJo3Qn5nN5u2Qlm31nFaSl0Do9oUDkdNjc3m7XsK8jXPMR6m0pUUlL6RfgQbnN+ckuyxcsUKQyNlRZRpSrpCPEU+T8zm83VgAdaGZppfugQGlktEBAAAQCSAAwADCwX+gAERgAPuB+RxTu2uNu4uzgQC3hveBAfGB1A==',
  'base64',
);

async function clearDrafts(page: Page) {
  const headers = await csrfHeaders(page);
  const drafts = (
    (await (await page.request.get(`${base}/campaigns/incomplete?pageSize=100`)).json()) as {
      data: Array<{ link_campaign_id: number }>;
    }
  ).data;
  for (const draft of drafts) await page.request.delete(`${base}/campaigns/${draft.link_campaign_id}`, { headers });
}

async function dealershipToday(page: Page) {
  const dealership = (await (await page.request.get(base)).json()) as { organization: { time_zone: string } };
  return todayInZone(new Date(), dealership.organization.time_zone);
}

const dayLabel = (isoDate: string) => {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const month = new Date(Date.UTC(y, m - 1, d)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${d} ${month} ${y}`;
};
const addDays = (isoDate: string, days: number) => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

test.describe('campaign wizard: nonsense is refused, work is not dropped unasked', () => {
  test.beforeEach(async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    await clearDrafts(page);
  });

  test('step 1 says what is missing; Enter on a choice continues; the details refuse impossible values', async ({
    page,
  }) => {
    const today = await dealershipToday(page);
    await page.goto(createUrl);
    await expect(page.getByText('Step 1/6')).toBeVisible();
    await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please choose a campaign type')).toBeVisible();
    await expect(page.getByText('Step 1/6')).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/wizard-type-missing.png`, fullPage: true });
    // Keyboard: focus the choice and press Enter.
    await page.getByRole('radio', { name: /Mobile, TV, Audio/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Step 2/6')).toBeVisible();

    await page.getByRole('radio', { name: 'TV (OTT/CTV)' }).check({ force: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Step 3/6')).toBeVisible();
    await page.getByRole('radio', { name: 'Awareness' }).check({ force: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Step 4/6')).toBeVisible();

    await page.getByLabel('Campaign name').fill('Impossible flight');
    const budget = page.getByRole('textbox', { name: 'Budget' });
    // '1e9' is kept as typed and refused, not silently read as $19.
    await budget.fill('1e9');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(budget).toHaveValue('1e9');
    await expect(page.getByText('Enter the budget as a plain amount, e.g. 5000')).toBeVisible();
    for (const [typed, message] of [
      ['1', 'The budget must be at least $2,500'],
      ['0', 'The budget must be at least $2,500'],
      ['-50', 'Enter the budget as a plain amount, e.g. 5000'],
      ['2000000', 'The budget must be at most $1,000,000'],
    ] as const) {
      await budget.fill(typed);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByText(message), typed).toBeVisible();
      await expect(page.getByText('Step 4/6')).toBeVisible();
    }
    await expect(
      page.getByText(`Between $${productFlightLimits.OTT.minBudget.toLocaleString('en-US')} and $1,000,000`),
    ).toBeVisible();

    // The calendar greys out the days before today in the dealership's zone (the picker opens on this month).
    await page.getByRole('textbox', { name: /^Start date/ }).click();
    await expect(page.getByRole('button', { name: dayLabel(today) }).first()).toBeEnabled();
    const yesterday = page.getByRole('button', { name: dayLabel(addDays(today, -1)) });
    if ((await yesterday.count()) > 0) await expect(yesterday.first()).toBeDisabled();
    await page.screenshot({ path: `${screenshotDir}/wizard-details-past-days.png`, fullPage: true });
    await page
      .getByRole('button', { name: dayLabel(today) })
      .first()
      .click();
    await expect(page.getByRole('textbox', { name: /^Start date/ })).not.toHaveValue('');

    await budget.fill('5000');
    await budget.blur();
    await expect(budget).toHaveValue('$5,000');
    await page.screenshot({ path: `${screenshotDir}/wizard-details-rules.png`, fullPage: true });
    await expectAccessible(page, 'wizard step 4 (details, refused values)');
  });

  test('switching product asks before the uploaded creatives are removed; a video shows its poster frame', async ({
    page,
  }) => {
    await page.goto(createUrl);
    await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
    await page.getByRole('radio', { name: /Mobile, TV, Audio/ }).check({ force: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: 'Mobile Display' }).check({ force: true });
    // The example ad names this dealership (issue 25 item 9).
    const { name: dealershipName } = (await (await page.request.get(base)).json()) as { name: string };
    await page.getByRole('button', { name: 'Show ad examples' }).first().click();
    const ad = page.getByRole('img', { name: `Mobile Display example ad for ${dealershipName}` });
    await expect(ad).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/wizard-example-ad.png`, fullPage: true });
    await page.getByRole('button', { name: 'Hide ad examples' }).click();
    await expect(ad).toBeHidden();
    await chooseCustomCreatives(page);
    await page.locator('input[type=file]').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Creatives (1/3)')).toBeVisible();

    // A click, not check(): the choice waits for the confirmation, so the radio does not change yet.
    await page.getByRole('radio', { name: 'TV (OTT/CTV)' }).click({ force: true });
    const dialog = page.getByRole('dialog', { name: 'Remove the uploaded creatives?' });
    await expect(dialog).toContainText('Switching to TV (OTT/CTV) removes the 1 creative uploaded for Mobile Display.');
    await page.screenshot({ path: `${screenshotDir}/wizard-switch-product.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Keep Mobile Display' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('radio', { name: 'Mobile Display' })).toBeChecked();
    await expect(page.getByText('Creatives (1/3)')).toBeVisible();

    await page.getByRole('radio', { name: 'TV (OTT/CTV)' }).click({ force: true });
    await dialog.getByRole('button', { name: 'Switch and remove' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('radio', { name: 'TV (OTT/CTV)' })).toBeChecked();
    await expect(page.getByText('Creatives (0/1)')).toBeVisible();
    // A video creative shows its poster frame where the browser can draw one (issue 25 item 8).
    await page.locator('input[type=file]').setInputFiles({ name: 'spot.webm', mimeType: 'video/webm', buffer: WEBM });
    await expect(page.getByText('Creatives (1/1)')).toBeVisible();
    const poster = page.getByLabel('Preview of spot.webm');
    await expect
      .poll(() => poster.evaluate((video: HTMLVideoElement) => video.readyState >= 2 && video.videoWidth))
      .toBe(64);
    await page.screenshot({ path: `${screenshotDir}/wizard-video-poster.png`, fullPage: true });
    await page.getByRole('radio', { name: 'Mobile Display' }).click({ force: true });
    await expect(dialog).toContainText('removes the 1 creative uploaded for TV (OTT/CTV)');
    await dialog.getByRole('button', { name: 'Switch and remove' }).click();
    await expect(page.getByRole('radio', { name: 'Mobile Display' })).toBeChecked();
    await expect(page.getByText('Creatives (0/3)')).toBeVisible();
  });

  test('Esc closes only the innermost layer; leaving with unsaved input asks first', async ({ page }) => {
    await page.goto(createUrl);
    await page.getByRole('checkbox', { name: /I accept the Terms of Service/ }).check();
    await page.getByRole('radio', { name: /Mobile, TV, Audio/ }).check({ force: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: 'Digital Audio' }).check({ force: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: 'Awareness' }).check({ force: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Step 4/6')).toBeVisible();

    await page.getByLabel('Campaign name').fill('Typed, not saved');
    const start = page.getByRole('textbox', { name: /^Start date/ });
    await start.click();
    const picker = page
      .locator('.mantine-Popover-dropdown')
      .filter({ has: page.getByRole('button', { name: /\d{4}$/ }) });
    await expect(picker).toBeVisible();
    // Esc in the date picker closes the picker, not the wizard.
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    await expect(page.getByText('Step 4/6')).toBeVisible();
    await expect(page.getByLabel('Campaign name')).toHaveValue('Typed, not saved');

    // Esc on the wizard itself asks, because the step is not finished yet.
    await page.keyboard.press('Escape');
    const leave = page.getByRole('dialog', { name: 'Leave the campaign wizard?' });
    await expect(leave).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/wizard-leave.png`, fullPage: true });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(leave).toBeHidden();
    await expect(page.getByLabel('Campaign name')).toHaveValue('Typed, not saved');
    // The close button asks too; leaving goes back to the list.
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await leave.getByRole('button', { name: 'Leave', exact: true }).click();
    await expect(page.getByText('Step 4/6')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${listUrl(1, DEALERSHIP)}(\\?|$)`));
  });
});
