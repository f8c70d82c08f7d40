import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:3500';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
const r = await page.request.post(`${base}/api/auth/login`, { data: { email: 'agency@demo.test', password: 'demo1234' } });
console.log('login', r.status());
const go = async (path, file, wait) => {
  await page.goto(base + path);
  if (wait) await page.getByText(wait).first().waitFor({ timeout: 20000 }).catch((e) => console.log('wait failed', file, e.message.slice(0, 80)));
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/${file}.png`, fullPage: true });
};
await go('/dashboard/agency/1/dealership/202/campaigns/dyn/100057/?startDate=2026-10-03&endDate=2026-11-01', 'dyn-report', 'Attributed Sales');
const link = page.getByRole('link', { name: 'Show the matched sales' });
if (await link.count()) { await link.click(); await page.waitForTimeout(2000); await page.screenshot({ path: '/tmp/shots/drawer.png' }); }
await go('/dashboard/agency/1/dealership/202/inventory/insights', 'insights', 'Aged vehicles');
await go('/dashboard/agency/1/dealership/202/sales', 'sales', 'Sales');
await go('/dashboard/agency/1/dealership/202/inventory', 'inventory', 'Inventory');
await go('/dashboard/agency/1/attribution', 'settings', 'Sales attribution');
await browser.close();
