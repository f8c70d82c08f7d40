import {
  ctrPercent,
  deliveryPercent,
  reportMetricLabels,
  selectedMetrics,
  type ReportFormat,
  type ReportMetric,
} from '@portal/contracts';
import { formatUsDate } from '../../lib/csv';
import { csvBuffer, xlsxBuffer, type ColumnFormat, type SheetBrand } from '../spreadsheet-writers';
import type { ExtendedReportRow } from '../../repositories/reports/report-rows';

export type Cell = string | number | null;
/**
 * A generated report: header row and value rows, as the file, the email and the sheet hold them;
 * per column how its numbers read in a workbook (`formats`, text when absent) and the title lines
 * a workbook shows above the header (`title`: what and which period; CSV files start with the header).
 */
export interface ReportTable {
  headers: string[];
  rows: Cell[][];
  formats?: ColumnFormat[];
  /** Per column, an Excel number format replacing the `formats` one (signed, coloured changes). */
  numberFormats?: Array<string | undefined>;
  title?: string[];
  /** The agency's brand for the workbook's first rows (issue 20 §4); CSV ignores it. */
  brand?: SheetBrand;
}

/**
 * How each metric's numbers read (issue 25 item 14): counts as integers with separators, money in
 * dollars, rates in percent units (their header says '(%)').
 */
const metricFormats: Record<ReportMetric, ColumnFormat> = {
  booking_month: 'text',
  agency: 'text',
  client: 'text',
  campaign: 'text',
  pacing_id: 'text',
  product_code: 'text',
  start_date: 'text',
  end_date: 'text',
  impressions: 'integer',
  clicks: 'integer',
  ctr: 'percent',
  rsvs: 'integer',
  budget: 'currency',
  book_impressions: 'integer',
  percent_delivered: 'percent',
  views: 'integer',
  '25_completion': 'integer',
  '50_completion': 'integer',
  '75_completion': 'integer',
  viewability: 'percent',
  phone_calls: 'integer',
  impression_share: 'percent',
  click_share: 'percent',
  impression_share_lost_to_rank: 'percent',
  impression_share_lost_to_budget: 'percent',
};

/**
 * A header with the unit of its column: 'CTR (%)', '% Delivered' → 'Delivered (%)', 'Budget ($)';
 * counts and text as they are.
 */
export function headerWithUnit(label: string, format: ColumnFormat): string {
  if (format === 'percent') return `${label.replace(/^%\s*/, '')} (%)`;
  if (format === 'currency') return `${label} ($)`;
  return label;
}

