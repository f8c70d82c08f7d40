import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Content } from 'pdfmake/interfaces';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  previousPeriod,
  productCodes,
  reportSectionTitles,
  shownReportSections,
  summaryKpis,
  summarySentences,
  type CampaignReport,
  type SummaryHighlights,
} from '@portal/contracts';
import { campaignReportContent, reportDmaMap } from '../../src/exports/pdf/campaign-report-pdf';
import { eq } from 'drizzle-orm';
import { dealerships, organizations } from '../../src/db/schema';
import { pageGeometry } from '../../src/exports/pdf/report-document';
import { loadReportPdfData } from '../../src/exports/pdf/report-data';
import { authHeaders, build, login, readDemoFile, type TestContext } from '../helper';

/**
 * Issue 20 §1: the PDF of every product code, from the demo data, checked as a reader would —
 * no page under a quarter used but the last, no empty chart, no overlapping axis labels, the web
 * page's section titles in order, and an executive summary whose every number is the API's.
 * KEEP_REPORT_PDFS=<folder> keeps the files (docs/images are made from them).
 */

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await build();
  cookie = await login(t.app, 'agency@demo.test');
});
afterAll(() => t.close());

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'report-pdf-layout-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * The demo campaign of the code with the most days of delivery in its flight, and the last 30 days
 * with data (so the previous 30 days, the summary's comparison, have delivery when the flight is long).
 */
function demoCase(code: string) {
  const metrics = readDemoFile('campaign_daily_metrics');
  const candidates = readDemoFile('campaigns')
    .filter((c) => c.product_code === code)
    .map((campaign) => ({
      campaign,
      days: metrics
        .filter(
          (m) =>
            m.client_campaign_id === campaign.client_campaign_id &&
            m.date! >= campaign.start_date! &&
            m.date! <= campaign.end_date! &&
            Number(m.impressions) > 0,
        )
        .map((m) => m.date!)
        .sort(),
    }))
    .filter((c) => c.days.length > 0)
    .sort((a, b) => b.days.length - a.days.length);
  const best = candidates[0];
  if (!best) return null;
  const end = best.days.at(-1)!;
  const start = addDays(end, -29) < best.campaign.start_date! ? best.campaign.start_date! : addDays(end, -29);
  return { campaign: best.campaign, range: { start_date: start, end_date: end } };
}

async function api<T>(url: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: authHeaders(cookie) });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  return response.json() as T;
}

/** Each page of a PDF as a grey bitmap at 20 dpi: how far down the content box its lowest ink reaches (0–1). */
function pageUsage(file: string, paper: { height: number; margins: [number, number, number, number] }): number[] {
  const prefix = `${file}-page`;
  execFileSync('pdftoppm', ['-gray', '-r', '20', file, prefix]);
  const pages = fs
    .readdirSync(path.dirname(file))
    .filter((name) => name.startsWith(path.basename(prefix)) && name.endsWith('.pgm'))
    .sort();
  return pages.map((name) => {
    const bytes = fs.readFileSync(path.join(path.dirname(file), name));
    // P5 header: magic, width, height, maxval, each followed by whitespace.
    const header = bytes.subarray(0, 40).toString('latin1');
    const [, w, h] = /^P5\s+(\d+)\s+(\d+)\s+\d+\s/.exec(header)!;
    const width = Number(w);
    const height = Number(h);
    const offset = /^P5\s+\d+\s+\d+\s+\d+\s/.exec(header)![0].length;
    const scale = height / paper.height;
    const top = Math.ceil(paper.margins[1] * scale);
    const bottom = Math.floor((paper.height - paper.margins[3]) * scale);
    let last = top;
    for (let y = top; y < bottom; y++) {
      const row = bytes.subarray(offset + y * width, offset + (y + 1) * width);
      if (row.some((value) => value < 200)) last = y;
    }
    return (last - top) / (bottom - top);
  });
}

/** Text boxes of an ECharts SVG (position, anchor, font size → estimated box) that overlap another. */
function overlappingLabels(svg: string): string[] {
  const boxes = [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].flatMap(([, attributes, text]) => {
    const at = /translate\(([-\d.]+) ([-\d.]+)\)/.exec(attributes!);
    if (!at || !text) return [];
    const size = Number(/font-size:(\d+(?:\.\d+)?)px/.exec(attributes!)?.[1] ?? 12);
    const width = text.length * size * 0.55;
    const anchor = /text-anchor="(\w+)"/.exec(attributes!)?.[1] ?? 'start';
    const x = Number(at[1]) - (anchor === 'end' ? width : anchor === 'middle' ? width / 2 : 0);
    const y = Number(at[2]) + Number(/ y="([-\d.]+)"/.exec(attributes!)?.[1] ?? 0) - size / 2;
    return [{ text, x, y, width, height: size }];
  });
  const overlaps: string[] = [];
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
        overlaps.push(`'${a.text}' / '${b.text}'`);
  return overlaps;
}

/** The drawn charts of a PDF body (svg nodes marked by `chartSection`). */
function charts(
  content: Content | Content[],
): Array<{ svg: string; chart: { categories: number | null; points: number } }> {
  if (Array.isArray(content)) return content.flatMap(charts);
  if (typeof content !== 'object' || content === null) return [];
  const node = content as { svg?: string; chart?: { categories: number | null; points: number } };
  const children = Object.values(content).flatMap((value) =>
    Array.isArray(value) || (typeof value === 'object' && value !== null) ? charts(value as Content) : [],
  );
  return node.svg && node.chart ? [{ svg: node.svg, chart: node.chart }, ...children] : children;
}

const keep = process.env.KEEP_REPORT_PDFS;

