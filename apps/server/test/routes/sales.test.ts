import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, build, login, type TestContext } from '../helper';

/** Issue 22 §1: the sales upload (preview with a mapping, all-or-nothing upload) and the sales list. */

let t: TestContext;
let agency = '';
let dealer = '';
beforeAll(async () => {
  t = await build();
  agency = await login(t.app, 'agency@demo.test');
  dealer = await login(t.app, 'dealer@demo.test');
});
afterAll(() => t.close());

const BASE = '/api/agencies/1/dealership/101/sales';
const post = (cookie: string, path: string, payload: unknown, dealershipId = 101) =>
  t.app.inject({
    method: 'POST',
    url: `/api/agencies/1/dealership/${dealershipId}/sales/${path}`,
    headers: authHeaders(cookie),
    payload: payload as object,
  });

// A DMS export with its own headers: "Vehicle VIN", "Contract Date", "Sale Type", "Cash Price",
// "Front End Gross", "F&I Gross", "Customer Zip", and a column the portal does not use.
const DMS = [
  'Stock #,Vehicle VIN,Contract Date,Sale Type,Cash Price,Front End Gross,F&I Gross,Customer Zip',
  'A100,1hgcm82633a004352,11/02/2026,N,"$31,500.00",1200.50,(150.00),78205-1234',
  'A101,2T1BURHE0JC000001,2026-11-03,CPO,18000,,,',
  'A102,3VWDX7AJ5DM000002,11/4/2026,Used,"9,000",500,250,7820',
].join('\n');

describe('sales upload', () => {
  it('previews a DMS export: headers, the suggested mapping, the rows mapped, no errors', async () => {
    const response = await post(dealer, 'preview', { csv: DMS });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.headers[1]).toBe('Vehicle VIN');
    expect(body.suggested_mapping).toEqual({
      vin: 'Vehicle VIN',
      sold_date: 'Contract Date',
      deal_type: 'Sale Type',
      sale_price: 'Cash Price',
      front_gross: 'Front End Gross',
      back_gross: 'F&I Gross',
      customer_zip: 'Customer Zip',
    });
    expect(body.rows).toBe(3);
    expect(body.errors).toEqual([]);
    expect(body.preview[0]).toEqual({
      line: 2,
      values: {
        vin: '1HGCM82633A004352',
        sold_date: '2026-11-02',
        deal_type: 'new',
        sale_price: 31500,
        front_gross: 1200.5,
        back_gross: -150,
        customer_zip: '78205',
      },
    });
    expect(body.preview[1].values).toMatchObject({ deal_type: 'certified', front_gross: null });
    expect(body.preview[2].values).toMatchObject({ sold_date: '2026-11-04', customer_zip: '07820' });
  });

  it('lists every error by line and column; a wrong mapping is named; the upload writes nothing (422)', async () => {
    const bad = DMS.replace('11/4/2026', '13/45/2026').replace('CPO', 'Lease');
    const preview = (await post(agency, 'preview', { csv: bad })).json();
    expect(preview.errors).toEqual([
      expect.objectContaining({ line: 3, column: 'Sale Type', field: 'deal_type' }),
      expect.objectContaining({ line: 4, column: 'Contract Date', field: 'sold_date' }),
    ]);
    const upload = await post(agency, 'upload', { csv: bad });
    expect(upload.statusCode).toBe(422);
    expect(upload.json().error.rows).toHaveLength(2);
    const unmapped = (
      await post(agency, 'preview', { csv: DMS, mapping: { vin: 'Vehicle VIN', sold_date: 'Nope' } })
    ).json();
    expect(unmapped.errors.map((e: { field: string }) => e.field)).toEqual(['sold_date', 'deal_type']);
    const listed = await t.app.inject({ method: 'GET', url: BASE, headers: authHeaders(agency) });
    expect(listed.json().pagination.total).toBe(0);
  });

  it('uploads all or nothing into the path’s dealership; the same file again changes nothing; a correction updates', async () => {
    const mapping = {
      vin: 'Vehicle VIN',
      sold_date: 'Contract Date',
      deal_type: 'Sale Type',
      sale_price: 'Cash Price',
      front_gross: 'Front End Gross',
      back_gross: 'F&I Gross',
      customer_zip: null,
    };
    const first = await post(dealer, 'upload', { csv: DMS, mapping });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ rows: 3, inserted: 3, updated: 0, unchanged: 0 });
    const again = await post(dealer, 'upload', { csv: DMS, mapping });
    expect(again.json()).toEqual({ rows: 3, inserted: 0, updated: 0, unchanged: 3 });
    const corrected = await post(dealer, 'upload', { csv: DMS.replace('"9,000"', '8900'), mapping });
    expect(corrected.json()).toEqual({ rows: 3, inserted: 0, updated: 1, unchanged: 2 });

    const listed = await t.app.inject({
      method: 'GET',
      url: `${BASE}?from=2026-11-03&to=2026-11-30&pageSize=10`,
      headers: authHeaders(dealer),
    });
    expect(listed.statusCode).toBe(200);
    const body = listed.json();
    expect(body.pagination.total).toBe(2);
    expect(body.data.map((s: { vin: string; sold_date: string }) => [s.vin, s.sold_date])).toEqual([
      ['3VWDX7AJ5DM000002', '2026-11-04'],
      ['2T1BURHE0JC000001', '2026-11-03'],
    ]);
    expect(body.data[0]).toMatchObject({
      deal_type: 'used',
      sale_price: 8900,
      customer_zip: null,
      gross_derived: false,
    });
  });

  it('a dealership user cannot upload into another dealership (404 before any query)', async () => {
    const other = await post(dealer, 'upload', { csv: DMS }, 102);
    expect(other.statusCode).toBe(404);
  });
});
