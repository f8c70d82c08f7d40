import {
  formatBookingMonth,
  formatDateSpan,
  monthOverMonthCellText,
  monthOverMonthChange,
  monthOverMonthChangeText,
  monthOverMonthColumnLabels,
  monthOverMonthFilterLabels,
  monthOverMonthGoodDirection,
  monthOverMonthHeaders,
  type MonthOverMonthMetricColumn,
  type MonthOverMonthCampaign,
  type MonthOverMonthResponse,
} from '@portal/contracts';
import { renderPdf, tableBlock, type PdfBrand, type PdfCellText } from '../pdf/pdf-document';
import type { ColumnFormat, SheetBrand } from '../spreadsheet-writers';
import { headerWithUnit, toXlsx, type Cell, type ReportTable } from './report-table';

/** How a month-over-month column's numbers read in the workbook: rates in percent, budget in dollars. */
const monthOverMonthFormat = (column: string): ColumnFormat =>
  column === 'ctr' || column === 'vtr' || column === 'impression_share'
    ? 'percent'
    : column === 'budget'
      ? 'currency'
      : 'integer';

/** The colours of a change: good, bad, neither (as the page's and the summary's). */
const CHANGE_COLORS = { good: '#2b8a3e', bad: '#c92a2a', neutral: '#868e96' } as const;

const metricColumnsOf = (campaign: MonthOverMonthCampaign, data: MonthOverMonthResponse) =>
  [...(data.show_budget_type === null ? [] : (['budget'] as const)), ...campaign.columns] as Array<
    MonthOverMonthMetricColumn | 'budget'
  >;

function cellsOf(campaign: MonthOverMonthCampaign, data: MonthOverMonthResponse): PdfCellText[][] {
  return campaign.rows.map((row) => [
    formatBookingMonth(row.month),
    formatDateSpan(row.start_date, row.end_date),
    ...metricColumnsOf(campaign, data).map((column): PdfCellText => {
      const text = monthOverMonthCellText(column, row);
      const change = monthOverMonthChange(column, row, campaign.rows);
      if (!change || change.difference === null) return text;
      const color =
        change.favorable === null ? CHANGE_COLORS.neutral : change.favorable ? CHANGE_COLORS.good : CHANGE_COLORS.bad;
      return [text, '\n', { text: monthOverMonthChangeText(column, change), fontSize: 7, color }];
    }),
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
 * Signed number formats of a change column, green when the direction is good for the column and red
 * when not (Excel colours by sign, so a column whose good direction is down swaps them).
 */
function changeNumberFormat(column: MonthOverMonthMetricColumn | 'budget', body: string): string {
  const good = monthOverMonthGoodDirection[column];
  const [up, down] = good === 'up' ? ['[Color10]', '[Red]'] : good === 'down' ? ['[Red]', '[Color10]'] : ['', ''];
  return `${up}+${body};${down}-${body};${body}`;
}

const isRate = (column: string) => column === 'ctr' || column === 'vtr' || column === 'impression_share';

/**
 * The two change columns after a metric column (issue 20 §3): the difference from the month before
 * in the column's unit (percentage points for rates) and the relative change in percent; both
 * empty in a month without the month before.
 */
function changeColumns(column: MonthOverMonthMetricColumn | 'budget') {
  const label = monthOverMonthColumnLabels[column];
  const difference = isRate(column)
    ? { header: `${label} change (pts)`, format: 'decimal' as const, numFmt: changeNumberFormat(column, '0.00" pts"') }
    : column === 'budget'
      ? {
          header: `${label} change ($)`,
          format: 'currency' as const,
          numFmt: changeNumberFormat(column, '"$"#,##0.00'),
        }
      : { header: `${label} change`, format: 'integer' as const, numFmt: changeNumberFormat(column, '#,##0') };
  const percent = {
    header: `${label} change (%)`,
    format: 'percent' as const,
    numFmt: changeNumberFormat(column, '0.0%'),
  };
  return [difference, percent];
}

/**
 * The month-over-month view as a workbook: one sheet per campaign (named '{id} {name}', unique and
 * cut readably to 31 characters), with a title (campaign, product, period), the header with units
 * and one row per month; each metric column is followed by its change from the month before (value
 * and percent, signed, green when good and red when not); numbers stay numbers with currency,
 * percent and integer formats.
 */
export async function buildMonthOverMonthWorkbook(data: MonthOverMonthResponse, brand?: SheetBrand): Promise<Buffer> {
  const sheets = data.campaigns.map((campaign) => {
    const metricColumns = metricColumnsOf(campaign, data);
    const columns = metricColumns.flatMap((column) => [
      { header: monthOverMonthColumnLabels[column], format: monthOverMonthFormat(column), numFmt: undefined },
      ...changeColumns(column),
    ]);
    const formats: ColumnFormat[] = ['text', 'text', ...columns.map((c) => c.format)];
    const table: ReportTable = {
      title: [
        `${campaign.name} (${campaign.product_code})`,
        `${monthOverMonthFilterLabels[data.dateFilter]}: ${formatDateSpan(data.startDate, data.endDate)}`,
      ],
      headers: [
        monthOverMonthColumnLabels.booking_month,
        monthOverMonthColumnLabels.dates,
        ...columns.map((c) => (c.numFmt ? c.header : headerWithUnit(c.header, c.format))),
      ],
      formats,
      numberFormats: [undefined, undefined, ...columns.map((c) => c.numFmt)],
      rows: campaign.rows.map((row) => [
        formatBookingMonth(row.month),
        formatDateSpan(row.start_date, row.end_date),
        ...metricColumns.flatMap((column): Cell[] => {
          const change = monthOverMonthChange(column, row, campaign.rows);
          return [row[column], change?.difference ?? null, change?.percent ?? null];
        }),
      ]),
    };
    return { name: `${campaign.id} ${campaign.name}`, table: brand ? { ...table, brand } : table };
  });
  return toXlsx(
    sheets.length > 0 ? sheets : [{ name: 'Campaigns', table: { headers: ['No campaigns found'], rows: [] } }],
  );
}
