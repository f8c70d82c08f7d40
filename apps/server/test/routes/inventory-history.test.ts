import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@portal/contracts';
import { inventorySnapshots, inventoryVehicles, vehicleSales } from '../../src/db/schema';
import { ingestFolder } from '../../src/ingestion';
import { authHeaders, build, login, writeFiles, type TestContext } from '../helper';
import { TEST_TODAY } from '../constants';

/** Issue 22 §1: every inventory load is a dated snapshot; gone and first-seen dates follow. */

let t: TestContext;
let now = new Date(`${TEST_TODAY}T18:00:00Z`);
let agency = '';
beforeAll(async () => {
  t = await build({ clock: () => now });
  agency = await login(t.app, 'agency@demo.test');
});
afterAll(() => t.close());

const A = '1HGCM82633A004352';
const B = '2T1BURHE0JC000001';
const C = '3VWDX7AJ5DM000002';
const DAY1 = TEST_TODAY;
const DAY3 = addDays(TEST_TODAY, 2);
const DAY5 = addDays(TEST_TODAY, 4);

const feed = (dealershipId: number, body: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/agencies/1/dealership/${dealershipId}/inventory/feed`,
    headers: { ...authHeaders(agency), 'content-type': 'text/csv' },
    payload: body,
  });

const vehicles = async (dealershipId: number) =>
  t.database.db
    .select({
      vin: inventoryVehicles.vin,
      price: inventoryVehicles.price,
      firstSeen: inventoryVehicles.firstSeenDate,
      gone: inventoryVehicles.goneDate,
    })
    .from(inventoryVehicles)
    .where(eq(inventoryVehicles.dealershipId, dealershipId))
    .orderBy(asc(inventoryVehicles.vin));

const snapshots = async (dealershipId: number) =>
  (
    await t.database.db
      .select()
      .from(inventorySnapshots)
      .where(eq(inventorySnapshots.dealershipId, dealershipId))
      .orderBy(asc(inventorySnapshots.snapshotDate), asc(inventorySnapshots.vin))
  ).map((s) => [s.snapshotDate, s.vin, s.price]);

const listed = async (dealershipId: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/agencies/1/dealership/${dealershipId}/inventory/vehicles?pageIndex=0&pageSize=99999`,
      headers: authHeaders(agency),
    })
  ).json() as { data: Array<{ vin_number: string; days_on_lot: number | null }>; pagination: { total: number } };

const at = (day: string) => {
  now = new Date(`${day}T18:00:00Z`);
};

describe('inventory history from the feed', () => {
  it('a smaller feed on day 3 makes the missing VIN gone, records the price change; reappearance clears gone', async () => {
    at(DAY1);
    const day1 = await feed(
      103,
      `vin,year,make,model,vehicle_state,price\n${A},2025,Honda,Accord,New,31500\n${B},2020,Toyota,Corolla,Used,18000\n${C},2013,Volkswagen,Jetta,Used,9000\n`,
    );
    expect(day1.statusCode, day1.body).toBe(200);
    // The feed is the full lot: the demo's own vehicles of 103 left it today.
    expect(day1.json()).toMatchObject({ inserted: 3, totalVehicles: 3 });
    const demoGone = (await vehicles(103)).filter((v) => ![A, B, C].includes(v.vin));
    expect(demoGone.length).toBeGreaterThan(0);
    expect(demoGone.every((v) => v.gone === DAY1)).toBe(true);

    at(DAY3);
    const day3 = await feed(
      103,
      `vin,year,make,model,vehicle_state,price\n${A},2025,Honda,Accord,New,29900\n${B},2020,Toyota,Corolla,Used,18000\n`,
    );
    expect(day3.json()).toMatchObject({ inserted: 0, updated: 2, totalVehicles: 2 });
    const ours = (await vehicles(103)).filter((v) => [A, B, C].includes(v.vin));
    expect(ours).toEqual([
      { vin: A, price: 29900, firstSeen: DAY1, gone: null },
      { vin: B, price: 18000, firstSeen: DAY1, gone: null },
      { vin: C, price: 9000, firstSeen: DAY1, gone: DAY3 },
    ]);
    expect(await snapshots(103)).toEqual([
      [DAY1, A, 31500],
      [DAY1, B, 18000],
      [DAY1, C, 9000],
      [DAY3, A, 29900],
      [DAY3, B, 18000],
    ]);
    // The wizard's list leaves the gone vehicle out; days on lot count from the first appearance.
    const list = await listed(103);
    expect(list.pagination.total).toBe(2);
    expect(list.data.map((v) => [v.vin_number, v.days_on_lot])).toEqual([
      [A, 2],
      [B, 2],
    ]);

    at(DAY5);
    await feed(
      103,
      `vin,year,make,model,vehicle_state,price\n${A},2025,Honda,Accord,New,29900\n${C},2013,Volkswagen,Jetta,Used,8500\n`,
    );
    const after = (await vehicles(103)).filter((v) => [A, B, C].includes(v.vin));
    expect(after).toEqual([
      { vin: A, price: 29900, firstSeen: DAY1, gone: null },
      { vin: B, price: 18000, firstSeen: DAY1, gone: DAY5 },
      { vin: C, price: 8500, firstSeen: DAY1, gone: null },
    ]);
    expect((await listed(103)).data.map((v) => [v.vin_number, v.days_on_lot])).toEqual([
      [A, 4],
      [C, 4],
    ]);
  });
});