describe('the report PDF of every product code, from the demo (issue 20 §1)', () => {
  const cases = productCodes.map((code) => [code, demoCase(code)] as const).filter(([, c]) => c !== null);

  it('the demo has a campaign with delivery for most codes', () => {
    expect(cases.length).toBeGreaterThan(20);
  });

  it.each(cases)(
    '%s: pages used, charts with data, no overlapping labels, the web page’s titles, the API’s numbers',
    async (code, demo) => {
      const { campaign, range } = demo!;
      const base = `/api/agencies/1/dealership/${campaign.dealership_id}/campaigns/${campaign.client_campaign_id}`;
      const query = `start_date=${range.start_date}&end_date=${range.end_date}`;
      const response = await t.app.inject({
        method: 'GET',
        url: `${base}/report.pdf?${query}`,
        headers: authHeaders(cookie),
      });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      const file = path.join(tmp, `${code}.pdf`);
      fs.writeFileSync(file, response.rawPayload);
      if (keep) fs.copyFileSync(file, path.join(keep, `${code}.pdf`));

      // Pages: every page but the last at least a quarter used.
      const usage = pageUsage(file, pageGeometry('letter'));
      usage
        .slice(0, -1)
        .forEach((used, index) => expect(used, `${code} page ${index + 1}`).toBeGreaterThanOrEqual(0.25));

      // Section titles: the web page's (the one definition, from the API's report), in order.
      const report = await api<CampaignReport>(`${base}/report?${query}`);
      const lines = execFileSync('pdftotext', [file, '-'])
        .toString()
        .split('\n')
        .map((line) => line.trim());
      let from = 0;
      for (const title of reportSectionTitles(shownReportSections(report))) {
        const at = lines.indexOf(title, from);
        expect(at, `${code}: '${title}' after line ${from}`).toBeGreaterThanOrEqual(from);
        from = at + 1;
      }

      // Charts: each drawn one has data on two or more categories, and no label overlaps another.
      const data = await loadReportPdfData(
        t.app.db,
        { dealership_id: Number(campaign.dealership_id), campaign_id: Number(campaign.client_campaign_id) },
        range,
      );
      const content = campaignReportContent(data, { dmaMap: await reportDmaMap(data), previews: [] });
      for (const drawn of charts(content)) {
        expect(drawn.chart.points, code).toBeGreaterThan(0);
        if (drawn.chart.categories !== null) expect(drawn.chart.categories, code).toBeGreaterThan(1);
        expect(overlappingLabels(drawn.svg), code).toEqual([]);
      }

      // Summary: the sentences and KPIs built from what the API serves are the PDF's.
      const before = previousPeriod({ startDate: range.start_date, endDate: range.end_date });
      const previous = await api<CampaignReport>(
        `${base}/report?start_date=${before.startDate}&end_date=${before.endDate}`,
      );
      const shown = shownReportSections(report).map((spec) => spec.kind);
      const highlights: SummaryHighlights = {};
      if (shown.includes('vehicles-table')) {
        const vehicles = await api<{ data: Array<{ description: string; impressions: number }> }>(
          `${base}/vehicles?${query}&pageIndex=0&pageSize=10`,
        );
        const top = vehicles.data.reduce<(typeof vehicles.data)[number] | null>(
          (best, row) => (best === null || row.impressions > best.impressions ? row : best),
          null,
        );
        highlights.topVehicle = top ? { name: top.description, impressions: top.impressions } : null;
      }
      if ((report.sections.dmas ?? 0) > 0) {
        const dmas = await api<{ data: Array<{ dma: string; impressions: number }> }>(`${base}/dmas?${query}`);
        const top = dmas.data.reduce<(typeof dmas.data)[number] | null>(
          (best, row) => (best === null || row.impressions > best.impressions ? row : best),
          null,
        );
        highlights.topDma = top ? { name: top.dma, impressions: top.impressions } : null;
      }
      const text = execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
      const sentences = summarySentences(report, previous, highlights);
      expect(sentences.length, code).toBeGreaterThanOrEqual(1);
      for (const sentence of sentences) expect(text, code).toContain(sentence);
      for (const kpi of summaryKpis(report, previous)) expect(text, code).toContain(kpi.label.toUpperCase());
    },
    120_000,
  );

  it('prints on US Letter, portrait, unless the agency chose A4', async () => {
    const { campaign, range } = demoCase('DSP')!;
    const url = `/api/agencies/1/dealership/${campaign.dealership_id}/campaigns/${campaign.client_campaign_id}/report.pdf?start_date=${range.start_date}&end_date=${range.end_date}`;
    const pageSize = async () => {
      const response = await t.app.inject({ method: 'GET', url, headers: authHeaders(cookie) });
      const file = path.join(tmp, 'paper.pdf');
      fs.writeFileSync(file, response.rawPayload);
      return /Page size:\s+(.*)/.exec(execFileSync('pdfinfo', [file]).toString())![1];
    };
    expect(await pageSize()).toBe('612 x 792 pts (letter)');
    const [dealership] = await t.app.db
      .select({ organizationId: dealerships.organizationId })
      .from(dealerships)
      .where(eq(dealerships.id, Number(campaign.dealership_id)));
    const organizationId = dealership!.organizationId;
    await t.app.db.update(organizations).set({ reportPaperSize: 'a4' }).where(eq(organizations.id, organizationId));
    try {
      expect(await pageSize()).toBe('595.28 x 841.89 pts (A4)');
    } finally {
      await t.app.db
        .update(organizations)
        .set({ reportPaperSize: 'letter' })
        .where(eq(organizations.id, organizationId));
    }
  });
});
