import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  todayInZone,
  type AttributedSale,
  type AttributedSalesResponse,
  type AttributionSummary,
  type InventoryInsights,
  type OverviewResponse,
} from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { campaignVehicles, inventoryVehicles, vehicleSales } from '../../src/db/schema';
import { ingestFolder } from '../../src/ingestion';
import { createOtherTenant, OTHER } from '../factories/other-tenant';
import { authHeaders, build, login, writeFiles, type TestContext } from '../helper';

/**
 * Issue 22 §2–§3 over the real routes (docs/attribution.md): the fixture of 250 sales of which
 * exactly 100 follow an exposure inside the window — 100 attributed, 0 false matches — across the
 * window's edges (day 30 in, day 31 out, an exposure after the sale out, another dealership's
 * campaign out, a zero row out), a dealership in another time zone (its sales' local days), and
 * VINs advertised by two campaigns (last touch vs even split, clicks before views, ties). Then the
 * agency's settings, re-upload idempotence, the inventory insights and the tenancy of every route.
 */
let t: TestContext;
const cookies = { staff: '', agency: '', dealer: '', otherAdmin: '' };

const A = 894001; // dealership 101
const B = 894002; // dealership 101, second product
const ELSEWHERE = 894003; // dealership 102 of the same agency
const PACIFIC = 894004; // dealership 9301 of agency 3 (America/Los_Angeles)
const BASE = '/api/agencies/1/dealership/101';
const PACIFIC_BASE = '/api/agencies/3/dealership/9301';
const RANGE = 'startDate=2026-11-01&endDate=2026-11-30';

const CAMPAIGN_HEADER =
  'client_campaign_id,dealership_id,client_campaign_display_name,vendor_campaign_name,campaign_status,start_date,end_date,product_code,product_name,campaign_type,vendor,budget,demand_local_net,booked_impressions,show_roas,show_site_list,show_ad_previews';
const METRICS_HEADER = 'client_campaign_id,date,impressions,clicks,views,reach,spend,conversions,sales,calls,leads';
const campaignRow = (id: number, dealership: number, code: string, name: string) =>
  `${id},${dealership},Attributed ${id},,active,2026-10-01,2026-11-30,${code},${name},display,TabMo,1000,,100000,0,0,0`;

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const soldDay = (i: number) => `2026-11-${String(1 + (i % 30)).padStart(2, '0')}`;
const vin = (kind: string, i: number) => `1ATTR${kind}${String(i).padStart(6, '0')}`.padEnd(17, 'X');

type Exposure = { campaignId: number; date: string; vin: string; impressions: number; clicks: number };
type Sale = typeof vehicleSales.$inferInsert;
const exposures: Exposure[] = [];
const sales: Sale[] = [];
/** The sales that must be attributed, as `vin|sold_date`, with the campaign last touch must pick. */
const expected = new Map<string, number>();
const sale = (dealershipId: number, v: string, soldDate: string, price = 30000): Sale => ({
  dealershipId,
  vin: v,
  soldDate,
  dealType: 'used',
  salePrice: price,
  frontGross: 1500,
  backGross: 500,
});

