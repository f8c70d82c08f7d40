import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ctrPercent,
  errorResponseSchema,
  topVehiclesResponseSchema,
  vehicleDetailSchema,
  vehiclesPageSchema,
  VEHICLE_NOT_IN_INVENTORY,
  type VehicleRow,
} from '@portal/contracts';
import { build, login, readDemoFile, type TestContext, authHeaders } from '../../helper';
import { TEST_TODAY } from '../../constants';
import {
  ALL_DAYS,
  FIXTURE,
  fixtureVins,
  loadReportFixtures,
  queryString,
  RANGE,
  readFixture,
  removeReportFixtures,
  tenantBase,
} from '../../factories/report-fixtures';
import {
  compareRaw,
  compareText,
  groupSums,
  inRange,
  num,
  ofCampaign,
  roundTo,
  type Range,
} from '../../factories/report-expectations';
import { comparing, percentText, readAllPages, readCsv, readInPages, thenBy } from '../../factories/report-tables';

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await build();
  await loadReportFixtures(t);
  cookie = await login(t.app, 'agency@demo.test');
});
afterAll(async () => {
  await removeReportFixtures(t);
  await t.close();
});

const get = (path: string, dealershipId: number = FIXTURE.dealershipId) =>
  t.app.inject({ method: 'GET', url: `${tenantBase(dealershipId)}${path}`, headers: authHeaders(cookie) });

/** Inventory of dealership 101 (demo) and 1901 (fixtures), by `dealership:vin`. */
function inventory() {
  const rows = [...readDemoFile('inventory_vehicles'), ...readFixture('inventory_vehicles')];
  return new Map(rows.map((r) => [`${r.dealership_id}:${r.vin!.toUpperCase()}`, r]));
}

const describeVehicle = (v: Record<string, string> | undefined) =>
  v ? [v.year, v.make, v.model, v.trim].filter((part) => part).join(' ') : VEHICLE_NOT_IN_INVENTORY;

