import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildReportTable, toCsv, toXlsx } from '../../src/exports/reports/report-table';
import {
  csvBuffer,
  csvStream,
  spreadsheetCell,
  uniqueSheetNames,
  xlsxBuffer,
} from '../../src/exports/spreadsheet-writers';
import type { ExtendedReportRow } from '../../src/repositories/reports/report-rows';

/** The one spreadsheet writer (issue 18, item 5): formula text escaped, numbers left alone. */
describe('spreadsheet writers', () => {
  const formulas = ['=1+2', '+1+2', '-2+3', '@SUM(A1)', '\t=1+2', '\r=1+2', '=HYPERLINK("http://x","y")'];

  it('prefixes text starting with = + - @ tab or CR with a single quote', () => {
    for (const text of formulas) expect(spreadsheetCell(text)).toBe(`'${text}`);
    for (const text of ['Accord', 'a=b', ' =x', "'=already", '']) expect(spreadsheetCell(text)).toBe(text);
  });

  it('keeps numbers, negative ones too, and plain decimal text as they are; null is an empty cell', () => {
    expect(spreadsheetCell(-5)).toBe(-5);
    expect(spreadsheetCell(2.5)).toBe(2.5);
    for (const text of ['-15', '+15551234567', '-0.25']) expect(spreadsheetCell(text)).toBe(text);
    expect(spreadsheetCell('-1+1')).toBe("'-1+1");
    expect(spreadsheetCell(null)).toBeNull();
    expect(spreadsheetCell(undefined)).toBeNull();
  });

  it('escapes every string of the CSV stream and of a CSV file', async () => {
    const stream = csvStream(['Name', 'Value']);
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise((resolve) => stream.on('end', resolve));
    for (const text of formulas) stream.write([text, -3]);
    stream.end();
    await done;
    const streamed = parse(Buffer.concat(chunks).toString()) as string[][];
    expect(streamed.slice(1)).toEqual(formulas.map((text) => [`'${text}`, '-3']));
    expect(parse(csvBuffer([['Name'], ...formulas.map((t) => [t])]).toString())).toEqual([
      ['Name'],
      ...formulas.map((t) => [`'${t}`]),
    ]);
  });

  it('writes workbooks with text escaped and numbers as numbers', async () => {
    const buffer = await xlsxBuffer([{ name: 'Report', headers: ['Name', 'Value'], rows: [['=1+2', -7]] }]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]!.getRow(2);
    expect(row.getCell(1).value).toBe("'=1+2");
    expect(row.getCell(2).value).toBe(-7);
  });

  it('names sheets uniquely and readably within 31 characters', () => {
    const long = 'Spring Clearance Event 2026 — Trucks and SUVs';
    const names = uniqueSheetNames([long, long, 'Budget: Q1/Q2 [draft]?', '', 'report', long.slice(0, 31)]);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(31);
    expect(names[0]).toBe('Spring Clearance Event 2026 —…');
    expect(names[1]).toBe('Spring Clearance Event… (2)');
    expect(names[2]).toBe('Budget Q1 Q2 draft');
    expect(names[3]).toBe('Report');
    // Excel compares sheet names without case.
    expect(names[4]).toBe('report (2)');
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length);
  });

  it('writes a report workbook with a title, units in the header, number formats and wide enough columns', async () => {
    const row = {
      client_campaign_id: 100123,
      client_campaign_display_name: 'EchoPark Greenville — Holiday Trucks Mobile Display',
      product_name: 'Mobile Display',
      product_code: 'MOB',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      impressions: 1234567,
      clicks: 4321,
      views: 0,
      calls: 0,
      budget: 12500.5,
      demand_local_net: 10000,
      leads: 12,
      sales: 3,
      conversions: {},
    } as unknown as ExtendedReportRow;
    const table = {
      ...buildReportTable(
        [row],
        { metrics: { impressions: true, clicks: true, ctr: true, budget: true }, conversions: {} },
        { organizationName: 'Agency', dealershipName: 'EchoPark Greenville', showBudgetType: 0 },
      ),
      title: ['EchoPark Greenville campaign report', 'Last month: Oct 1 - Oct 31, 2026'],
    };
    expect(table.headers).toEqual([
      'Campaign ID',
      'Campaign',
      'Product',
      'Impressions',
      'Clicks',
      'CTR (%)',
      'Budget ($)',
      'Leads',
      'Sales',
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await toXlsx([{ name: 'Report', table }])) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Report');
    expect(sheet.getRow(1).getCell(1).value).toBe('EchoPark Greenville campaign report');
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).value).toBe('Last month: Oct 1 - Oct 31, 2026');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    expect((sheet.getRow(4).values as unknown[]).slice(1)).toEqual(table.headers);
    const cells = sheet.getRow(5);
    expect(cells.getCell(4).value).toBe(1234567);
    expect(cells.getCell(4).numFmt).toBe('#,##0');
    // CTR 0.35 % is stored as the fraction 0.0035 with Excel's percent format.
    expect(cells.getCell(6).value).toBeCloseTo(0.0035, 6);
    expect(cells.getCell(6).numFmt).toBe('0.00%');
    expect(cells.getCell(7).value).toBe(12500.5);
    expect(cells.getCell(7).numFmt).toBe('"$"#,##0.00');
    // Widths: the campaign name (51 characters) fits with a margin of 2, 'Impressions' is longer
    // than '1,234,567', and a short column keeps the minimum of 10.
    expect(sheet.getColumn(2).width).toBe(53);
    expect(sheet.getColumn(4).width).toBe(13);
    expect(sheet.getColumn(9).width).toBe(10);
    // The CSV carries the units in its header row, which comes first (no title).
    const csv = parse(toCsv(table).toString()) as string[][];
    expect(csv[0]).toEqual(table.headers);
    expect(csv[1]![5]).toBe('0.35');
  });
});