function buildFixture() {
  // 80 ordinary attributed sales: one view of campaign A 0–30 days before (day 30 in).
  for (let i = 0; i < 80; i++) {
    const v = vin('A', i);
    const sold = soldDay(i);
    sales.push(sale(101, v, sold));
    exposures.push({ campaignId: A, date: addDays(sold, -(i % 31)), vin: v, impressions: 5, clicks: 0 });
    expected.set(`${v}|${sold}`, A);
  }
  // 10 VINs advertised by both A and B.
  for (let i = 0; i < 10; i++) {
    const v = vin('T', i);
    const sold = soldDay(i);
    sales.push(sale(101, v, sold));
    if (i < 4) {
      // views only: B's last view is later → B (last touch); even split ½ each.
      exposures.push({ campaignId: A, date: addDays(sold, -10), vin: v, impressions: 50, clicks: 0 });
      exposures.push({ campaignId: B, date: addDays(sold, -5), vin: v, impressions: 20, clicks: 0 });
      expected.set(`${v}|${sold}`, B);
    } else if (i < 7) {
      // A clicked earlier, B only viewed later: clicks before views → A alone competes.
      exposures.push({ campaignId: A, date: addDays(sold, -20), vin: v, impressions: 10, clicks: 1 });
      exposures.push({ campaignId: B, date: addDays(sold, -2), vin: v, impressions: 90, clicks: 0 });
      expected.set(`${v}|${sold}`, A);
    } else {
      // same last day, no clicks: more impressions wins (B); even split ½ each.
      exposures.push({ campaignId: A, date: addDays(sold, -3), vin: v, impressions: 50, clicks: 0 });
      exposures.push({ campaignId: B, date: addDays(sold, -3), vin: v, impressions: 100, clicks: 0 });
      expected.set(`${v}|${sold}`, B);
    }
  }
  // 10 sales of the Pacific dealership, recorded at 23:30 local time: the UTC instant is the next
  // day, the sale's day is the local one; the exposure 30 local days before is in.
  for (let i = 0; i < 10; i++) {
    const v = vin('P', i);
    const local = soldDay(i);
    const instant = new Date(`${addDays(local, 1)}T07:30:00Z`); // 23:30 PST on `local`
    const sold = todayInZone(instant, 'America/Los_Angeles');
    expect(sold).toBe(local);
    sales.push(sale(9301, v, sold));
    exposures.push({ campaignId: PACIFIC, date: addDays(sold, -30), vin: v, impressions: 3, clicks: 1 });
    expected.set(`${v}|${sold}`, PACIFIC);
  }
  // 150 sales that must not match.
  for (let i = 0; i < 40; i++) {
    const v = vin('O', i); // day 31: out
    const sold = soldDay(i);
    sales.push(sale(101, v, sold));
    exposures.push({ campaignId: A, date: addDays(sold, -31), vin: v, impressions: 100, clicks: 5 });
  }
  for (let i = 0; i < 30; i++) {
    const v = vin('F', i); // served after the sale only
    const sold = soldDay(i);
    sales.push(sale(101, v, sold));
    exposures.push({ campaignId: A, date: addDays(sold, 1), vin: v, impressions: 100, clicks: 5 });
  }
  for (let i = 0; i < 30; i++) {
    const v = vin('D', i); // served by another dealership's campaign
    const sold = soldDay(i);
    sales.push(sale(101, v, sold));
    exposures.push({ campaignId: ELSEWHERE, date: addDays(sold, -3), vin: v, impressions: 100, clicks: 5 });
  }
  for (let i = 0; i < 20; i++) {
    const v = vin('Z', i); // a row without impressions or clicks
    const sold = soldDay(i);
    sales.push(sale(101, v, sold));
    exposures.push({ campaignId: A, date: addDays(sold, -3), vin: v, impressions: 0, clicks: 0 });
  }
  for (let i = 0; i < 30; i++) sales.push(sale(101, vin('N', i), soldDay(i))); // never served
}

const send = (method: 'GET' | 'PATCH', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? authHeaders(cookie) : {}, ...(payload ? { payload } : {}) });

