import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, Style, TableCell } from 'pdfmake/interfaces';
import type { ChartOption } from '@portal/report-charts';
import { renderChartSvg } from './render-chart';

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');

let configured = false;

/** pdfmake on the server: Roboto from the package, local reads limited to its font folder, no URL fetches. */
export function configurePdfmake() {
  if (configured) return;
  pdfmake.setFonts({
    Roboto: {
      normal: path.join(fontDir, 'Roboto-Regular.ttf'),
      bold: path.join(fontDir, 'Roboto-Medium.ttf'),
      italics: path.join(fontDir, 'Roboto-Italic.ttf'),
      bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
    },
  });
  pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir));
  pdfmake.setUrlAccessPolicy(() => false);
  configured = true;
}

/** Page content width of an A4 landscape page with 36 pt margins. */
export const CONTENT_WIDTH = 842 - 72;

export interface Card {
  label: string;
  value: string;
  hint?: string;
}

/** A row of metric cards, as the page's cards, across `contentWidth`. */
export function cardsRow(cards: Card[], contentWidth = CONTENT_WIDTH): Content {
  const width = (contentWidth - (cards.length - 1) * 8) / Math.max(cards.length, 1);
  return {
    columns: cards.map((card) => ({
      width,
      table: {
        widths: ['*'],
        body: [
          [
            {
              stack: [
                { text: card.label.toUpperCase(), style: 'cardLabel' },
                { text: card.value, style: 'cardValue' },
                ...(card.hint ? [{ text: card.hint, style: 'cardHint' }] : []),
              ],
              margin: [8, 6, 8, 6],
            },
          ],
        ],
      },
      layout: { hLineColor: () => '#dee2e6', vLineColor: () => '#dee2e6' },
    })),
    columnGap: 8,
    margin: [0, 0, 0, 12],
    unbreakable: true,
  } as Content;
}

/** A titled chart rendered to SVG from its option. */
export function chartBlock(title: string, option: ChartOption, width = CONTENT_WIDTH, height = 200): Content {
  return {
    stack: [
      { text: title, style: 'sectionTitle' },
      { svg: renderChartSvg(option, { width, height }), width },
    ],
    margin: [0, 0, 0, 12],
    unbreakable: true,
  } as Content;
}

/** Two charts side by side. */
export function chartPair(left: [string, ChartOption], right: [string, ChartOption]): Content {
  const width = (CONTENT_WIDTH - 12) / 2;
  return {
    columns: [chartBlock(left[0], left[1], width), chartBlock(right[0], right[1], width)],
    columnGap: 12,
  } as Content;
}

/** A table cell's text: plain, or runs of text with their own size and colour (pdfmake inline text). */
export type PdfCellText = string | Array<string | { text: string; fontSize?: number; color?: string; bold?: boolean }>;

/** A titled table; `rows` already formatted; says `empty` when there are none. */
export function tableBlock(
  title: string,
  header: string[],
  rows: PdfCellText[][],
  options: {
    empty: string;
    note?: string;
    /** Column widths in points, '*' or 'auto' (default: the first column '*', the others 'auto'). */
    widths?: Array<number | '*' | 'auto'>;
  },
): Content {
  if (rows.length === 0) {
    return {
      stack: [
        { text: title, style: 'sectionTitle' },
        { text: options.empty, style: 'muted' },
      ],
      margin: [0, 0, 0, 12],
    };
  }
  const body: TableCell[][] = [
    header.map((text) => ({ text, style: 'tableHeader' })),
    ...rows.map((row) => row.map((text, index) => ({ text, alignment: index === 0 ? 'left' : 'right' }) as TableCell)),
  ];
  return {
    stack: [
      { text: title, style: 'sectionTitle' },
      {
        // A row never splits across pages (a cell's last line alone at the top of the next page), and
        // the header repeats on each page with at least one row under it.
        table: {
          headerRows: 1,
          keepWithHeaderRows: 1,
          dontBreakRows: true,
          widths: options.widths ?? header.map((_, i) => (i === 0 ? '*' : 'auto')),
          body,
        },
        layout: 'lightHorizontalLines',
        fontSize: 9,
      },
      ...(options.note ? [{ text: options.note, style: 'muted', margin: [0, 4, 0, 0] }] : []),
    ],
    margin: [0, 0, 0, 14],
  } as Content;
}

