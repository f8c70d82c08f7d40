import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAdPreviews } from '../../src/exports/pdf/ad-previews';
import type { ReportPdfData } from '../../src/exports/pdf/report-data';

const svg = (label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="250"><text>${label}</text></svg>`;

function fixture() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'previews-'));
  fs.mkdirSync(path.join(root, 'dist', 'demo-creatives'), { recursive: true });
  for (const name of ['a', 'b', 'c', 'd'])
    fs.writeFileSync(path.join(root, 'dist', 'demo-creatives', `${name}.svg`), svg(name));
  fs.writeFileSync(path.join(root, 'secret.svg'), svg('outside'));
  return { root, dist: path.join(root, 'dist') };
}

function data(
  imageUrls: Array<string | null>,
  settings: { code?: string; show_ad_previews?: boolean } = {},
): ReportPdfData {
  return {
    report: { campaign: { product_code: settings.code ?? 'DYD', show_ad_previews: settings.show_ad_previews ?? true } },
    creatives: {
      data: imageUrls.map((image_url, i) => ({
        creative_id: String(i),
        creative_name: `Creative ${i}`,
        creative_size: '300x250',
        image_url,
        impressions: 10,
        clicks: 1,
        ctr: 10,
      })),
      pagination: { total: imageUrls.length },
    },
  } as unknown as ReportPdfData;
}

describe('PDF ad previews', () => {
  it('takes up to 3 creatives with distinct images the portal serves', async () => {
    const { dist } = fixture();
    const urls = [
      '/demo-creatives/a.svg',
      '/demo-creatives/a.svg',
      null,
      '/demo-creatives/b.svg',
      'https://cdn.example/x.svg',
      '/demo-creatives/c.png',
      '/demo-creatives/c.svg',
      '/demo-creatives/d.svg',
    ];
    const previews = await loadAdPreviews(data(urls), dist);
    expect(previews.map((p) => p.name)).toEqual(['Creative 0', 'Creative 3', 'Creative 6']);
    expect(previews[0]!.svg).toContain('<text>a</text>');
  });

  it('never reads outside the web folder', async () => {
    const { dist } = fixture();
    const previews = await loadAdPreviews(
      data(['/../secret.svg', '/demo-creatives/../../secret.svg', '/%2e%2e/secret.svg']),
      dist,
    );
    expect(previews).toEqual([]);
  });

  it('shows previews only for DYD with show_ad_previews on', async () => {
    const { dist } = fixture();
    expect(await loadAdPreviews(data(['/demo-creatives/a.svg'], { show_ad_previews: false }), dist)).toEqual([]);
    expect(await loadAdPreviews(data(['/demo-creatives/a.svg'], { code: 'DSP' }), dist)).toEqual([]);
  });
});
