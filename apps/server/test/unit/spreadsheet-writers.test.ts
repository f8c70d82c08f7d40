import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvBuffer, csvStream, spreadsheetCell, xlsxBuffer } from '../../src/exports/spreadsheet-writers';

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
});