/** The styles every portal PDF uses. */
export const PDF_STYLES = {
  title: { fontSize: 18, bold: true, margin: [0, 0, 0, 4] },
  subtitle: { fontSize: 10, color: '#495057' },
  sectionTitle: { fontSize: 12, bold: true, margin: [0, 4, 0, 6] },
  cardLabel: { fontSize: 8, color: '#868e96' },
  cardValue: { fontSize: 16, bold: true, margin: [0, 2, 0, 0] },
  cardHint: { fontSize: 8, color: '#868e96' },
  tableHeader: { bold: true, color: '#495057' },
  muted: { color: '#868e96', fontSize: 9 },
} satisfies Record<string, Style>;

/**
 * The agency's brand on a PDF (issue 20 §4): display name, logo as a PNG/JPEG data URL (null: the
 * name alone) and primary colour (null: the product's). Plain data, so it crosses to the export pool.
 */
export interface PdfBrand {
  name: string;
  logo: string | null;
  color: string | null;
}

/** The brand of a PDF from the agency's assets (`loadBrandAssets`); undefined without one. */
export function pdfBrandOf(
  assets: { name: string; logo: { bytes: Buffer; type: string } | null; primaryColor: string | null } | null,
): PdfBrand | undefined {
  if (!assets) return undefined;
  return {
    name: assets.name,
    logo: assets.logo ? `data:${assets.logo.type};base64,${assets.logo.bytes.toString('base64')}` : null,
    color: assets.primaryColor,
  };
}

/** The branded block above a PDF's title: logo and name in the agency's colour, and a rule. */
function brandBlock(brand: PdfBrand): Content[] {
  const color = brand.color ?? '#1c7ed6';
  return [
    {
      columns: [
        ...(brand.logo ? [{ image: brand.logo, fit: [140, 32], width: 'auto' }] : []),
        { text: brand.name, fontSize: 13, bold: true, color, width: '*', margin: [brand.logo ? 8 : 0, 8, 0, 0] },
      ],
      margin: [0, 0, 0, 4],
    } as Content,
    {
      canvas: [{ type: 'line', x1: 0, y1: 0, x2: 770, y2: 0, lineWidth: 2, lineColor: color }],
      margin: [0, 0, 0, 8],
    } as Content,
  ];
}

/** Whether a section has a four-sided margin (left, top, right, bottom). */
function hasMargin(section: Content): section is Content & { margin: [number, number, number, number] } {
  const margin = (section as { margin?: unknown }).margin;
  return Array.isArray(margin) && margin.length === 4;
}

/** Renders a report document: header lines, then the sections; A4 landscape. */
export async function renderPdf(input: {
  title: string;
  subtitle: string[];
  content: Content[];
  /** The agency's brand (issue 20 §4): a header block on page 1 and its name in every footer. */
  brand?: PdfBrand | undefined;
}): Promise<Buffer> {
  configurePdfmake();
  // The last section's bottom margin would start an empty page when the section ends at the page's foot.
  const content = input.content.map((section, i) =>
    i === input.content.length - 1 && hasMargin(section)
      ? ({ ...(section as object), margin: [section.margin[0], section.margin[1], section.margin[2], 0] } as Content)
      : section,
  );
  const doc = pdfmake.createPdf({
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [36, 36, 36, 40],
    info: { title: input.title, creator: input.brand?.name ?? 'Campaign portal' },
    defaultStyle: { font: 'Roboto', fontSize: 10, color: '#212529' },
    footer: (page: number, pages: number) => ({
      text: input.brand ? `${input.brand.name} · ${page} / ${pages}` : `${page} / ${pages}`,
      alignment: 'right',
      margin: [0, 10, 36, 0],
      fontSize: 8,
      color: '#868e96',
    }),
    content: [
      ...(input.brand ? brandBlock(input.brand) : []),
      { text: input.title, style: 'title' },
      ...input.subtitle.map((line) => ({ text: line, style: 'subtitle' })),
      { text: ' ', margin: [0, 0, 0, 6] },
      ...content,
    ],
    styles: PDF_STYLES,
  });
  return doc.getBuffer();
}
