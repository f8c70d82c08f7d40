import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  formatChange,
  formatDateRange,
  formatInstant,
  formatInteger,
  formatKpiValue,
  formatLongDate,
  formatPercent,
  type ReportPaperSize,
  type SummaryKpi,
} from '@portal/contracts';
import type { ChartOption } from '@portal/report-charts';
import { configurePdfmake, PDF_STYLES } from './pdf-document';
import { renderChartSvg } from './render-chart';

/**
 * The layout of the campaign report PDF (issue 20 §1): portrait US Letter (A4 per agency), a cover
 * and executive summary on page 1, then the report's sections as blocks that never split a chart,
 * never leave a heading or a table header last on a page, and repeat a table's header on every
 * page; a running header (agency, dealership, campaign) and footer (generated at, page X of Y).
 */

/** A page's size and the box the content flows in (points). */
export interface PageGeometry {
  paperSize: ReportPaperSize;
  width: number;
  height: number;
  /** [left, top, right, bottom]: the top and bottom leave room for the running header and footer. */
  margins: [number, number, number, number];
  contentWidth: number;
}

const PAPER: Record<ReportPaperSize, { width: number; height: number; name: 'LETTER' | 'A4' }> = {
  letter: { width: 612, height: 792, name: 'LETTER' },
  a4: { width: 595.28, height: 841.89, name: 'A4' },
};

/** Portrait geometry of a paper size. */
export function pageGeometry(paperSize: ReportPaperSize): PageGeometry {
  const { width, height } = PAPER[paperSize];
  const margins: [number, number, number, number] = [40, 56, 40, 48];
  return { paperSize, width, height, margins, contentWidth: width - margins[0] - margins[2] };
}

const BRAND = '#1c7ed6';
const MUTED = '#868e96';
const GOOD = '#2f9e44';
const BAD = '#e03131';

/* ---------- Charts: drawn, a figure, or not drawn ---------- */

