import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Content } from 'pdfmake/interfaces';
import { describe, expect, it } from 'vitest';
import {
  productCatalog,
  productCodes,
  reportLayouts,
  reportSectionTitles,
  shownReportSections,
  type CampaignReport,
} from '@portal/contracts';
import { reportSectionVariants } from '../../../../packages/contracts/test/report-section-variants';
import type { ChartOption } from '@portal/report-charts';
import {
  buildCampaignReportPdf,
  campaignReportContent,
  dailyChartOption,
} from '../../src/exports/pdf/campaign-report-pdf';
import type { ReportPdfData } from '../../src/exports/pdf/report-data';

const day = {
  date: '2026-02-01',
  impressions: 40_000,
  clicks: 160,
  views: 900,
  reach: 30_000,
  spend: 0,
  conversions: 2,
  sales: 1,
  calls: 1,
  leads: 1,
  video_100: 300,
  ctr: 0.4,
};

const base: CampaignReport = {
  campaign: {
    client_campaign_id: 100001,
    client_campaign_display_name: 'Parity campaign',
    vendor_campaign_name: null,
    product_code: 'DSP',
    product_name: 'Programmatic Display',
    family: 'display',
    campaign_status: 'active',
    start_date: '2026-02-01',
    end_date: '2026-02-28',
    dealership_id: 2,
    dealership_name: 'Sunrise Motors',
    budget: null,
    demand_local_net: null,
    booked_impressions: null,
    show_roas: false,
    show_site_list: false,
    show_ad_previews: false,
    enable_facebook_campaign_conversions: false,
  },
  range: { start_date: '2026-02-01', end_date: '2026-02-03' },
  totals: {
    impressions: 120_000,
    clicks: 480,
    views: 2700,
    reach: 90_000,
    spend: 0,
    conversions: 6,
    sales: 3,
    calls: 3,
    leads: 3,
    video_25: 2000,
    video_50: 1500,
    video_75: 1200,
    video_100: 900,
    ctr: 0.4,
    vtr: 2.25,
    frequency: 1.33,
    delivery: 80,
    completion_25: 1.67,
    completion_50: 1.25,
    completion_75: 1,
    completion_100: 0.75,
  },
  daily: [day, { ...day, date: '2026-02-02' }],
  sections: {} as CampaignReport['sections'],
};

const page = <R>(rows: R[]) => ({ data: rows, pagination: { total: rows.length } });
const metricsDay = { date: '2026-02-01', impressions: 40_000, clicks: 160, ctr: 0.4 };

