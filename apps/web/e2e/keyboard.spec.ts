import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, csrfHeaders, listUrl, screenshotDir } from './fixtures';

// Keyboard only (docs/accessibility.md): both wizards from the first step to the end with Tab,
// Shift+Tab, Space, Enter and typing — no clicks, no fills — and modals that trap focus and give it
// back. Dealership 104 keeps these drafts apart from the other wizard tests.

const DEALERSHIP = 104;
const base = `/api/agencies/1/dealership/${DEALERSHIP}`;
const createUrl = `${listUrl(1, DEALERSHIP)}/create/new`;

/** Presses Tab until `target` (or something inside it) has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 120) {
  for (let i = 0; i < max; i++) {
    const focused = await target
      .first()
      .evaluate((el) => el === document.activeElement || el.contains(document.activeElement))
      .catch(() => false);
    if (focused) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function press(page: Page, target: Locator, key: string) {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

async function type(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

async function clearDrafts(page: Page) {
  const headers = await csrfHeaders(page);
  const drafts = (await (await page.request.get(`${base}/campaigns/incomplete?pageSize=100`)).json()) as {
    data: Array<{ link_campaign_id: number }>;
  };
  for (const draft of drafts.data) {
    await page.request.delete(`${base}/campaigns/${draft.link_campaign_id}/creative`, { headers });
    await page.request.delete(`${base}/campaigns/${draft.link_campaign_id}`, { headers });
  }
}

/** Steps 1 and 2 of both wizards: type, terms, product. */
async function chooseTypeAndProduct(page: Page, type: RegExp, product: string) {
  await page.goto(createUrl);
  await expect(page.getByText('Step 1/6')).toBeVisible();
  await press(page, page.getByRole('radio', { name: type }), 'Space');
  await press(page, page.getByRole('checkbox', { name: /I accept the Terms of Service/ }), 'Space');
  await press(page, page.getByRole('button', { name: 'Continue' }), 'Enter');
  await expect(page.getByText('Step 2/6')).toBeVisible();
  await press(page, page.getByRole('radio', { name: product }), 'Space');
  await expect(page.getByRole('radio', { name: product })).toBeChecked();
}

/** Step 4: name, next month's dates, the recommended budget and the dealership's market. */
async function details(page: Page, name: string) {
  await expect(page.getByText('Step 4/6')).toBeVisible();
  await type(page, page.getByLabel('Campaign name'), name);
  // The presets are a radio group: Tab enters it, an arrow key moves to (and picks) the next one.
  await press(page, page.getByRole('radio', { name: 'Today to end of this month' }), 'ArrowRight');
  await expect(page.getByRole('radio', { name: 'Next month' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: /^Start date/ })).not.toHaveValue('');
  await press(page, page.getByLabel('Use recommended budget?'), 'Space');
  await expect(page.getByRole('textbox', { name: 'Budget' })).toHaveValue('$5,000');
  await type(page, page.getByLabel('Find the media market of a zip code'), '29607');
  await press(page, page.getByRole('button', { name: 'Find region' }), 'Enter');
  await expect(page.locator('.mantine-TagsInput-pill')).toHaveCount(1);
  await press(page, page.getByRole('button', { name: 'Continue' }), 'Enter');
  await expect(page.getByText('Step 5/6')).toBeVisible();
}

