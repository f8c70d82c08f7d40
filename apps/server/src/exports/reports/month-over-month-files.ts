import {
  formatBookingMonth,
  formatDateSpan,
  monthOverMonthCellText,
  monthOverMonthFilterLabels,
  monthOverMonthHeaders,
  type MonthOverMonthCampaign,
  type MonthOverMonthResponse,
} from '@portal/contracts';
import { renderPdf, tableBlock, type PdfBrand } from '../pdf/pdf-document';
import type { ColumnFormat, SheetBrand } from '../spreadsheet-writers';
import { headerWithUnit, toXlsx, type Cell, type ReportTable } from './report-table';

/** How a month-over-month column's numbers read in the workbook: rates in percent, budget in dollars. */
const monthOverMonthFormat = (column: string): ColumnFormat =>
  column === 'ctr' || column === 'vtr' || column === 'impression_share'
    ? 'percent'
    : column === 'budget'
      ? 'currency'
      : 'integer';

function cellsOf(campaign: MonthOverMonthCampaign, data: MonthOverMonthResponse): string[][] {
  const metricColumns = [...(data.show_budget_type === null ? [] : (['budget'] as const)), ...campaign.columns];
  return campaign.rows.map((row) => [
    formatBookingMonth(row.month),
    formatDateSpan(row.start_date, row.end_date),
    ...metricColumns.map((column) => monthOverMonthCellText(column, row)),
  ]);
}

/** '{dealership}_{period label}_campaigns.pdf' (spec 001 §8), e.g. 'EchoPark_Last 3 months_campaigns.pdf'. */
export function monthOverMonthPdfName(dealershipName: string, data: MonthOverMonthResponse): string {
  const safe = (text: string) => text.replace(/[^\w\- .()]+/g, '_').trim() || 'dealership';
  return `${safe(dealershipName)}_${monthOverMonthFilterLabels[data.dateFilter]}_campaigns.pdf`;
}

/** The month-over-month view as a PDF: one table per campaign, as the page shows it. */
export function buildMonthOverMonthPdf(
  dealershipName: string,
  data: MonthOverMonthResponse,
  brand?: PdfBrand,
): Promise<Buffer> {
  return renderPdf({
    brand,
    title: `${dealershipName} — Month over Month`,
    subtitle: [`${monthOverMonthFilterLabels[data.dateFilter]}: ${formatDateSpan(data.startDate, data.endDate)}`],
    content:
      data.campaigns.length === 0
        ? [{ text: 'No campaigns found', style: 'muted' }]
        : data.campaigns.map((campaign) =>
            tableBlock(
              `${campaign.name} (${campaign.product_code})`,
              monthOverMonthHeaders(campaign, data.show_budget_type),
              cellsOf(campaign, data),
              { empty: 'No campaigns found' },
            ),
          ),
  });
}

/**
 * The month-over-month view as a workbook: one sheet per campaign (named '{id} {name}', unique and
 * cut readably to 31 characters), with a title (campaign, product, period), the header with units
 * and one row per month; numbers stay numbers with currency, percent and integer formats.
 */
export async function buildMonthOverMonthWorkbook(data: MonthOverMonthResponse, brand?: SheetBrand): Promise<Buffer> {
  const sheets = data.campaigns.map((campaign) => {
    const metricColumns = [...(data.show_budget_type === null ? [] : (['budget'] as const)), ...campaign.columns];
    const formats: ColumnFormat[] = ['text', 'text', ...metricColumns.map(monthOverMonthFormat)];
    const table: ReportTable = {
      title: [
        `${campaign.name} (${campaign.product_code})`,
        `${monthOverMonthFilterLabels[data.dateFilter]}: ${formatDateSpan(data.startDate, data.endDate)}`,
      ],
      headers: monthOverMonthHeaders(campaign, data.show_budget_type).map((header, index) =>
        headerWithUnit(header, formats[index]!),
      ),
      formats,
      rows: campaign.rows.map((row) => [
        formatBookingMonth(row.month),
        formatDateSpan(row.start_date, row.end_date),
        ...metricColumns.map((column): Cell => row[column]),
      ]),
    };
    return { name: `${campaign.id} ${campaign.name}`, table: brand ? { ...table, brand } : table };
  });
  return toXlsx(
    sheets.length > 0 ? sheets : [{ name: 'Campaigns', table: { headers: ['No campaigns found'], rows: [] } }],
  );
}