/** Issue 22 §3: first seen → the range's last day (the fixture has no gone vehicles). */
function daysOnLot(firstSeen: string | undefined, end: string): number | null {
  if (!firstSeen || firstSeen > end) return null;
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${firstSeen}T00:00:00Z`)) / 86_400_000);
}

function expectedVehicles(id: number, dealershipId: number, range: Range): VehicleRow[] {
  const stock = inventory();
  const rows = ofCampaign(readFixture('campaign_vehicles'), id).filter((r) => inRange(r.date, range));
  return groupSums(rows, (r) => r.vin!.toUpperCase(), ['impressions', 'clicks'])
    .map((g) => {
      const vehicle = stock.get(`${dealershipId}:${g.key}`);
      return {
        description: describeVehicle(vehicle),
        vin_number: g.key,
        facebook_product_vendor_id: vehicle?.stock_number || null,
        vehicle_state: vehicle?.vehicle_state || null,
        impressions: g.impressions!,
        clicks: g.clicks!,
        ctr: ctrPercent(g.clicks!, g.impressions!),
        // The fixture's load is a snapshot of the lot on TEST_TODAY (issue 22 §1): its first appearance.
        days_on_lot: daysOnLot(vehicle ? vehicle.first_seen_date || TEST_TODAY : undefined, range.end_date),
      };
    })
    .sort(
      thenBy(
        comparing((r) => r.impressions, true),
        comparing((r) => r.vin_number, false, compareRaw),
      ),
    );
}

const ratio = (r: VehicleRow) => (r.impressions === 0 ? null : r.clicks / r.impressions);
const sortKeys: Record<string, [(r: VehicleRow) => string | number | null, ((a: never, b: never) => number)?]> = {
  description: [(r) => r.description, compareText],
  vin_number: [(r) => r.vin_number, compareRaw],
  facebook_product_vendor_id: [(r) => r.facebook_product_vendor_id, compareText],
  vehicle_state: [(r) => r.vehicle_state, compareText],
  impressions: [(r) => r.impressions],
  clicks: [(r) => r.clicks],
  ctr: [ratio],
};
const sortedBy = (rows: VehicleRow[], id: string, desc: boolean) =>
  [...rows].sort(
    thenBy(
      comparing(sortKeys[id]![0], desc, sortKeys[id]![1]),
      comparing((r) => r.vin_number, false, compareRaw),
    ),
  );

const paths = [
  { path: (id: number) => `/campaigns/${id}/vehicles`, table: 'Vehicles', social: false },
  { path: (id: number) => `/campaigns/fbd/${id}/vehicles`, table: 'TopPerformingVehicles', social: true },
  { path: (id: number) => `/campaigns/dyd/${id}/vehicles`, table: 'Vehicles', social: false },
];

describe.each(paths)('vehicles table $table ($social)', ({ path, table, social }) => {
  it('answers every vehicle with inventory facts and delivery over the range, impressions descending', async () => {
    for (const [id, dealershipId] of [
      [FIXTURE.dyd, FIXTURE.dealershipId],
      [FIXTURE.dydOff, FIXTURE.dealershipId],
      [FIXTURE.fbd, FIXTURE.dealershipId],
      [FIXTURE.dynOff, FIXTURE.otherDealershipId],
    ] as const) {
      const expected = expectedVehicles(id, dealershipId, RANGE);
      const response = await get(`${path(id)}${queryString(RANGE)}`, dealershipId);
      expect(response.statusCode).toBe(200);
      const body = vehiclesPageSchema.parse(response.json());
      expect(body.pagination.total).toBe(expected.length);
      expect(body.data).toEqual(expected.slice(0, 10));
    }
    const dyd = expectedVehicles(FIXTURE.dyd, FIXTURE.dealershipId, RANGE);
    expect(dyd.map((v) => v.vin_number).sort()).toEqual([...fixtureVins(), FIXTURE.unknownVin].sort());
    expect(dyd.find((v) => v.vin_number === FIXTURE.unknownVin)!.description).toBe(VEHICLE_NOT_IN_INVENTORY);
    expect(dyd.filter((v) => v.facebook_product_vendor_id !== null).length).toBe(3);
  });

  it('pages without overlap, sorts by every column (unknown ids → 400) and filters', async () => {
    const id = FIXTURE.dyd;
    const all = expectedVehicles(id, FIXTURE.dealershipId, ALL_DAYS);
    expect(await readInPages(get, path(id), ALL_DAYS, 1)).toEqual(all);
    expect(await readInPages(get, path(id), ALL_DAYS, 3)).toEqual(all);
    for (const column of Object.keys(sortKeys)) {
      for (const desc of [false, true]) {
        const rows = await readAllPages<VehicleRow>(get, path(id), ALL_DAYS, { sorting: [{ id: column, desc }] });
        expect(rows, `${column} ${desc ? 'desc' : 'asc'}`).toEqual(sortedBy(all, column, desc));
      }
    }
    for (const query of [{ sorting: [{ id: 'nope', desc: false }] }, { filters: [{ id: 'nope', value: 'x' }] }])
      expect((await get(`${path(id)}${queryString(ALL_DAYS, query)}`)).statusCode).toBe(400);

    const state = all.find((v) => v.vehicle_state)!.vehicle_state!;
    expect(
      await readAllPages(get, path(id), ALL_DAYS, { filters: [{ id: 'vehicle_state', value: state.toUpperCase() }] }),
    ).toEqual(all.filter((v) => v.vehicle_state === state));
    const word = all[0]!.description.split(' ')[1]!.toLowerCase();
    expect(await readAllPages(get, path(id), ALL_DAYS, { filters: [{ id: 'description', value: word }] })).toEqual(
      all.filter((v) => v.description.toLowerCase().includes(word)),
    );
    const vinPart = fixtureVins()[1]!.slice(3, 9).toLowerCase();
    expect(await readAllPages(get, path(id), ALL_DAYS, { filters: [{ id: 'vin_number', value: vinPart }] })).toEqual(
      all.filter((v) => v.vin_number.toLowerCase().includes(vinPart)),
    );
    expect(await readAllPages(get, path(id), ALL_DAYS, { filters: [{ id: 'description', value: '100%_\\' }] })).toEqual(
      [],
    );
  });

  it('exports the whole filtered, sorted set as CSV with the page’s headers and a safe file name', async () => {
    const id = FIXTURE.dyd;
    for (const extra of [
      {},
      { sorting: [{ id: 'ctr', desc: false }] },
      { filters: [{ id: 'vin_number', value: '1' }] },
    ]) {
      const rows = await readAllPages<VehicleRow>(get, path(id), RANGE, extra);
      const csv = await readCsv(get, `${path(id)}/csv`, RANGE, extra);
      expect(csv.fileName).toBe(`Fixture_DYD_All_On_Settings_${table}_2026-11-01_2026-11-14.csv`);
      expect(csv.header).toEqual(
        social
          ? ['Vehicle', 'VIN', 'Impressions', 'Interactions', 'CTR (%)']
          : ['Vehicle', 'VIN', 'Stock', 'State', 'Impressions', 'Clicks', 'CTR (%)'],
      );
      expect(csv.rows).toEqual(
        rows.map((r) =>
          social
            ? [r.description, r.vin_number, String(r.impressions), String(r.clicks), percentText(r.ctr)]
            : [
                r.description,
                r.vin_number,
                r.facebook_product_vendor_id ?? '',
                r.vehicle_state ?? '',
                String(r.impressions),
                String(r.clicks),
                percentText(r.ctr),
              ],
        ),
      );
    }
    const empty = await readCsv(get, `${path(id)}/csv`, { start_date: '2025-01-01', end_date: '2025-01-02' });
    expect(empty.rows).toEqual([]);
    expect(empty.header.length).toBeGreaterThan(3);
  });
});

describe('GET .../campaigns/dyd/{id}/top-vehicles', () => {
  function expectedTop(id: number, dealershipId: number, range: Range) {
    const stock = inventory();
    const rows = expectedVehicles(id, dealershipId, range).filter((v) => v.impressions > 0);
    const tie = thenBy(
      comparing((v: VehicleRow) => v.impressions, true),
      comparing((v: VehicleRow) => v.vin_number, false, compareRaw),
    );
    const pool = rows.some((v) => v.impressions >= 100) ? rows.filter((v) => v.impressions >= 100) : rows;
    const highlight = (v: VehicleRow | undefined) => {
      if (!v) return null;
      const imageField = stock.get(`${dealershipId}:${v.vin_number}`)?.image_url || null;
      const https = imageField
        ?.split(/\|{4}|[|,;]/)
        .map((s) => s.trim())
        .find((s) => s.startsWith('https://'));
      return {
        description: v.description,
        log_vin_number: v.vin_number,
        log_image_url: imageField,
        image_url: https ?? null,
        impressions: v.impressions,
        clicks: v.clicks,
        ctr: v.ctr,
      };
    };
    const totalImpressions = rows.reduce((s, v) => s + v.impressions, 0);
    const totalClicks = rows.reduce((s, v) => s + v.clicks, 0);
    return {
      highestCtr: highlight(
        [...pool].sort(
          thenBy(
            comparing((v: VehicleRow) => v.clicks / v.impressions, true),
            tie,
          ),
        )[0],
      ),
      mostClicked: highlight(
        rows
          .filter((v) => v.clicks > 0)
          .sort(
            thenBy(
              comparing((v: VehicleRow) => v.clicks, true),
              tie,
            ),
          )[0],
      ),
      mostViewed: highlight([...rows].sort(tie)[0]),
      averages: {
        impressions: rows.length ? roundTo(totalImpressions / rows.length, 2) : 0,
        clicks: rows.length ? roundTo(totalClicks / rows.length, 2) : 0,
        ctr: ctrPercent(totalClicks, totalImpressions),
      },
    };
  }

  it('picks highest CTR (≥ 100 impressions, else all), most clicked and most viewed with per-vehicle averages', async () => {
    for (const [id, dealershipId] of [
      [FIXTURE.dyd, FIXTURE.dealershipId],
      [FIXTURE.dydOff, FIXTURE.dealershipId],
      [FIXTURE.dynOff, FIXTURE.otherDealershipId],
    ] as const) {
      for (const range of [RANGE, ALL_DAYS]) {
        const response = await get(`/campaigns/dyd/${id}/top-vehicles${queryString(range)}`, dealershipId);
        expect(response.statusCode).toBe(200);
        expect(topVehiclesResponseSchema.parse(response.json()), `${id}`).toEqual(expectedTop(id, dealershipId, range));
      }
    }
    // 770002 has no vehicle with 100 impressions: the fallback picks among all of them.
    expect(expectedVehicles(FIXTURE.dydOff, FIXTURE.dealershipId, ALL_DAYS).every((v) => v.impressions < 100)).toBe(
      true,
    );
    // 770001 has vehicles above and below 100 impressions in the range.
    const dyd = expectedVehicles(FIXTURE.dyd, FIXTURE.dealershipId, RANGE);
    expect(dyd.some((v) => v.impressions >= 100) && dyd.some((v) => v.impressions < 100)).toBe(true);
    const best = [...dyd].sort((a, b) => b.clicks / b.impressions - a.clicks / a.impressions)[0]!;
    expect(best.impressions).toBeLessThan(100);
    expect(expectedTop(FIXTURE.dyd, FIXTURE.dealershipId, RANGE).highestCtr!.log_vin_number).not.toBe(best.vin_number);
    // Dealership 1901's images: the first https URL of the inventory field.
    const top = expectedTop(FIXTURE.dynOff, FIXTURE.otherDealershipId, ALL_DAYS);
    expect([top.mostViewed?.image_url, top.highestCtr?.image_url]).toEqual(
      expect.arrayContaining(['https://img.test/accord-1.jpg']),
    );
  });

  it('answers nulls and zero averages over a range without vehicles', async () => {
    const response = await get(`/campaigns/dyd/${FIXTURE.dyd}/top-vehicles?start_date=2025-01-01&end_date=2025-01-31`);
    expect(response.json()).toEqual({
      highestCtr: null,
      mostClicked: null,
      mostViewed: null,
      averages: { impressions: 0, clicks: 0, ctr: null },
    });
  });
});

describe('GET .../inventory/vehicles/{vin}', () => {
  it('answers the vehicle facts and its results per campaign of the dealership', async () => {
    const vin = fixtureVins()[0]!;
    const response = await get(`/inventory/vehicles/${vin.toLowerCase()}${queryString(RANGE)}`);
    expect(response.statusCode).toBe(200);
    const body = vehicleDetailSchema.parse(response.json());
    const source = inventory().get(`101:${vin}`)!;
    expect(body.vin).toBe(vin);
    expect(body.vehicle).toEqual({
      stock_number: source.stock_number || null,
      year: num(source.year),
      make: source.make,
      model: source.model,
      trim: source.trim || null,
      body_style: source.body_style || null,
      vehicle_state: source.vehicle_state,
      price: source.price ? Number(source.price) : null,
      mileage: source.mileage ? Number(source.mileage) : null,
      exterior_color: source.exterior_color || null,
      image_url: source.image_url || null,
      // Its first appearance: the demo's one snapshot of a Cars.com lot is the load day (issue 22 §1).
      first_seen_date: source.first_seen_date || TEST_TODAY,
    });
    // Every campaign of dealership 101 with rows for the VIN, from the demo's files and the fixtures.
    const campaigns = [...readDemoFile('campaigns'), ...readFixture('campaigns')].filter(
      (c) => c.dealership_id === '101',
    );
    const names = new Map(campaigns.map((c) => [c.client_campaign_id!, c]));
    const rows = [...readDemoFile('campaign_vehicles'), ...readFixture('campaign_vehicles')].filter(
      (r) => names.has(r.client_campaign_id!) && r.vin!.toUpperCase() === vin && inRange(r.date, RANGE),
    );
    const expected = groupSums(rows, (r) => r.client_campaign_id!, ['impressions', 'clicks'])
      .map((g) => ({
        client_campaign_id: Number(g.key),
        client_campaign_display_name: names.get(g.key)!.client_campaign_display_name!,
        product_code: names.get(g.key)!.product_code!,
        impressions: g.impressions!,
        clicks: g.clicks!,
        ctr: ctrPercent(g.clicks!, g.impressions!),
      }))
      .sort((a, b) => b.impressions - a.impressions || a.client_campaign_id - b.client_campaign_id);
    expect(body.campaigns).toEqual(expected);
    expect(body.campaigns.map((c) => c.client_campaign_id)).toContain(FIXTURE.dyd);
    const impressions = expected.reduce((s, c) => s + c.impressions, 0);
    const clicks = expected.reduce((s, c) => s + c.clicks, 0);
    expect(body.totals).toEqual({ impressions, clicks, ctr: ctrPercent(clicks, impressions) });
  });

  it('answers a VIN with results but no inventory with vehicle null; 404 with neither; 400 for a malformed VIN', async () => {
    const unknown = await get(`/inventory/vehicles/${FIXTURE.unknownVin}${queryString(RANGE)}`);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().vehicle).toBeNull();
    expect(unknown.json().campaigns.map((c: { client_campaign_id: number }) => c.client_campaign_id)).toEqual([
      FIXTURE.dyd,
    ]);
    const missing = await get(`/inventory/vehicles/1FTFW1E50NFA99999${queryString(RANGE)}`);
    expect(missing.statusCode).toBe(404);
    expect(errorResponseSchema.parse(missing.json()).error.code).toBe('NOT_FOUND');
    // Dealership 1901's vehicle is not dealership 101's.
    expect((await get(`/inventory/vehicles/1HGCM82633A004352${queryString(RANGE)}`)).statusCode).toBe(404);
    expect((await get(`/inventory/vehicles/NOT-A-VIN${queryString(RANGE)}`)).statusCode).toBe(400);
  });
});
