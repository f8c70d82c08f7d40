import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { csrfHeaders, expectAccessible, screenshotDir, uiLogin } from './fixtures';

/**
 * White-label per agency (issue 20 §4) and staff's Agencies page (issue 23 §2) in a real browser:
 * staff create a second agency and its first administrator; the administrator sets the agency's
 * name, logo and colour; that administrator and a dealership user of the agency see that brand in
 * the shell, the agency's sign-in link shows it, and the demo agency's users still see theirs.
 */

const PASSWORD = 'Lighthouse-Granite-Kettle-77';
const AGENCY = 'Harbor Light Media';
const BRAND_NAME = 'Harbor Light';
const COLOR = '#0b7285';
const DEALERSHIP_ID = 990001;

/** A `w`×`h` PNG: a teal block with a white stripe (a stand-in logo). */
function logoPng(w = 120, h = 40): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Array.from({ length: h }, (_, y) => {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x += 1) {
      const stripe = y > 16 && y < 24 && x > 10 && x < w - 10;
      row.set(stripe ? [255, 255, 255] : [0x0b, 0x72, 0x85], 1 + x * 3);
    }
    return row;
  });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The link token of the newest outbox message to `to` (quoted-printable undone). */
function linkToken(to: string): string | null {
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
    .filter((text) => text.includes(`To: ${to}`));
  return /#token=([A-Za-z0-9_-]+)/.exec(messages.at(-1) ?? '')?.[1] ?? null;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

async function accept(page: Page, email: string) {
  await expect.poll(() => linkToken(email)).not.toBeNull();
  await page.context().clearCookies();
  await page.goto(`/accept-invitation#token=${linkToken(email)!}`);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('New password').press('Enter');
  await expect(page).not.toHaveURL(/accept-invitation/);
}

const header = (page: Page) => page.getByRole('banner');

test('a second agency’s brand: its users see it, its sign-in link shows it, the demo agency keeps its own', async ({
  page,
  browser,
}) => {
  // Staff create the agency and its first administrator from the Agencies page.
  await uiLogin(page, 'staff@demo.test');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/admin/agencies');
  await expect(page.getByRole('heading', { name: 'Agencies' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New agency' });
  await form.getByRole('textbox', { name: 'Agency name' }).fill(AGENCY);
  await form.getByRole('textbox', { name: 'Administrator’s name' }).fill('Hana Okafor');
  await form.getByRole('textbox', { name: 'Administrator’s email' }).fill('hana@harborlight.test');
  await form.getByRole('button', { name: 'Create agency and invite administrator' }).click();
  await expect(page.getByRole('status')).toContainText(`Created ${AGENCY}`);
  const row = page.getByRole('row', { name: new RegExp(AGENCY) });
  await expect(row).toContainText('/login?agency=harbor-light-media');
  await expectAccessible(page, 'agencies admin');
  await shot(page, 'agencies-admin');

  // A rooftop for the new agency, loaded as staff load data (POST /api/admin/agencies has made the agency).
  const agencies = await page.request.get('/api/admin/agencies');
  const agency = ((await agencies.json()) as { data: Array<{ id: number; name: string }> }).data.find(
    (a) => a.name === AGENCY,
  )!;
  const ingest = await page.request.post('/api/admin/ingest', {
    headers: await csrfHeaders(page),
    multipart: {
      dealerships: {
        name: 'dealerships.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          `id,organization_id,name,street,city,state,zip,dma_code,enable_facebook_campaign_conversions,has_sold_report_source\n${DEALERSHIP_ID},${agency.id},Harbor Motors,1 Pier Rd,Charleston,SC,29401,,0,0\n`,
        ),
      },
    },
  });
  expect(ingest.status(), await ingest.text()).toBe(200);

  // The administrator accepts and sets the brand on the Branding page.
  await accept(page, 'hana@harborlight.test');
  await page.goto(`/dashboard/agency/${agency.id}/branding`);
  await expect(page.getByRole('heading', { name: `Branding of ${AGENCY}` })).toBeVisible();
  await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible();
  const settings = page.getByRole('form', { name: 'Branding' });
  await settings.getByRole('textbox', { name: 'Display name' }).fill(BRAND_NAME);
  await settings.getByRole('textbox', { name: 'Primary colour' }).fill('#ffec99');
  await settings.getByRole('button', { name: 'Save branding' }).click();
  await expect(settings).toContainText('WCAG AA');
  await settings.getByRole('textbox', { name: 'Primary colour' }).fill(COLOR);
  await settings.getByRole('textbox', { name: 'Email sender name' }).fill('Harbor Light Reports');
  await settings.getByRole('button', { name: 'Save branding' }).click();
  await expect(settings.getByRole('status')).toContainText('Saved');
  await expect(header(page).getByTestId('brand-name')).toHaveText(BRAND_NAME);
  await expect(header(page).locator('img')).toBeVisible();
  await expect(header(page).getByTestId('brand-mark')).toHaveAttribute('data-brand-color', COLOR);
  await expectAccessible(page, 'branding settings');
  await shot(page, 'branding-settings');

  // A dealership user of the agency sees the agency's brand, never the product's.
  const invite = await page.request.post(`/api/agencies/${agency.id}/invitations`, {
    headers: await csrfHeaders(page),
    data: { email: 'dev@harbormotors.test', name: 'Dev Patel', role_id: 3, dealership_ids: [DEALERSHIP_ID] },
  });
  expect(invite.status(), await invite.text()).toBe(201);
  await accept(page, 'dev@harbormotors.test');
  await expect(page).toHaveURL(new RegExp(`/dealership/${DEALERSHIP_ID}/`));
  await expect(header(page).getByTestId('brand-name')).toHaveText(BRAND_NAME);
  await expect(header(page).locator('img')).toBeVisible();
  await expect(header(page)).not.toContainText('Campaign Portal');
  const border = await header(page).evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(border).toBe('rgb(11, 114, 133)');
  // On the document's root: modals and menus, rendered outside the shell, wear the brand too.
  const rootColor = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
  );
  expect(rootColor).toBe(COLOR);
  await shot(page, 'branding-dealership-user');

  // The agency's sign-in link, without a session.
  const anonymous = await browser.newPage();
  await anonymous.goto('/sign-in?agency=harbor-light-media');
  await expect(anonymous).toHaveURL(/\/login\?agency=harbor-light-media$/);
  await expect(anonymous.getByRole('heading', { level: 1 })).toContainText(BRAND_NAME);
  await expect(anonymous.getByRole('main').locator('img')).toBeVisible();
  await shot(anonymous, 'branding-sign-in');
  await anonymous.goto('/login');
  await expect(anonymous.getByRole('heading', { level: 1 })).toHaveText('Campaign Portal');
  await anonymous.close();

  // The demo agency's dealer still sees the demo agency.
  await page.context().clearCookies();
  await uiLogin(page, 'dealer@demo.test');
  await expect(page).toHaveURL(/\/campaigns\/list/);
  await expect(header(page).getByTestId('brand-name')).not.toHaveText(BRAND_NAME);
  const demoBrand = (await (await page.request.get('/api/brands/1')).json()) as { name: string };
  await expect(header(page).getByTestId('brand-name')).toHaveText(demoBrand.name);
  await shot(page, 'branding-demo-dealer');
});