test.describe('keyboard only', () => {
  test.beforeEach(async ({ page }) => {
    await apiLogin(page, 'agency@demo.test');
    await clearDrafts(page);
  });

  test('the inventory wizard can be completed with the keyboard alone', async ({ page }) => {
    await chooseTypeAndProduct(page, /Campaign using my current inventory/, 'Dynamic Inventory Display');
    await press(page, page.getByRole('button', { name: 'Continue' }), 'Enter');
    await expect(page.getByText('Step 3/6')).toBeVisible();
    await press(page, page.getByRole('checkbox', { name: /Used cars/ }), 'Space');
    await expect(page.getByRole('checkbox', { name: /Used cars/ })).toBeChecked();
    await press(page, page.getByRole('button', { name: 'Continue' }), 'Enter');
    await details(page, 'Keyboard inventory');
    await press(page, page.getByRole('button', { name: 'Continue' }), 'Enter');
    await expect(page.getByText('Nice! Campaign successfully created!')).toBeVisible();
    await page.screenshot({ path: `${screenshotDir}/keyboard-inventory-success.png` });
    await press(page, page.getByRole('button', { name: 'Close this window' }), 'Enter');
    await expect(page).toHaveURL(/\/campaigns\/list(\?startDate=[\d-]+&endDate=[\d-]+)?$/);
    await expect(page.getByRole('row').filter({ hasText: 'Keyboard inventory' })).toHaveCount(1);
  });

  test('the non-inventory wizard, creative upload included, can be completed with the keyboard alone', async ({
    page,
  }) => {
    await chooseTypeAndProduct(page, /Mobile, TV, Audio/, 'Mobile Display');
    // Custom creatives: Space turns the switch on; the drop zone opens the file chooser on Enter.
    await press(page, page.getByRole('switch', { name: 'Use default creatives' }), 'Space');
    await expect(page.getByRole('switch', { name: 'Upload custom creatives' })).toBeChecked();
    const chooser = page.waitForEvent('filechooser');
    await press(page, page.getByLabel('Upload creatives'), 'Enter');
    await (
      await chooser
    ).setFiles({
      name: 'keyboard-300x250.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await expect(page.getByText('Creatives (1/3)')).toBeVisible();
    await press(page, page.getByRole('button', { name: 'Continue' }), 'Enter');
    await expect(page.getByText('Step 3/6')).toBeVisible();
    await press(page, page.getByRole('radio', { name: 'Awareness' }), 'Space');
    await press(page, page.getByRole('button', { name: 'Continue' }), 'Enter');
    await details(page, 'Keyboard banners');
    await press(page, page.getByRole('button', { name: 'Create campaign!' }), 'Enter');
    await expect(page.getByText('Ready to launch!')).toBeVisible();
    await press(page, page.getByRole('button', { name: 'Create campaign!' }), 'Enter');
    await expect(page).toHaveURL(/\/campaigns\/list(\?startDate=[\d-]+&endDate=[\d-]+)?$/);
    await expect(page.getByRole('row').filter({ hasText: 'Keyboard banners' })).toHaveCount(1);
  });

  test('modals keep the focus inside, close on Escape and give the focus back', async ({ page }) => {
    const cases = [
      { page: listUrl(1, DEALERSHIP), opener: page.getByRole('link', { name: 'Create or Import Campaign' }) },
      {
        page: `/dashboard/agency/1/dealership/${DEALERSHIP}/campaigns/breakdown?dateFilter=3_month`,
        opener: page.getByRole('link', { name: 'Generate Custom Report' }),
      },
    ];
    for (const { page: url, opener } of cases) {
      await page.goto(url);
      await press(page, opener, 'Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const inside = () => dialog.evaluate((el) => el.contains(document.activeElement));
      await expect.poll(inside).toBe(true);
      for (let i = 0; i < 15; i++) {
        await page.keyboard.press('Tab');
        expect(await inside(), `${url}: Tab ${i + 1}`).toBe(true);
      }
      for (let i = 0; i < 15; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await inside(), `${url}: Shift+Tab ${i + 1}`).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
    }
  });

  test('the date range opens and sets a preset with the keyboard, on the list and then on a report', async ({
    page,
  }) => {
    await apiLogin(page, 'agency@demo.test');
    await page.goto(listUrl(1, 101, '?startDate=2026-01-01&endDate=2026-11-30'));
    const field = page.getByLabel('Date range');
    await expect(field).toHaveText('01/01/2026 – 11/30/2026');
    // The calendar's code loads when the field is reached; Enter opens it at once.
    await press(page, field, 'Enter');
    await press(page, page.getByRole('button', { name: 'Last 7 days' }), 'Enter');
    await expect(page).not.toHaveURL(/startDate=2026-01-01/);
    await expect(field).not.toHaveText('01/01/2026 – 11/30/2026');

    // A report page mounts a new filter while the calendar's code is already loaded.
    await press(page, page.getByRole('table').getByRole('link').first(), 'Enter');
    await expect(page).toHaveURL(/\/campaigns\/[a-z]+\/\d+/);
    await press(page, page.getByLabel('Date range'), 'Enter');
    await expect(page.getByRole('button', { name: 'Last 30 days' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveCount(0);
    await expect(page.getByLabel('Date range')).toBeFocused();
  });
});