/** An answer for every call the PDF may read, so that only the catalogue decides what shows. */
function pdfData(report: CampaignReport): ReportPdfData {
  return {
    report,
    previous: { ...report, range: { start_date: '2026-01-29', end_date: '2026-01-31' } },
    cover: {
      agency: { name: 'Demo Agency', logo: null, paperSize: 'letter' },
      timeZone: 'America/Chicago',
      dataThrough: { lastDay: '2026-02-02', ingestedAt: '2026-02-03T08:00:00.000Z' },
      generatedAt: '2026-02-03T09:00:00.000Z',
    },
    sections: shownReportSections(report),
    audience: {
      overallMetrics: { impressions: 120_000, clicks: 480, ctr: 0.4 },
      metrics: [metricsDay],
      audience: { trends: [{ date: '2026-02-01', customersSize: 5000 }], size: 5000, change_percent: 2.5 },
    },
    social: {
      impressions: 120_000,
      clicks: 480,
      ctr: 0.4,
      reach: 90_000,
      frequency: 1.33,
      sales: 3,
      conversions: 6,
      metrics: [metricsDay],
      deviceMetrics: [{ placement: 'Feed', impressions: 800, clicks: 8 }],
      demographicData: [],
      geoInsightsMetroData: [{ dma_code: 641, dma: 'San Antonio', impressions: 900, clicks: 9, ctr: 1 }],
      conversionsMetrics: report.campaign.enable_facebook_campaign_conversions
        ? [{ conversion_type: 'Lead', conversions: 12 }]
        : null,
    } as unknown as ReportPdfData['social'],
    display: {
      client_campaign_display_name: 'Parity campaign',
      show_roas: report.campaign.show_roas,
      show_site_list: report.campaign.show_site_list,
      show_ad_previews: report.campaign.show_ad_previews,
      impressions: 120_000,
      clicks: 480,
      ctr: 0.4,
      booked_impressions: 150_000,
      delivery: 80,
      calls: 3,
      sales: 3,
      metrics: [metricsDay],
    } as unknown as ReportPdfData['display'],
    conversions: {
      values: [],
      page_views: 406,
      time_to_convert: 0.5,
      time_to_convert_label: '<1 day',
      unique_site_visitors: 276,
      key_pages: [{ name: '/inventory', count: 10 }],
      utm_sources: [{ name: 'google', count: 8 }],
      utm_campaigns: [],
      roas: report.campaign.show_roas ? [{ date: '2026-02-01', orders: 2, monetary_value: 45000 }] : null,
    } as unknown as ReportPdfData['conversions'],
    topVehicles: {
      highestCtr: null,
      mostClicked: null,
      mostViewed: null,
      averages: { impressions: 100, clicks: 2, ctr: 2 },
    },
    vehicles: page([
      {
        description: '2020 Honda Civic',
        vin_number: '1HGCM82633A004352',
        facebook_product_vendor_id: 'S1',
        vehicle_state: 'used',
        impressions: 900,
        clicks: 9,
        ctr: 1,
      },
    ]) as ReportPdfData['vehicles'],
    calls: page([
      { phone_call_vendor_id: 'c1', phone_number: '(210) 555-0100', datetime: '2026-02-02T10:00:00Z', duration: 61 },
    ]),
    sites: page([{ SITE: 'kbb.com', AD_SIZES: ['300x250'], IMPRESSIONS: 900 }]),
    creatives: page([
      {
        creative_id: 'cr-1',
        creative_name: 'SUV 300x250',
        creative_size: '300x250',
        image_url: null,
        impressions: 900,
        clicks: 9,
        ctr: 1,
      },
    ]) as ReportPdfData['creatives'],
    keywords: page([
      {
        keyword_id: 1,
        keyword: 'used trucks',
        impressions: 900,
        clicks: 30,
        ctr: 3.33,
        impression_share: 58,
        click_share: 45,
      },
    ]) as ReportPdfData['keywords'],
    leads: page([
      {
        lead_id: 'l1',
        datetime: '2026-02-02T10:00:00Z',
        lead_type: 'Form',
        contact_name: 'Ana Diaz',
        vehicle_vin: null,
        status: 'New',
      },
    ]) as ReportPdfData['leads'],
    dmas: { data: [{ dma_code: 641, dma: 'San Antonio', impressions: 900, clicks: 9, ctr: 1 }] },
    placements: { data: [{ placement: 'Feed', impressions: 800, clicks: 8 }] },
    demographics: { data: [{ age: '25-34', female: 500, male: 400, female_clicks: 5, male_clicks: 4 }] },
    walkIns: { data: [{ location_name: 'Main showroom', latitude: 29.4, longitude: -98.5, visits: 87 }] },
    events: {
      data: [
        {
          event_id: 'e1',
          event_name: 'Truck Month Kickoff',
          event_date: '2026-02-02',
          address: null,
          latitude: 27.5,
          longitude: -99.5,
          impressions: 6000,
          clicks: 60,
          attendees: 78,
        },
      ],
    } as ReportPdfData['events'],
  };
}

/** The section headings of a PDF body (pdfmake nodes styled `sectionTitle`, tables' title rows too), in reading order. */
function headings(content: Content | Content[]): string[] {
  if (Array.isArray(content)) return content.flatMap(headings);
  if (typeof content !== 'object' || content === null) return [];
  const node = content as {
    text?: unknown;
    style?: unknown;
    stack?: Content[];
    columns?: Content[];
    table?: { body: Content[][] };
  };
  if (node.style === 'sectionTitle' && typeof node.text === 'string') return [node.text];
  return [
    ...headings(node.stack ?? []),
    ...headings(node.columns ?? []),
    ...headings(node.table ? node.table.body.flat() : []),
  ];
}

function variantsOf(code: keyof typeof productCatalog) {
  return Object.entries(reportSectionVariants(base, code, productCatalog[code].family));
}

