import { describe, expect, it } from 'vitest';
import { ingestionEntities, suggestSalesMapping } from '@portal/contracts';
import {
  normalizeDealType,
  normalizeMoney,
  normalizeSaleDate,
  normalizeZip,
  readSalesCsv,
} from '../../src/sales/dms-csv';

/** Issue 22 §1: the vehicle_sales entity schema and the DMS export reading of the sales upload. */

const schema = ingestionEntities.vehicle_sales.row;
const row = {
  dealership_id: '101',
  vin: '1HGCM82633A004352',
  sold_date: '2026-11-02',
  deal_type: 'used',
  sale_price: '18000.50',
  front_gross: '-250',
  back_gross: '',
  customer_zip: '78205',
};

describe('vehicle_sales entity', () => {
  it('parses a row: dollars (gross may be negative), optional fields empty → null, gross_derived 0', () => {
    expect(schema.parse(row)).toEqual({
      dealership_id: 101,
      vin: '1HGCM82633A004352',
      sold_date: '2026-11-02',
      deal_type: 'used',
      sale_price: 18000.5,
      front_gross: -250,
      back_gross: null,
      customer_zip: '78205',
      gross_derived: false,
    });
  });

  it.each([
    ['vin', '1HGCM82633A00435'],
    ['vin', '1HGCM82633A00435O'],
    ['sold_date', '2026-02-30'],
    ['deal_type', 'lease'],
    ['sale_price', '-1'],
    ['customer_zip', '7820'],
    ['dealership_id', ''],
  ])('refuses %s = %j', (column, value) => {
    const result = schema.safeParse({ ...row, [column]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(column);
  });
});

describe('DMS export reading', () => {
  it('suggests a mapping from common DMS header names', () => {
    expect(
      suggestSalesMapping([
        'Stock #',
        'VIN',
        'Deal Date',
        'New/Used',
        'Selling Price',
        'Front Gross',
        'Back Gross',
        'Zip',
      ]),
    ).toEqual({
      vin: 'VIN',
      sold_date: 'Deal Date',
      deal_type: 'New/Used',
      sale_price: 'Selling Price',
      front_gross: 'Front Gross',
      back_gross: 'Back Gross',
      customer_zip: 'Zip',
    });
    expect(suggestSalesMapping(['Sold Date', 'Back End Gross', 'Customer Zip', 'Vehicle VIN'])).toMatchObject({
      vin: 'Vehicle VIN',
      sold_date: 'Sold Date',
      deal_type: null,
      back_gross: 'Back End Gross',
      customer_zip: 'Customer Zip',
    });
  });

  it('turns DMS spellings into the ingestion format', () => {
    expect(['2026-3-7', '3/7/2026', '03/07/26', '3-7-2026', '3/7/2026 12:00:00 AM'].map(normalizeSaleDate)).toEqual(
      Array(5).fill('2026-03-07'),
    );
    expect(['N', 'new', 'U', 'Pre-Owned', 'C', 'CPO', 'Certified Used', 'lease'].map(normalizeDealType)).toEqual([
      'new',
      'new',
      'used',
      'used',
      'certified',
      'certified',
      'certified',
      'lease',
    ]);
    expect(['$1,234.50', '(250.00)', '-75', '', 'n/a'].map(normalizeMoney)).toEqual([
      '1234.50',
      '-250.00',
      '-75',
      '',
      'n/a',
    ]);
    expect(['78205-1234', '782051234', '7820', 'ABCDE'].map(normalizeZip)).toEqual([
      '78205',
      '78205',
      '07820',
      'ABCDE',
    ]);
  });

  it('scopes every row to the path’s dealership and names errors by line and file column', () => {
    const csv = 'VIN,Deal Date,Sale Type,dealership_id\n1HGCM82633A004352,11/2/2026,N,999\nBAD,11/2/2026,X,1\n';
    const read = readSalesCsv(csv, 101);
    expect(read.errors).toEqual([
      { line: 3, column: 'VIN', field: 'vin', message: 'Expected a 17-character VIN' },
      expect.objectContaining({ line: 3, column: 'Sale Type', field: 'deal_type' }),
    ]);
    const good = readSalesCsv(csv.split('\n').slice(0, 2).join('\n'), 101);
    expect(good.errors).toEqual([]);
    expect(good.rows[0]!.value.dealership_id).toBe(101);
  });

  it('refuses a duplicate VIN and sold date, and a mapping naming no column of the file', () => {
    const csv = 'VIN,Deal Date,Sale Type\n1HGCM82633A004352,2026-11-02,N\n1hgcm82633a004352,11/2/2026,U\n';
    expect(readSalesCsv(csv, 101).errors).toEqual([
      { line: 3, column: 'VIN', field: 'vin', message: 'Duplicate of line 2 (same VIN and sold date)' },
    ]);
    expect(readSalesCsv(csv, 101, { vin: 'VIN', sold_date: 'Date', deal_type: 'Sale Type' }).errors).toEqual([
      { line: null, column: 'Date', field: 'sold_date', message: "The file has no column 'Date'" },
    ]);
  });
});
