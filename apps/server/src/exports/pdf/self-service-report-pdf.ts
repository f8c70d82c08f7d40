import {
  ctrPercent,
  formatInteger,
  formatPercent,
  selfServiceProductColumns,
  type SelfServiceProduct,
} from '@portal/contracts';
import { clicksByDayChart, ctrByDayChart, fillMissingDays, impressionsByDayChart } from '@portal/report-charts';
import { formatUsDate } from '../../lib/csv';
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
  const lastDay = data.range.endDate < today ? data.range.endDate : today;
  const days = fillMissingDays(
    data.days.map((d) => ({ ...d, ctr: ctrPercent(d.clicks, d.impressions) })),
    data.range.startDate,
    lastDay < data.range.startDate ? data.range.startDate : lastDay,
    (date) => ({ date, impressions: 0, clicks: 0, ctr: null }),
  );
  const content = [
    cardsRow([
      { label: 'CTR', value: formatPercent(ctrPercent(clicks, impressions)) },
      { label: 'Total Impressions', value: formatInteger(impressions) },
      { label: 'Total clicks', value: formatInteger(clicks) },
    ]),
    chartPair(['Total Impressions', impressionsByDayChart(days)], ['Total Clicks', clicksByDayChart(days)]),
    chartBlock('Click Through Rate', ctrByDayChart(days)),
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