describe('PDF sections come from the product catalogue (issue 19 §2)', () => {
  it.each(productCodes)(
    '%s: the PDF shows the catalogue’s sections, titles in order',
    (code) => {
      for (const [variant, report] of variantsOf(code)) {
        const data = pdfData(report);
        const content = campaignReportContent(data, { dmaMap: null, previews: [] });
        expect(headings(content), `${code} (${variant})`).toEqual(reportSectionTitles(data.sections));
        // Every variant shows at least the cards and one titled section.
        expect(data.sections[0]?.kind, `${code} (${variant})`).toBe('cards');
        expect(data.sections.length, `${code} (${variant})`).toBeGreaterThan(1);
      }
      // Every chart is rendered to SVG (ECharts SSR): seconds per code on a loaded machine.
    },
    30_000,
  );

  it('a section added to the catalogue only shows up in the PDF', () => {
    const layout = reportLayouts.SEM;
    const added = { kind: 'sites-table', title: 'Sites added in the catalogue only' } as const;
    layout.sections.push(added);
    try {
      const data = pdfData(reportSectionVariants(base, 'SEM', 'search').every);
      expect(headings(campaignReportContent(data, { dmaMap: null, previews: [] })).at(-1)).toBe(added.title);
    } finally {
      layout.sections.pop();
    }
  });

  it.each(['AUDIENCE', 'FBD', 'DYD', 'DSP', 'OTT', 'AUD', 'DOH', 'INV', 'FML', 'EVT'] as const)(
    '%s: the rendered PDF’s text has the section titles in order (pdftotext)',
    async (code) => {
      const data = pdfData(reportSectionVariants(base, code, productCatalog[code].family).every);
      const pdf = await buildCampaignReportPdf(data, { previews: [] });
      const file = path.join(os.tmpdir(), `sections-${process.pid}-${code}.pdf`);
      fs.writeFileSync(file, pdf);
      let lines: string[];
      try {
        lines = execFileSync('pdftotext', [file, '-'])
          .toString()
          .split('\n')
          .map((line) => line.trim());
      } finally {
        if (process.env.KEEP_PDF) fs.copyFileSync(file, `/tmp/i20/unit-${code}.pdf`);
        fs.rmSync(file, { force: true });
      }
      // Each title is a line of its own, after the previous title's line.
      let from = 0;
      for (const title of reportSectionTitles(data.sections)) {
        const at = lines.indexOf(title, from);
        expect(at, `${code}: '${title}' after line ${from}`).toBeGreaterThanOrEqual(from);
        from = at + 1;
      }
    },
    60_000,
  );

  it('the cover shows the agency’s logo when it has one, its name otherwise (issue 20 §1)', async () => {
    const logo =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const images = async (data: ReportPdfData) => {
      const file = path.join(os.tmpdir(), `logo-${process.pid}-${Date.now()}.pdf`);
      fs.writeFileSync(file, await buildCampaignReportPdf(data, { previews: [] }));
      try {
        // pdfimages -list: two header lines, then one line per image (type 'image'; its alpha is an 'smask').
        return execFileSync('pdfimages', ['-list', file])
          .toString()
          .trim()
          .split('\n')
          .slice(2)
          .filter((line) => line.trim().split(/\s+/)[2] === 'image').length;
      } finally {
        fs.rmSync(file, { force: true });
      }
    };
    const data = pdfData(reportSectionVariants(base, 'DSP', 'display').every);
    expect(await images(data)).toBe(0);
    expect(await images({ ...data, cover: { ...data.cover, agency: { ...data.cover.agency, logo } } })).toBe(1);
  }, 60_000);
});

describe('PDF daily charts cover every day of the range (issue 20 §2)', () => {
  // An 80-day EVT flight with rows on 3 days only: the PDF used to plot those 3 at equal spacing.
  const evt: CampaignReport = {
    ...base,
    campaign: { ...base.campaign, product_code: 'EVT', family: 'events', end_date: '2026-11-19' },
    range: { start_date: '2026-09-01', end_date: '2026-11-19' },
    daily: [
      { ...day, date: '2026-09-01', impressions: 12_000, clicks: 37 },
      { ...day, date: '2026-10-15', impressions: 8_000, clicks: 20 },
      { ...day, date: '2026-11-10', impressions: 500, clicks: 9 },
    ],
  };
  const data = (generatedAt: string): ReportPdfData => ({
    ...pdfData(evt),
    cover: { ...pdfData(evt).cover, generatedAt },
  });
  const labels = (option: ChartOption) => (option.xAxis as { data: string[] }).data;
  const values = (option: ChartOption, index = 0) => (option.series as { data: unknown[] }[])[index]!.data;

  it('counts are zero and rates gaps on days without rows', () => {
    const impressions = dailyChartOption(
      { kind: 'daily-chart', title: 'Impressions', metric: 'impressions' },
      data('2026-12-01T12:00:00Z'),
    );
    expect(labels(impressions)).toHaveLength(80);
    expect(labels(impressions)[79]).toBe('Nov 19');
    expect((values(impressions) as number[]).filter((v) => v !== 0)).toEqual([12_000, 8_000, 500]);
    const ctr = dailyChartOption({ kind: 'daily-chart', title: 'CTR', metric: 'ctr' }, data('2026-12-01T12:00:00Z'));
    expect(values(ctr).filter((v) => v !== null)).toEqual([0.308, 0.25]);
    // Nov 10 has 500 impressions: a muted point, under the 1,000-impression floor.
    expect(values(ctr, 1).filter((v) => v !== null)).toEqual([1.8]);
  });

  it('an active flight stops at the day the PDF is made, in the dealership’s zone', () => {
    // 03:00 UTC on Nov 1 is still Oct 31 in Chicago.
    const option = dailyChartOption(
      { kind: 'daily-chart', title: 'Clicks', metric: 'clicks' },
      data('2026-11-01T03:00:00Z'),
    );
    expect(labels(option)).toHaveLength(61);
    expect(labels(option).at(-1)).toBe('Oct 31');
  });
});