export interface ReportContext {
  organizationName: string;
  dealershipName: string;
  /** Organization setting (spec 001 §3): 1 shows demand_local_net, otherwise budget. */
  showBudgetType: number | null;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * How each selectable metric is written; null = the portal has no data for it (empty cell). The
 * metrics of `additionalReportMetrics` read the row's `additional_metrics` (empty when not loaded).
 */
function metricValue(metric: ReportMetric, row: ExtendedReportRow, context: ReportContext): Cell {
  const extra = row.additional_metrics;
  switch (metric) {
    case 'booking_month': {
      const [year, month] = row.start_date.split('-');
      return `${monthNames[Number(month) - 1]} ${year}`;
    }
    case 'agency':
      return context.organizationName;
    case 'client':
      return context.dealershipName;
    case 'campaign':
      return row.client_campaign_display_name;
    case 'pacing_id':
      return extra?.pacing_id ?? null;
    case 'product_code':
      return row.product_code;
    case 'start_date':
      return formatUsDate(row.start_date);
    case 'end_date':
      return formatUsDate(row.end_date);
    case 'impressions':
      return row.impressions;
    case 'clicks':
      return row.clicks;
    case 'ctr':
      return ctrPercent(row.clicks, row.impressions);
    case 'rsvs':
      return extra?.rsvps ?? null;
    case 'budget':
      return context.showBudgetType === 1 ? row.demand_local_net : row.budget;
    case 'book_impressions':
      return extra?.booked_impressions ?? null;
    case 'percent_delivered':
      return extra ? deliveryPercent(row.impressions, extra.booked_impressions) : null;
    case 'views':
      return row.views;
    case '25_completion':
      return extra?.video_25 ?? null;
    case '50_completion':
      return extra?.video_50 ?? null;
    case '75_completion':
      return extra?.video_75 ?? null;
    case 'phone_calls':
      return row.calls;
    case 'impression_share':
      return extra?.impression_share ?? null;
    case 'click_share':
      return extra?.click_share ?? null;
    case 'viewability':
    case 'impression_share_lost_to_rank':
    case 'impression_share_lost_to_budget':
      return null;
  }
}

/**
 * The generated report (spec 001 §2.13, §3 campaign report row): one row per campaign with its id,
 * name and product, then the selected metrics in the form's order (budget or net per the
 * organization setting; CTR, delivery and shares in percent), leads and sales, then one column per
 * selected conversion tag (its count over the period).
 */
export function buildReportTable(
  rows: ExtendedReportRow[],
  request: { metrics: Partial<Record<string, boolean>>; conversions: Partial<Record<string, boolean>> },
  context: ReportContext,
): ReportTable {
  const metrics = selectedMetrics(request.metrics).filter((m) => m !== 'campaign');
  const tags = Object.entries(request.conversions)
    .filter(([, on]) => on === true)
    .map(([tag]) => tag)
    .sort((a, b) => a.localeCompare(b));
  const label = (metric: ReportMetric) =>
    headerWithUnit(
      metric === 'budget' && context.showBudgetType === 1 ? 'Net' : reportMetricLabels[metric],
      metricFormats[metric],
    );
  return {
    headers: ['Campaign ID', 'Campaign', 'Product', ...metrics.map(label), 'Leads', 'Sales', ...tags],
    formats: [
      'text',
      'text',
      'text',
      ...metrics.map((metric) => metricFormats[metric]),
      'integer',
      'integer',
      ...tags.map((): ColumnFormat => 'integer'),
    ],
    rows: rows.map((row) => [
      row.client_campaign_id,
      row.client_campaign_display_name,
      row.product_name,
      ...metrics.map((metric) => metricValue(metric, row, context)),
      row.leads,
      row.sales,
      ...tags.map((tag) => row.conversions[tag] ?? 0),
    ]),
  };
}

/**
 * An .xlsx workbook with one sheet per table (title lines, bold header frozen, number formats and
 * widths per column, unique sheet names; cells escaped: `xlsxBuffer`).
 */
export function toXlsx(sheets: Array<{ name: string; table: ReportTable }>): Promise<Buffer> {
  return xlsxBuffer(
    sheets.map(({ name, table }) => ({
      name,
      headers: table.headers,
      rows: table.rows,
      formats: table.formats,
      numberFormats: table.numberFormats,
      title: table.title,
      ...(table.brand ? { brand: table.brand } : {}),
    })),
  );
}

/** The table as CSV (RFC 4180, the header with its units first, no title; cells escaped, `csvBuffer`). */
export function toCsv(table: ReportTable): Buffer {
  return csvBuffer([table.headers, ...table.rows]);
}

/**
 * The attachment of a report in a file format. `buildXlsx` builds the workbook (the export pool's
 * `xlsx` task in the delivery job; `toXlsx` by default).
 */
export async function reportAttachment(
  table: ReportTable,
  format: Exclude<ReportFormat, 'google_sheet'>,
  baseName: string,
  buildXlsx: (sheets: Array<{ name: string; table: ReportTable }>) => Promise<Buffer> = toXlsx,
): Promise<{ filename: string; content: Buffer; contentType: string }> {
  if (format === 'csv') return { filename: `${baseName}.csv`, content: toCsv(table), contentType: 'text/csv' };
  return {
    filename: `${baseName}.xlsx`,
    content: await buildXlsx([{ name: 'Report', table }]),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}

/** A file-name-safe version of a name. */
export function safeName(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+|_+$/g, '') || 'report'
  );
}
