import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { MonthOverMonthResponse, MonthOverMonthRow } from '@portal/contracts';
import { buildMonthOverMonthPdf, buildMonthOverMonthWorkbook } from '../../src/exports/reports/month-over-month-files';

const row = (month: string, values: Partial<MonthOverMonthRow>): MonthOverMonthRow => ({
  month,
  start_date: `${month}-01`,
  end_date: `${month}-30`,
  budget: 1000,
  impressions: 0,
  views: 0,
  vtr: null,
  completions: 0,
  clicks: 0,
  ctr: null,
  impression_share: null,
  calls: 0,
  leads: 0,
  conversions: 0,
  sales: null,
  ...values,
});

const data: MonthOverMonthResponse = {
  dateFilter: '3_month',
  startDate: '2026-09-01',
  endDate: '2026-11-15',
  show_budget_type: 2,
  has_sales_source: false,
  campaigns: [
    {
      id: 7,
      name: 'Fall Display',
      product_code: 'SEM',
      product_name: 'Search',
      columns: ['impressions', 'clicks', 'ctr'],
      site_attribution: true,
      rows: [
        row('2026-09', { impressions: 10_000, clicks: 31, ctr: 0.31 }),
        row('2026-10', { impressions: 12_000, clicks: 32, ctr: 0.27, budget: 1100 }),
      ],
    },
  ],
};

describe('Month over Month files show each month’s change from the month before (issue 20 §3)', () => {
  it('the workbook: a change and a change (%) column after each metric, signed and coloured', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buildMonthOverMonthWorkbook(data)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(4).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Booking Month',
      'Dates',
      'Budget ($)',
      'Budget change ($)',
      'Budget change (%)',
      'Impressions',
      'Impressions change',
      'Impressions change (%)',
      'Clicks',
      'Clicks change',
      'Clicks change (%)',
      'CTR (%)',
      'CTR change (pts)',
      'CTR change (%)',
    ]);
    const september = (sheet.getRow(5).values as unknown[]).slice(1);
    // The first month has nothing to compare with: its change cells are empty.
    expect(september.slice(5, 8)).toEqual([10_000, undefined, undefined]);
    const october = sheet.getRow(6);
    const values = (october.values as unknown[]).slice(1);
    expect(values.slice(2, 14)).toEqual([1100, 100, 0.1, 12_000, 2000, 0.2, 32, 1, 0.032, 0.0027, -0.04, -0.129]);
    // Green up and red down, as the metric's good direction; the budget is neither.
    expect(october.getCell(7).numFmt).toBe('[Color10]+#,##0;[Red]-#,##0;#,##0');
    expect(october.getCell(8).numFmt).toBe('[Color10]+0.0%;[Red]-0.0%;0.0%');
    expect(october.getCell(13).numFmt).toBe('[Color10]+0.00" pts";[Red]-0.00" pts";0.00" pts"');
    expect(october.getCell(4).numFmt).toBe('+"$"#,##0.00;-"$"#,##0.00;"$"#,##0.00');
  });

  it('the PDF: the change under each value, as the page shows it', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mom-')), 'mom.pdf');
    fs.writeFileSync(file, await buildMonthOverMonthPdf('EchoPark', data));
    if (process.env.KEEP_REPORT_PDFS)
      fs.copyFileSync(file, path.join(process.env.KEEP_REPORT_PDFS, 'month-over-month.pdf'));
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).toContain('+2,000 (+20%)');
    expect(text).toContain('−0.04 pts (−12.9%)');
    expect(text).toContain('+$100.00 (+10%)');
  });
});
