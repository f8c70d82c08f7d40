import {
  ctrPercent,
  formatInteger,
  formatPercent,
  numberAnnotations,
  selfServiceProductColumns,
  type Annotation,
  type SelfServiceProduct,
} from '@portal/contracts';
import { clicksByDayChart, ctrByDayChart, drawnRange, impressionsByDayChart } from '@portal/report-charts';
import { formatUsDate } from '../../lib/csv';
import { notesList } from './campaign-report-pdf';
import { cardsRow, chartBlock, chartPair, renderPdf, tableBlock, type PdfBrand } from './pdf-document';

export interface SelfServicePdfData {
  dealershipName: string;
  campaignName: string;
  vendorName: string;
  accountName: string;
  range: { startDate: string; endDate: string };
  days: Array<{ date: string; impressions: number; clicks: number }>;
  /** The first page of Product Performance (clicks descending) and the product count. */
  products: SelfServiceProduct[];
  productTotal: number;
  /** The notes of the range, flight start and end included (issue 21 §4). */
  annotations?: Annotation[];
}

/**
 * The self-service report as a PDF (spec 001 §2.11): header, cards CTR / Total Impressions / Total
 * clicks, the three daily charts (the page's option builders rendered to SVG) and, when the range
 * has products, the first page of Product Performance.
 */
export async function buildSelfServiceReportPdf(
  data: SelfServicePdfData,
  today: string,
  brand?: PdfBrand,
): Promise<Buffer> {
  const impressions = data.days.reduce((sum, d) => sum + d.impressions, 0);
  const clicks = data.days.reduce((sum, d) => sum + d.clicks, 0);
  // Every day of the range up to today, as the page draws it (report-charts `drawnRange`).
  const range = drawnRange(data.range, today);
  // The notes' markers on the three charts, and their list under them (issue 21 §4).
  const notes = numberAnnotations(data.annotations ?? [], range);
  const daily = { range, annotations: notes };
  const content = [
    cardsRow([
      { label: 'CTR', value: formatPercent(ctrPercent(clicks, impressions)) },
      { label: 'Total Impressions', value: formatInteger(impressions) },
      { label: 'Total clicks', value: formatInteger(clicks) },
    ]),
    chartPair(
      ['Total Impressions', impressionsByDayChart(data.days, daily)],
      ['Total Clicks', clicksByDayChart(data.days, daily)],
    ),
    chartBlock('Click Through Rate', ctrByDayChart(data.days, daily)),
    ...notesList(notes),
  ];
  if (data.productTotal > 0) {
    content.push(
      tableBlock(
        'Product Performance',
        selfServiceProductColumns.map((c) => c.header),
        data.products.map((p) => [
          p.product_title,
          p.product_item_id,
          formatInteger(p.impressions),
          formatInteger(p.clicks),
          formatInteger(p.conversions),
        ]),
        {
          empty: 'No products found',
          note:
            data.productTotal > data.products.length
              ? `Showing ${data.products.length} of ${formatInteger(data.productTotal)} products; export the table as CSV for all of them.`
              : undefined,
        },
      ),
    );
  }
  return renderPdf({
    brand,
    title: data.campaignName,
    subtitle: [
      `${data.dealershipName} · ${data.vendorName} · ${data.accountName}`,
      `${formatUsDate(data.range.startDate)} – ${formatUsDate(data.range.endDate)}`,
    ],
    content,
  });
}
