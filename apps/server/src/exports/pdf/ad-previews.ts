import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Content } from 'pdfmake/interfaces';
import { SHARED_ASSETS_DIR } from '../../lib/shared-assets';
import { CONTENT_WIDTH } from './pdf-document';
import type { ReportPdfData } from './report-data';

/** At most 3 distinct ad previews (spec 000 §2.7, §9). */
const MAX_PREVIEWS = 3;

export interface AdPreview {
  name: string;
  size: string;
  svg: string;
}

/**
 * The ad previews of a DYD report with show_ad_previews: up to 3 creatives with distinct images.
 * Images the portal serves itself as SVG (e.g. `/demo-creatives/x.svg`) are read from the shared
 * assets folder `assetsDir` (default `assets/`, lib/shared-assets.ts — the folder the server serves
 * them from); a path that leaves that folder, another format or a remote URL is skipped (the PDF
 * makes no network requests).
 */
export async function loadAdPreviews(data: ReportPdfData, assetsDir: string = SHARED_ASSETS_DIR): Promise<AdPreview[]> {
  const { campaign } = data.report;
  if (campaign.product_code !== 'DYD' || !campaign.show_ad_previews || !data.creatives) return [];
  const root = path.resolve(assetsDir);
  const seen = new Set<string>();
  const previews: AdPreview[] = [];
  for (const creative of data.creatives.data) {
    const url = creative.image_url;
    if (!url || seen.has(url) || !url.startsWith('/') || !url.toLowerCase().endsWith('.svg')) continue;
    seen.add(url);
    const file = path.resolve(root, `.${decodeURIComponent(url.split('?')[0]!)}`);
    if (!file.startsWith(root + path.sep)) continue;
    const svg = await fsp.readFile(file, 'utf8').catch(() => null);
    if (!svg) continue;
    previews.push({ name: creative.creative_name, size: creative.creative_size, svg });
    if (previews.length === MAX_PREVIEWS) break;
  }
  return previews;
}

/** The previews three to a row, each scaled into a third of `contentWidth`, with name and size. */
export function adPreviewsBlock(previews: AdPreview[], title = 'Ad Previews', contentWidth = CONTENT_WIDTH): Content[] {
  if (previews.length === 0) return [];
  const width = (contentWidth - 24) / 3;
  const rows: AdPreview[][] = [];
  for (let index = 0; index < previews.length; index += 3) rows.push(previews.slice(index, index + 3));
  return [
    {
      stack: [
        { text: title, style: 'sectionTitle' },
        ...rows.map((row) => ({
          columns: row.map((preview) => {
            const [w, h] = preview.size.split('x').map(Number) as [number, number];
            const scale = Math.min(1, width / (w || width), 160 / (h || 160));
            return {
              width,
              stack: [
                { svg: preview.svg, width: Math.round((w || width) * scale) },
                { text: preview.name, bold: true, fontSize: 9, margin: [0, 4, 0, 0] },
                { text: preview.size, style: 'muted' },
              ],
            };
          }),
          columnGap: 12,
          margin: [0, 0, 0, 8],
        })),
      ],
      margin: [0, 0, 0, 12],
      unbreakable: true,
    } as Content,
  ];
}