type SeriesLike = { type?: string; name?: string; data?: unknown[] };
type AxisLike = { type?: string; data?: unknown[]; axisLabel?: { formatter?: unknown } };

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The number a series point carries ([lon, lat, value] points: the last). */
function pointValue(point: unknown): number | null {
  const raw =
    typeof point === 'object' && point !== null && !Array.isArray(point) ? (point as { value?: unknown }).value : point;
  const value = Array.isArray(raw) ? raw.at(-1) : raw;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** What an option would draw: whether any point is non-zero, and its categories when it has a category axis. */
export function chartFacts(option: ChartOption): {
  hasData: boolean;
  categories: string[] | null;
  series: Array<{ name: string; type: string; values: Array<number | null> }>;
  percent: boolean;
} {
  const series = asArray(option.series as SeriesLike | SeriesLike[]).map((s) => ({
    name: s.name ?? '',
    type: s.type ?? '',
    values: (s.data ?? []).map(pointValue),
  }));
  const axes = [...asArray(option.xAxis as AxisLike | AxisLike[]), ...asArray(option.yAxis as AxisLike | AxisLike[])];
  const category = axes.find((axis) => axis.type === 'category' && Array.isArray(axis.data));
  const valueAxis = axes.find((axis) => axis.type === 'value');
  return {
    hasData: series.some((s) => s.values.some((value) => value !== null && value !== 0)),
    categories: category
      ? (category.data ?? []).map((entry) => String((entry as { value?: unknown })?.value ?? entry))
      : null,
    series,
    percent: typeof valueAxis?.axisLabel?.formatter === 'string' && valueAxis.axisLabel.formatter.includes('%'),
  };
}

/** A section with nothing to draw: its heading and a muted line, kept together. */
export function emptySection(title: string, text: string): Content {
  return {
    stack: [
      { text: title, style: 'sectionTitle' },
      { text, style: 'muted' },
    ],
    margin: [0, 0, 0, 12],
    unbreakable: true,
  } as Content;
}

/**
 * A titled chart: drawn as SVG when it has data on two or more categories; a figure (the number,
 * large, with its category) when it has one category; not drawn ('No data for this date range')
 * when every point is zero or missing. Title and chart are one unbreakable block.
 */
export function chartSection(title: string, option: ChartOption, width: number, height = 200): Content {
  const facts = chartFacts(option);
  if (!facts.hasData) return emptySection(title, 'No data for this date range');
  const bars = facts.series.every((s) => s.type === 'bar' || s.type === 'line');
  if (bars && facts.categories?.length === 1) {
    const category = facts.categories[0]!;
    const shown = facts.series.filter((s) => s.values[0] !== null);
    return {
      stack: [
        { text: title, style: 'sectionTitle' },
        {
          columns: shown.map((s) => ({
            width: 'auto',
            stack: [
              {
                text: facts.percent ? formatPercent(s.values[0]!) : formatInteger(s.values[0]!),
                fontSize: 22,
                bold: true,
                color: BRAND,
              },
              { text: shown.length > 1 && s.name ? `${s.name} · ${category}` : category, style: 'muted' },
            ],
          })),
          columnGap: 24,
        },
      ],
      margin: [0, 0, 0, 12],
      unbreakable: true,
    } as Content;
  }
  return {
    stack: [
      { text: title, style: 'sectionTitle' },
      // `chart` is read by tests only (pdfmake ignores it): what the drawn chart plots.
      {
        svg: renderChartSvg(option, { width, height }),
        width,
        chart: { categories: facts.categories?.length ?? null, points: countPoints(facts.series) },
      },
    ],
    margin: [0, 0, 0, 12],
    unbreakable: true,
  } as Content;
}

/** The non-zero points of a chart's series. */
function countPoints(series: Array<{ values: Array<number | null> }>): number {
  return series.reduce((sum, s) => sum + s.values.filter((value) => value !== null && value !== 0).length, 0);
}

/* ---------- Tables ---------- */

/**
 * A titled table whose title and column header are its two header rows: repeated at the top of
 * every page the table runs onto, and kept with at least its first row (a header is never the last
 * thing on a page); a row never splits. `rows` already formatted; says `empty` when there are none.
 */
export function tableSection(
  title: string,
  header: string[],
  rows: string[][],
  options: { empty: string; note?: string },
): Content {
  if (rows.length === 0) return emptySection(title, options.empty);
  const body: TableCell[][] = [
    [
      { text: title, style: 'sectionTitle', colSpan: header.length, margin: [0, 1, 0, 3] },
      ...header.slice(1).map(() => ({})),
    ],
    header.map(
      (text, index) => ({ text, style: 'tableHeader', alignment: index === 0 ? 'left' : 'right' }) as TableCell,
    ),
    ...rows.map((row) => row.map((text, index) => ({ text, alignment: index === 0 ? 'left' : 'right' }) as TableCell)),
  ];
  return {
    stack: [
      {
        table: {
          headerRows: 2,
          keepWithHeaderRows: 1,
          dontBreakRows: true,
          widths: header.map((_, i) => (i === 0 ? '*' : 'auto')),
          body,
        },
        layout: {
          hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
            i <= 1 || i === node.table.body.length ? 0 : i === 2 ? 1 : 0.5,
          hLineColor: (i: number) => (i === 2 ? '#adb5bd' : '#dee2e6'),
          vLineWidth: () => 0,
          paddingLeft: (i: number) => (i === 0 ? 0 : 6),
          paddingRight: (i: number, node: { table: { widths?: unknown[] } }) =>
            i === (node.table.widths?.length ?? 1) - 1 ? 0 : 6,
          paddingTop: () => 3,
          paddingBottom: () => 3,
        },
        fontSize: 9,
      },
      ...(options.note ? [{ text: options.note, style: 'muted', margin: [0, 4, 0, 0] }] : []),
    ],
    margin: [0, 0, 0, 14],
  } as Content;
}

/* ---------- Cover and executive summary ---------- */

/** 'CST' for America/Chicago in November (the zone's short name at that instant). */
function zoneName(instant: string, timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(
      new Date(instant),
    );
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** An instant as 'Nov 26, 2026 3:05 AM CST' in `timeZone`. */
export function formatZoned(instant: string, timeZone: string): string {
  return `${formatInstant(instant, 'longDateTime', timeZone)} ${zoneName(instant, timeZone)}`;
}

export interface CoverInput {
  agency: { name: string; logo: string | null; primaryColor?: string | null };
  title: string;
  dealership: string;
  /** 'Programmatic Display (DSP) · flight Oct 1 - Dec 31, 2026'. */
  product: string;
  range: { start_date: string; end_date: string };
  /** Extra lines under the period (e.g. the period's totals). */
  lines: string[];
  dataThrough: { lastDay: string | null; ingestedAt: string | null };
  timeZone: string;
}

/** The cover block at the top of page 1: agency (logo or name), title, dealership, period, data through. */
export function coverContent(input: CoverInput, contentWidth: number): Content[] {
  const through = input.dataThrough;
  const throughText = [
    through.lastDay ? `Data through ${formatLongDate(through.lastDay)}` : 'No delivery in this period',
    ...(through.ingestedAt ? [`last updated ${formatZoned(through.ingestedAt, input.timeZone)}`] : []),
  ].join(' · ');
  return [
    {
      columns: [
        input.agency.logo
          ? {
              width: '*',
              columns: [
                { image: input.agency.logo, fit: [160, 40], width: 'auto' },
                {
                  text: input.agency.name,
                  fontSize: 14,
                  bold: true,
                  color: input.agency.primaryColor ?? BRAND,
                  width: '*',
                  margin: [8, 10, 0, 0],
                },
              ],
            }
          : {
              text: input.agency.name,
              fontSize: 14,
              bold: true,
              color: input.agency.primaryColor ?? BRAND,
              width: '*',
            },
        { text: 'Campaign report', alignment: 'right', color: MUTED, fontSize: 9, width: 'auto', margin: [0, 4, 0, 0] },
      ],
      margin: [0, 0, 0, 6],
    } as Content,
    {
      canvas: [
        {
          type: 'line',
          x1: 0,
          y1: 0,
          x2: contentWidth,
          y2: 0,
          lineWidth: 2,
          lineColor: input.agency.primaryColor ?? BRAND,
        },
      ],
      margin: [0, 0, 0, 10],
    } as Content,
    { text: input.title, fontSize: 20, bold: true, margin: [0, 0, 0, 2] },
    { text: input.dealership, fontSize: 12, color: '#343a40', margin: [0, 0, 0, 2] },
    { text: input.product, style: 'subtitle' },
    {
      text: [{ text: 'Period: ', bold: true }, formatDateRange(input.range.start_date, input.range.end_date)],
      style: 'subtitle',
      margin: [0, 4, 0, 0],
    },
    ...input.lines.map((line) => ({ text: line, style: 'subtitle' })),
    { text: throughText, style: 'muted', margin: [0, 2, 0, 12] },
  ];
}

const arrow = (up: boolean, color: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" viewBox="0 0 8 8"><polygon points="${up ? '0,7 4,1 8,7' : '0,1 4,7 8,1'}" fill="${color}"/></svg>`;

/** One KPI tile: label, value, arrow and change (coloured by whether the direction is good), previous value. */
function kpiTile(kpi: SummaryKpi, days: number): Content {
  const color = kpi.favorable === null ? MUTED : kpi.favorable ? GOOD : BAD;
  const change: Content =
    kpi.change === null
      ? { text: `no data in the previous ${days} days`, style: 'cardHint' }
      : {
          columns: [
            ...(kpi.change === 0
              ? []
              : [
                  {
                    svg: arrow(kpi.change > 0, color),
                    width: 8,
                    margin: [0, 2, 3, 0] as [number, number, number, number],
                  },
                ]),
            { text: formatChange(kpi.change), color, bold: true, fontSize: 9, width: 'auto' },
          ],
          columnGap: 0,
        };
  return {
    table: {
      widths: ['*'],
      body: [
        [
          {
            stack: [
              { text: kpi.label.toUpperCase(), style: 'cardLabel' },
              { text: formatKpiValue(kpi.format, kpi.value), style: 'cardValue' },
              change,
              ...(kpi.change === null
                ? []
                : [{ text: `previous ${days} days: ${formatKpiValue(kpi.format, kpi.previous)}`, style: 'cardHint' }]),
            ],
            margin: [8, 6, 8, 6],
          },
        ],
      ],
    },
    layout: { hLineColor: () => '#dee2e6', vLineColor: () => '#dee2e6' },
  } as Content;
}

/** Page 1's executive summary: the KPI tiles with their change, then the generated sentences. */
export function summaryContent(kpis: SummaryKpi[], sentences: string[], days: number, contentWidth: number): Content {
  const gap = 8;
  const width = (contentWidth - (kpis.length - 1) * gap) / Math.max(kpis.length, 1);
  return {
    stack: [
      { text: 'Executive summary', style: 'sectionTitle' },
      { columns: kpis.map((kpi) => ({ width, stack: [kpiTile(kpi, days)] })), columnGap: gap, margin: [0, 0, 0, 8] },
      { ul: sentences, fontSize: 10, color: '#343a40', margin: [0, 0, 0, 14] },
    ],
    unbreakable: true,
  } as Content;
}

/* ---------- The document ---------- */

export interface ReportDocumentInput {
  geometry: PageGeometry;
  title: string;
  /** The running header: agency, dealership, campaign. */
  header: { agency: string; dealership: string; campaign: string };
  /** 'Generated Nov 26, 2026 3:05 AM CST'. */
  generated: string;
  content: Content[];
}

/** Lays out a report document with its running header and footer → the PDF's bytes. */
export async function renderReportDocument(input: ReportDocumentInput): Promise<Buffer> {
  configurePdfmake();
  const { geometry } = input;
  const [left, , right] = geometry.margins;
  const small = { fontSize: 8, color: MUTED };
  const definition: TDocumentDefinitions = {
    pageSize: PAPER[geometry.paperSize].name,
    pageOrientation: 'portrait',
    pageMargins: geometry.margins,
    info: { title: input.title, creator: input.header.agency || 'Campaign portal' },
    defaultStyle: { font: 'Roboto', fontSize: 10, color: '#212529' },
    header: () => ({
      stack: [
        {
          columns: [
            { text: [input.header.agency, input.header.dealership].filter(Boolean).join(' · '), ...small },
            { text: input.header.campaign, alignment: 'right', ...small },
          ],
        },
        {
          canvas: [
            { type: 'line', x1: 0, y1: 4, x2: geometry.contentWidth, y2: 4, lineWidth: 0.5, lineColor: '#dee2e6' },
          ],
        },
      ],
      margin: [left, 24, right, 0],
    }),
    footer: (page: number, pages: number) => ({
      columns: [
        { text: input.generated, ...small },
        { text: `Page ${page} of ${pages}`, alignment: 'right', ...small },
      ],
      margin: [left, 18, right, 0],
    }),
    content: input.content,
    styles: PDF_STYLES,
  };
  return pdfmake.createPdf(definition).getBuffer();
}
