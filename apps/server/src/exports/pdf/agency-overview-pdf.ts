import {
  formatCurrency,
  formatDateRange,
  formatInteger,
  formatPercent,
  overviewSalesNote,
  type OverviewMetrics,
  type OverviewResponse,
} from '@portal/contracts';
import { cardsRow, renderPdf, tableBlock, type PdfBrand, type PdfCellText } from './pdf-document';

/** A trust signal's cell: its value, or 'Not available' until issue 21's signals are wired in. */
const signal = (value: string | number | null, available: boolean) =>
  available && value !== null ? String(value) : 'Not available';

/** Each metric's cell format, in the table's column order (the page's formats; no sales source: '-'). */
const metricFormats: { [K in keyof OverviewMetrics]: (value: OverviewMetrics[K]) => string } = {
  impressions: formatInteger,
  clicks: formatInteger,
  ctr: (value) => formatPercent(value),
  spend: formatCurrency,
  leads: formatInteger,
  calls: formatInteger,
  sales: (value) => (value === null ? '-' : formatInteger(value)),
  cost_per_lead: formatCurrency,
  cost_per_sale: formatCurrency,
};
const metricKeys = Object.keys(metricFormats) as Array<keyof OverviewMetrics>;

/** A metric's cell text. */
const cellOf = (m: OverviewMetrics, key: keyof OverviewMetrics) =>
  (metricFormats[key] as (value: number | null) => string)(m[key]);

/** The metric cells of a row, as the page shows them. */
export function overviewCells(m: OverviewMetrics): string[] {
  return metricKeys.map((key) => cellOf(m, key));
}

/**
 * The metric cells of a row with, under each value, its change from the previous period in small grey
 * type (as the page shows them with "Compare" on); a cell without a previous value has none.
 */
export function overviewCellsWithChange(current: OverviewMetrics, previous: OverviewMetrics): PdfCellText[] {
  return metricKeys.map((key) => {
    const value = cellOf(current, key);
    const change = changeText(current[key], previous[key]);
    return change ? [value, { text: `\n${change}`, fontSize: 7, color: '#868e96' }] : value;
  });
}

/** Change from the previous period in percent (one decimal), or '' without a previous value. */
export function changeText(current: number | null, previous: number | null): string {
  if (current === null || previous === null || previous === 0) return '';
  const change = ((current - previous) / previous) * 100;
  return `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`;
}

/**
 * The agency overview as a PDF (issue 23 §1): cards of the totals with their change from the
 * previous period, then one row per rooftop and the totals row, each value with its change under it
 * (the PDF always compares, as its subtitle says); pacing, alerts and freshness say 'Not available'
 * where the server could not compute them. Laid out by `renderPdf` like every portal PDF (so it
 * gets the agency branding of issue 20 with the rest). `filter`: the page's name filter (`q`), named
 * under the title with how many of the agency's rooftops it kept.
 */
export function buildAgencyOverviewPdf(data: OverviewResponse, brand?: PdfBrand, filter?: string): Promise<Buffer> {
  const t = data.totals.current;
  const p = data.totals.previous;
  const card = (label: string, value: string, now: number | null, before: number | null) => {
    const change = changeText(now, before);
    return change ? { label, value, hint: `${change} vs previous` } : { label, value };
  };
  const header = [
    'Rooftop',
    'Impressions',
    'Clicks',
    'CTR',
    'Spend',
    'Leads',
    'Calls',
    'Sales',
    'Cost / lead',
    'Cost / sale',
    'Pacing',
    'Alerts',
    'Freshness',
  ];
  const rows: PdfCellText[][] = data.rows.map((row) => [
    row.name,
    ...overviewCellsWithChange(row.current, row.previous),
    signal(row.trust.pacing_state, row.trust.available),
    signal(row.trust.open_alerts, row.trust.available),
    signal(row.trust.data_freshness, row.trust.available),
  ]);
  if (rows.length > 0)
    rows.push([`Total (${data.rows.length} rooftops)`, ...overviewCellsWithChange(t, p), '', '', '']);
  return renderPdf({
    brand,
    title: `${data.organization.name} — Agency overview`,
    subtitle: [
      `${formatDateRange(data.range.startDate, data.range.endDate)}, compared with ${formatDateRange(
        data.previous_range.startDate,
        data.previous_range.endDate,
      )}`,
      // The page's name filter, so a filtered PDF does not read as the whole agency.
      ...(filter ? [`Rooftops whose name contains “${filter}”: ${data.rows.length} of ${data.rooftops}`] : []),
    ],
    content: [
      cardsRow([
        card('Impressions', formatInteger(t.impressions), t.impressions, p.impressions),
        card('Clicks', formatInteger(t.clicks), t.clicks, p.clicks),
        card('CTR', formatPercent(t.ctr), t.ctr, p.ctr),
        card('Spend', formatCurrency(t.spend), t.spend, p.spend),
        card('Leads', formatInteger(t.leads), t.leads, p.leads),
        card('Cost per lead', formatCurrency(t.cost_per_lead), t.cost_per_lead, p.cost_per_lead),
      ]),
      tableBlock('Rooftops', header, rows, {
        empty: 'No rooftops match',
        // Freshness ("Data through Nov 14, 2026, updated Nov 29, 4:37 AM CST") on two lines, not three.
        widths: header.map((_, i) => (i === 0 ? '*' : i === header.length - 1 ? 128 : 'auto')),
        note: `Ratios of the total are computed from the summed parts. ${overviewSalesNote(data.attribution_rule)}`,
      }),
    ],
  });
}