describe('inventory history from ingestion', () => {
  const HEADER = 'dealership_id,vin,year,make,model,vehicle_state,price';
  it('an inventory_vehicles file is a snapshot of each dealership it names, dated the load day', async () => {
    at(DAY1);
    const first = await ingestFolder(
      t.database.db,
      await writeFiles({
        'inventory_vehicles.csv': `${HEADER}\n104,${A},2025,Honda,Accord,New,31500\n104,${B},2020,Toyota,Corolla,Used,18000\n`,
      }),
      { now },
    );
    expect(first.ok).toBe(true);
    at(DAY3);
    const second = await ingestFolder(
      t.database.db,
      await writeFiles({ 'inventory_vehicles.csv': `${HEADER}\n104,${A},2025,Honda,Accord,New,30000\n` }),
      { now },
    );
    expect(second.ok).toBe(true);
    const ours = (await vehicles(104)).filter((v) => [A, B].includes(v.vin));
    expect(ours).toEqual([
      { vin: A, price: 30000, firstSeen: DAY1, gone: null },
      { vin: B, price: 18000, firstSeen: DAY1, gone: DAY3 },
    ]);
    expect((await snapshots(104)).filter(([, vin]) => vin === A)).toEqual([
      [DAY1, A, 31500],
      [DAY3, A, 30000],
    ]);
  });

  it('an inventory_snapshots file gives the history explicitly (no load-day snapshot)', async () => {
    at(DAY5);
    const outcome = await ingestFolder(
      t.database.db,
      await writeFiles({
        'inventory_vehicles.csv': `${HEADER}\n105,${A},2025,Honda,Accord,New,30000\n105,${B},2020,Toyota,Corolla,Used,18000\n`,
        'inventory_snapshots.csv': `dealership_id,vin,snapshot_date,price\n105,${A},2027-01-01,31000\n105,${B},2027-01-01,18000\n105,${A},2027-01-05,30000\n`,
      }),
      { now },
    );
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    const ours = (await vehicles(105)).filter((v) => [A, B].includes(v.vin));
    expect(ours).toEqual([
      { vin: A, price: 30000, firstSeen: '2027-01-01', gone: null },
      { vin: B, price: 18000, firstSeen: '2027-01-01', gone: '2027-01-05' },
    ]);
    expect((await snapshots(105)).map(([day]) => day)).not.toContain(DAY5);
  });
});

describe('vehicle_sales ingestion', () => {
  const HEADER = 'dealership_id,vin,sold_date,deal_type,sale_price,front_gross,back_gross,customer_zip';
  const sales = async () =>
    t.database.db
      .select()
      .from(vehicleSales)
      .where(and(eq(vehicleSales.dealershipId, 106)))
      .orderBy(asc(vehicleSales.vin));

  it('loads sales on (dealership, VIN, sold date), idempotently, and refuses bad rows and unknown dealerships', async () => {
    const file = `${HEADER}\n106,${A},2026-02-01,new,31500,1200.50,-150,78205\n106,${B},2026-02-02,certified,18000,,,\n`;
    const first = await ingestFolder(t.database.db, await writeFiles({ 'vehicle_sales.csv': file }));
    expect(first.ok).toBe(true);
    if (first.ok) expect(first.counts?.get('vehicle_sales')).toEqual({ inserted: 2, updated: 0 });
    const before = await sales();
    expect(
      before.map((s) => [
        s.vin,
        s.soldDate,
        s.dealType,
        s.salePrice,
        s.frontGross,
        s.backGross,
        s.customerZip,
        s.grossDerived,
      ]),
    ).toEqual([
      [A, '2026-02-01', 'new', 31500, 1200.5, -150, '78205', false],
      [B, '2026-02-02', 'certified', 18000, null, null, null, false],
    ]);
    const again = await ingestFolder(t.database.db, await writeFiles({ 'vehicle_sales.csv': file }));
    if (again.ok) expect(again.counts?.get('vehicle_sales')).toEqual({ inserted: 0, updated: 0 });
    expect(await sales()).toEqual(before);
    const corrected = await ingestFolder(
      t.database.db,
      await writeFiles({ 'vehicle_sales.csv': file.replace('18000,,,', '17500,900,400,') }),
    );
    if (corrected.ok) expect(corrected.counts?.get('vehicle_sales')).toEqual({ inserted: 0, updated: 1 });
    const after = await sales();
    expect(after[0]).toEqual(before[0]);
    expect(after[1]).toMatchObject({ salePrice: 17500, frontGross: 900, backGross: 400 });
    expect(after[1]!.updatedAt.getTime()).toBeGreaterThanOrEqual(before[1]!.updatedAt.getTime());

    const bad = await ingestFolder(
      t.database.db,
      await writeFiles({
        'vehicle_sales.csv': `${HEADER}\n106,${A}X,2026-02-01,new,1,,,\n106,${A},2026-02-31,lease,1,,,7820\n999,${C},2026-02-01,used,1,,,\n`,
      }),
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.errors.map((e) => `${e.line}:${e.column}`)).toEqual(
        expect.arrayContaining(['2:vin', '3:sold_date', '3:deal_type', '3:customer_zip']),
      );
    const missing = await ingestFolder(
      t.database.db,
      await writeFiles({ 'vehicle_sales.csv': `${HEADER}\n999,${C},2026-02-01,used,1,,,\n` }),
    );
    expect(missing.ok).toBe(false);
    if (!missing.ok)
      expect(missing.errors[0]).toMatchObject({
        line: 2,
        column: 'dealership_id',
        message: 'Dealership 999 does not exist',
      });
  });
});