async function get<T>(url: string, cookie = cookies.agency): Promise<T> {
  const response = await send('GET', url, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

async function allMatched(
  base = BASE,
  query = RANGE,
  cookie = base === PACIFIC_BASE ? cookies.staff : cookies.agency,
): Promise<AttributedSale[]> {
  const rows: AttributedSale[] = [];
  for (let page = 0; ; page++) {
    const answer = await get<AttributedSalesResponse>(
      `${base}/attribution/sales?${query}&pageIndex=${page}&pageSize=50`,
      cookie,
    );
    rows.push(...answer.data);
    if (rows.length >= answer.total || answer.data.length === 0) break;
  }
  return rows;
}

async function setSettings(body: object, cookie = cookies.agency, organization = 1) {
  const response = await send('PATCH', `/api/agencies/${organization}/attribution-settings`, cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { window_days: number; model: string; aged_inventory_days: number };
}

beforeAll(async () => {
  t = await build();
  await createOtherTenant(t.database.db);
  const metrics = Array.from({ length: 30 }, (_, i) => {
    const d = `2026-11-${String(i + 1).padStart(2, '0')}`;
    return [`${A},${d},10000,100,0,,10.00,0,0,0,0`, `${B},${d},5000,50,0,,5.00,0,0,0,0`];
  }).flat();
  const dir = await writeFiles({
    'organizations.csv': 'id,name,show_budget_type,time_zone\n3,Pacific Agency,1,America/Los_Angeles\n',
    'dealerships.csv':
      'id,organization_id,name,street,city,state,zip,dma_code,enable_facebook_campaign_conversions,has_sold_report_source\n' +
      '9301,3,Pacific Motors,1 Ocean Ave,San Diego,CA,92101,825,0,0\n',
    'campaigns.csv': `${CAMPAIGN_HEADER}\n${[
      campaignRow(A, 101, 'DYD', 'Dynamic Inventory Display'),
      campaignRow(B, 101, 'VID', 'Video'),
      campaignRow(ELSEWHERE, 102, 'DYD', 'Dynamic Inventory Display'),
      campaignRow(PACIFIC, 9301, 'DYD', 'Dynamic Inventory Display'),
    ].join('\n')}\n`,
    'campaign_daily_metrics.csv': `${METRICS_HEADER}\n${metrics.join('\n')}\n`,
  });
  const outcome = await ingestFolder(t.database.db, dir);
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  buildFixture();
  expect(sales).toHaveLength(250);
  expect(expected.size).toBe(100);
  await t.database.db.insert(campaignVehicles).values(exposures);
  await t.database.db.insert(vehicleSales).values(sales);
  cookies.staff = await login(t.app, 'staff@demo.test');
  cookies.agency = await login(t.app, 'agency@demo.test');
  cookies.dealer = await login(t.app, 'dealer@demo.test');
  cookies.otherAdmin = await login(t.app, OTHER.adminEmail, OTHER.password);
});
afterAll(() => t.close());

describe('the attribution rule over the fixture (issue 22 §2)', () => {
  it('attributes exactly the 100 sales that follow an exposure in the window, with no false match', async () => {
    const matched = [...(await allMatched()), ...(await allMatched(PACIFIC_BASE))];
    const staffPacific = await get<AttributedSalesResponse>(
      `${PACIFIC_BASE}/attribution/sales?${RANGE}`,
      cookies.staff,
    );
    expect(staffPacific.rule).toEqual({ model: 'last_touch', window_days: 30 });
    const keys = matched.map((m) => `${m.vin}|${m.sold_date}`);
    expect(new Set(keys).size).toBe(keys.length); // last touch: one campaign per sale
    expect(keys.sort()).toEqual([...expected.keys()].sort());
    for (const m of matched) expect(m.campaign_id).toBe(expected.get(`${m.vin}|${m.sold_date}`));
  });

  it('keeps day 30 in and day 31 out', async () => {
    const matched = await allMatched();
    const day30 = matched.filter((m) => m.last_exposure_date === addDays(m.sold_date, -30));
    expect(day30.length).toBeGreaterThan(0);
    expect(matched.some((m) => m.vin.startsWith('1ATTRO'))).toBe(false);
  });

  it('gives each match its evidence: last exposure, impressions and clicks in the window, the campaign', async () => {
    const matched = await allMatched();
    const clicked = matched.find((m) => m.vin === vin('T', 4))!;
    expect(clicked).toMatchObject({
      campaign_id: A,
      campaign_name: `Attributed ${A}`,
      product_code: 'DYD',
      sold_date: soldDay(4),
      last_exposure_date: addDays(soldDay(4), -20),
      impressions: 10,
      clicks: 1,
      share: 1,
      sale_price: 30000,
      gross: 2000,
      gross_derived: false,
    });
    const onlyB = await get<AttributedSalesResponse>(`${BASE}/attribution/sales?${RANGE}&campaign_id=${B}`);
    expect(onlyB.total).toBe(7);
    expect(onlyB.data.every((m) => m.campaign_id === B)).toBe(true);
  });

  it('the Pacific sales land on their local day (23:30 PST is the next UTC day)', async () => {
    const matched = await allMatched(PACIFIC_BASE);
    expect(matched).toHaveLength(10);
    for (const m of matched) expect(m.last_exposure_date).toBe(addDays(m.sold_date, -30));
  });

  it('sums per campaign and product code: attributed sales, gross, cost per sale and ROAS, with the rule', async () => {
    const summary = await get<AttributionSummary>(`${BASE}/attribution?${RANGE}`);
    expect(summary.rule).toEqual({ model: 'last_touch', window_days: 30 });
    expect(summary.has_sales).toBe(true);
    expect(summary.sales).toBe(240);
    expect(summary.attributed_sales).toBe(90);
    const a = summary.campaigns.find((c) => c.campaign_id === A)!;
    const b = summary.campaigns.find((c) => c.campaign_id === B)!;
    expect(a).toMatchObject({
      attributed_sales: 83,
      spend: 300,
      attributed_gross: 166000,
      attributed_revenue: 2490000,
    });
    expect(a.cost_per_sale).toBeCloseTo(300 / 83, 2);
    expect(a.roas).toBeCloseTo(166000 / 300, 2);
    expect(b).toMatchObject({ attributed_sales: 7, spend: 150, cost_per_sale: 21.43, attributed_gross: 14000 });
    expect(
      summary.products.filter((p) => p.attributed_sales > 0).map((p) => [p.product_code, p.attributed_sales]),
    ).toEqual([
      ['DYD', 83],
      ['VID', 7],
    ]);
    expect(summary.campaigns.some((c) => c.campaign_id === ELSEWHERE)).toBe(false);
  });

  it('the agency overview counts a rooftop’s attributed sales under the rule, and its cost per sale', async () => {
    const summary = await get<AttributionSummary>(`${BASE}/attribution?${RANGE}`);
    const overview = await get<OverviewResponse>(`/api/agencies/1/overview?${RANGE}`);
    expect(overview.attribution_rule).toEqual(summary.rule);
    const rooftop = overview.rows.find((row) => row.dealership_id === 101)!;
    expect(rooftop.sales_source).toBe('attributed');
    expect(rooftop.current.sales).toBe(summary.attributed_sales);
    expect(rooftop.current.sales).toBe(90);
    expect(rooftop.current.cost_per_sale).toBe(Math.round((rooftop.current.spend / 90) * 100) / 100);
    // The previous period (October) holds no sale of the fixture.
    expect(rooftop.previous.sales).toBe(0);
    // Dealership 102's campaign served VINs that 101 sold: no sales records of its own, no attribution.
    expect(overview.rows.find((row) => row.dealership_id === 102)!.sales_source).not.toBe('attributed');
    // The totals add the rooftops with a source, attributed or reported.
    const withSource = overview.rows.filter((row) => row.sales_source !== 'none');
    expect(overview.totals.current.sales).toBe(withSource.reduce((total, row) => total + row.current.sales!, 0));
    // The CSV names each rooftop's source, with the rule for the attributed ones.
    const csv = await send('GET', `/api/agencies/1/overview/csv?${RANGE}`, cookies.agency);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]!.split(',').at(-1)).toBe('Sales source');
    const line = lines.find((l) => l.startsWith(`${rooftop.name},`))!;
    expect(line).toContain(`,${rooftop.current.sales},`);
    expect(line.endsWith(',"Attributed from sales records: Last touch, 30-day window"')).toBe(true);
    // Another window re-attributes here too, and the overview names it.
    await setSettings({ window_days: 31 });
    try {
      const wider = await get<OverviewResponse>(`/api/agencies/1/overview?${RANGE}`);
      expect(wider.attribution_rule).toEqual({ model: 'last_touch', window_days: 31 });
      expect(wider.rows.find((row) => row.dealership_id === 101)!.current.sales).toBe(
        (await get<AttributionSummary>(`${BASE}/attribution?${RANGE}`)).attributed_sales,
      );
      expect(wider.rows.find((row) => row.dealership_id === 101)!.current.sales).toBeGreaterThan(90);
    } finally {
      await setSettings({ window_days: 30 });
    }
  });

  it('even split shares a sale across the competing campaigns; clicks still come before views', async () => {
    await setSettings({ model: 'even_split' });
    const matched = await allMatched();
    const shares = (v: string) =>
      matched
        .filter((m) => m.vin === v)
        .map((m) => [m.campaign_id, m.share])
        .sort();
    expect(shares(vin('T', 0))).toEqual([
      [A, 0.5],
      [B, 0.5],
    ]);
    expect(shares(vin('T', 4))).toEqual([[A, 1]]);
    expect(shares(vin('T', 8))).toEqual([
      [A, 0.5],
      [B, 0.5],
    ]);
    const summary = await get<AttributionSummary>(`${BASE}/attribution?${RANGE}`);
    expect(summary.rule.model).toBe('even_split');
    expect(summary.attributed_sales).toBe(90);
    expect(summary.campaigns.find((c) => c.campaign_id === B)!.attributed_sales).toBe(3.5);
    expect(summary.campaigns.find((c) => c.campaign_id === A)!.attributed_sales).toBe(86.5);
    await setSettings({ model: 'last_touch' });
  });

  it('a wider window re-attributes at once: 31 days takes the day-31 sales in', async () => {
    await setSettings({ window_days: 31 });
    const summary = await get<AttributionSummary>(`${BASE}/attribution?${RANGE}`);
    expect(summary.rule.window_days).toBe(31);
    expect(summary.attributed_sales).toBe(130);
    await setSettings({ window_days: 30 });
  });

  it('ties with equal clicks and impressions go to the lower campaign id', async () => {
    const v = vin('Q', 0);
    await t.database.db.insert(vehicleSales).values(sale(101, v, '2026-11-15'));
    await t.database.db.insert(campaignVehicles).values([
      { campaignId: B, date: '2026-11-10', vin: v, impressions: 7, clicks: 0 },
      { campaignId: A, date: '2026-11-10', vin: v, impressions: 7, clicks: 0 },
    ]);
    const matched = await allMatched();
    expect(matched.filter((m) => m.vin === v).map((m) => m.campaign_id)).toEqual([A]);
    await t.database.db.delete(vehicleSales).where(eq(vehicleSales.vin, v));
  });
});

describe('hostile input', () => {
  it('answers 400 for SQL in the query and returns a hostile VIN as text', async () => {
    for (const query of [
      `${RANGE}&campaign_id=${encodeURIComponent('1 or 1=1')}`,
      `startDate=${encodeURIComponent("2026-11-01' or '1'='1")}&endDate=2026-11-30`,
      `${RANGE}&pageSize=${encodeURIComponent('10; drop table vehicle_sales')}`,
    ]) {
      const response = await send('GET', `${BASE}/attribution/sales?${query}`, cookies.agency);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
    }
    const hostile = "X'); drop table vehicle_sales;--";
    await t.database.db.insert(vehicleSales).values(sale(101, hostile, '2026-11-15'));
    await t.database.db
      .insert(campaignVehicles)
      .values({ campaignId: A, date: '2026-11-14', vin: hostile, impressions: 1, clicks: 0 });
    const matched = await allMatched();
    expect(matched.find((m) => m.vin === hostile)).toMatchObject({ campaign_id: A, sold_date: '2026-11-15' });
    await t.database.db.delete(vehicleSales).where(eq(vehicleSales.vin, hostile));
  });
});

describe('re-attribution (issue 22 §2)', () => {
  it('re-uploading the same sales changes nothing; a corrected sale changes only its own attribution', async () => {
    const before = await allMatched();
    const summaryBefore = await get<AttributionSummary>(`${BASE}/attribution?${RANGE}`);
    // The same rows again (an upsert on the natural key, as ingestion does).
    await t.database.db
      .insert(vehicleSales)
      .values(sales)
      .onConflictDoUpdate({
        target: [vehicleSales.dealershipId, vehicleSales.vin, vehicleSales.soldDate],
        set: { salePrice: sql`excluded.sale_price`, frontGross: sql`excluded.front_gross` },
      });
    expect(await allMatched()).toEqual(before);
    expect(await get<AttributionSummary>(`${BASE}/attribution?${RANGE}`)).toEqual(summaryBefore);
    // One corrected sale: its price and gross change, nothing else does.
    const corrected = vin('A', 5);
    await t.database.db
      .update(vehicleSales)
      .set({ salePrice: 31000, frontGross: 2500, updatedAt: new Date() })
      .where(eq(vehicleSales.vin, corrected));
    const after = await allMatched();
    expect(after).toHaveLength(before.length);
    const changed = after.filter((row, i) => JSON.stringify(row) !== JSON.stringify(before[i]));
    expect(changed.map((r) => r.vin)).toEqual([corrected]);
    expect(changed[0]).toMatchObject({ sale_price: 31000, gross: 3000, campaign_id: A });
    await t.database.db
      .update(vehicleSales)
      .set({ salePrice: 30000, frontGross: 1500 })
      .where(eq(vehicleSales.vin, corrected));
  });
});

describe('agency settings', () => {
  it('administrators and staff read and change them; values are bounded', async () => {
    expect(await get(`/api/agencies/1/attribution-settings`)).toEqual({
      window_days: 30,
      model: 'last_touch',
      aged_inventory_days: 60,
    });
    expect(await setSettings({ aged_inventory_days: 45 }, cookies.staff)).toMatchObject({ aged_inventory_days: 45 });
    await setSettings({ aged_inventory_days: 60 });
    for (const body of [{ window_days: 0 }, { window_days: 91 }, { model: 'first_touch' }, {}, { window_days: '30' }]) {
      const response = await send('PATCH', '/api/agencies/1/attribution-settings', cookies.agency, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('a dealership user cannot (403), another agency sees nothing (404)', async () => {
    for (const method of ['GET', 'PATCH'] as const) {
      const dealer = await send(method, '/api/agencies/1/attribution-settings', cookies.dealer, { window_days: 10 });
      expect(dealer.statusCode).toBe(403);
      const other = await send(method, '/api/agencies/1/attribution-settings', cookies.otherAdmin, { window_days: 10 });
      expect(other.statusCode).toBe(404);
    }
    for (const path of [`attribution?${RANGE}`, `attribution/sales?${RANGE}`, 'inventory-insights'])
      expect((await send('GET', `${BASE}/${path}`, cookies.otherAdmin)).statusCode).toBe(404);
    // A campaign of another dealership named in the query: 404.
    const response = await send('GET', `${BASE}/attribution/sales?${RANGE}&campaign_id=${ELSEWHERE}`, cookies.agency);
    expect(response.statusCode).toBe(404);
    expect((await get(`/api/agencies/1/attribution-settings`)) as object).toMatchObject({ window_days: 30 });
  });
});

describe('inventory insights (issue 22 §3)', () => {
  const AS_OF = '2026-11-30';
  beforeAll(async () => {
    const vehicle = (v: string, firstSeen: string, gone: string | null) => ({
      dealershipId: 101,
      vin: v,
      year: 2024,
      make: 'Honda',
      model: 'Civic',
      vehicleState: 'Used',
      price: 25000,
      firstSeenDate: firstSeen,
      goneDate: gone,
    });
    await t.database.db
      .insert(inventoryVehicles)
      .values([
        vehicle('INSIGHTAGED000001', addDays(AS_OF, -100), null),
        vehicle('INSIGHTNEW0000001', addDays(AS_OF, -10), null),
        vehicle('INSIGHTGONE000001', addDays(AS_OF, -40), '2026-11-25'),
        vehicle('INSIGHTQUIET00001', addDays(AS_OF, -20), null),
      ])
      .onConflictDoNothing();
    await t.database.db.insert(campaignVehicles).values([
      { campaignId: A, date: '2026-11-29', vin: 'INSIGHTAGED000001', impressions: 10, clicks: 0 },
      { campaignId: A, date: '2026-11-30', vin: 'INSIGHTNEW0000001', impressions: 10, clicks: 0 },
      { campaignId: A, date: '2026-11-24', vin: 'INSIGHTGONE000001', impressions: 500, clicks: 0 },
      ...['2026-11-26', '2026-11-27', '2026-11-28'].map((date) => ({
        campaignId: A,
        date,
        vin: 'INSIGHTGONE000001',
        impressions: 1000,
        clicks: 2,
      })),
      { campaignId: A, date: '2026-11-22', vin: 'INSIGHTQUIET00001', impressions: 10, clicks: 0 },
    ]);
  });

  it('lists aged, advertised-after-gone, not-shown and sold vehicles', async () => {
    const insights = await get<InventoryInsights>(`${BASE}/inventory-insights?as_of=${AS_OF}`, cookies.dealer);
    expect(insights).toMatchObject({ as_of: AS_OF, aged_threshold_days: 60, unshown_days: 7 });
    expect(insights.aged.map((v) => [v.vin, v.days_on_lot])).toEqual([['INSIGHTAGED000001', 100]]);
    expect(insights.advertised_after_gone).toEqual([
      expect.objectContaining({
        vin: 'INSIGHTGONE000001',
        gone_date: '2026-11-25',
        impressions: 3000,
        clicks: 6,
        last_exposure_date: '2026-11-28',
        estimated_spend: 3, // 3,000 impressions × $10 / 10,000 impressions a day
        campaign_names: [`Attributed ${A}`],
      }),
    ]);
    // The demo's own inventory of dealership 101 (no exposure in the fixture's days) is listed too.
    const ours = insights.unshown.filter((v) => v.vin.startsWith('INSIGHT'));
    expect(ours.map((v) => [v.vin, v.last_exposure_date, v.days_on_lot])).toEqual([
      ['INSIGHTQUIET00001', '2026-11-22', 20],
    ]);
    expect(insights.sold_total).toBe(240);
    expect(insights.sold).toHaveLength(200); // the newest 200 of 240
    const sold = insights.sold.find((s) => s.vin === vin('T', 9))!;
    expect(sold.campaigns).toEqual([{ campaign_id: B, campaign_name: `Attributed ${B}`, share: 1 }]);
    expect(insights.sold.find((s) => s.vin === vin('N', 29))!.campaigns).toEqual([]);
  });

  it('follows the agency’s aged threshold and defaults to the agency’s today', async () => {
    await setSettings({ aged_inventory_days: 15 });
    const insights = await get<InventoryInsights>(`${BASE}/inventory-insights?as_of=${AS_OF}`);
    expect(insights.aged.map((v) => v.vin)).toEqual(['INSIGHTAGED000001', 'INSIGHTQUIET00001']);
    await setSettings({ aged_inventory_days: 60 });
    const today = await get<InventoryInsights>(`${BASE}/inventory-insights`);
    expect(today.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await send('GET', `${BASE}/inventory-insights?as_of=2026-13-01`, cookies.agency)).statusCode).toBe(400);
  });
});
