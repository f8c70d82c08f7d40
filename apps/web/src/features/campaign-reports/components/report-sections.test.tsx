import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  productCatalog,
  productCodes,
  reportLayouts,
  reportRouteSegment,
  reportSectionTitles,
  shownReportSections,
  type CampaignReport,
} from '@portal/contracts';
import {
  audienceMetricsFactory,
  campaignReportFactory,
  displayMetricsFactory,
  socialMetricsFactory,
  topVehiclesFactory,
  vehicleRowFactory,
} from '@/testing/factories';
// The same two report variants as the PDF's parity test (apps/server/test/unit/report-sections-pdf.test.ts).
// eslint-disable-next-line no-restricted-imports -- a test fixture of the contracts package, shared with the server's test
import { reportSectionVariants } from '../../../../../../packages/contracts/test/report-section-variants';
import { API, page, renderReport, type Handlers } from '../testing/render-report';

vi.mock('@/features/campaign-reports/components/echart', () => import('../testing/chart-mock'));
vi.mock('@/features/campaign-reports/components/echart-geo', () => ({}));

const boundaries = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { dma_code: 641, dma_name: 'San Antonio, TX' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-99, 29],
            [-98, 29],
            [-98, 30],
            [-99, 29],
          ],
        ],
      },
    },
  ],
};

const creative = {
  creative_id: 'cr-1',
  creative_name: 'SUV Event 300x250',
  creative_size: '300x250',
  image_url: '/demo-creatives/suv.svg',
  impressions: 5000,
  clicks: 20,
  ctr: 0.4,
};

/** Every breakdown call answered, so a test checks which sections the page chose to show. */
/** Every report call answered, so that only the catalogue decides which sections show. */
function handlers(report: CampaignReport): Handlers {
  const { show_roas, show_site_list, show_ad_previews, enable_facebook_campaign_conversions } = report.campaign;
  return {
    [`GET ${API}/:id/report`]: { body: report },
    [`GET ${API}/audiences/:id/metrics`]: { body: audienceMetricsFactory() },
    [`GET ${API}/display/dyn/:id/metrics`]: {
      body: socialMetricsFactory({
        conversionsMetrics: enable_facebook_campaign_conversions
          ? [{ conversion_type: 'Lead', conversions: 12 }]
          : null,
      }),
    },
    [`GET ${API}/display/dyd/:id/metrics`]: {
      body: displayMetricsFactory({ show_roas, show_site_list, show_ad_previews }),
    },
    [`GET ${API}/dyd/:id/top-vehicles`]: { body: topVehiclesFactory() },
    [`GET ${API}/fbd/:id/vehicles`]: page([vehicleRowFactory(1)]),
    [`GET ${API}/dyd/:id/vehicles`]: page([vehicleRowFactory(1)]),
    [`GET ${API}/:id/dmas`]: {
      body: { data: [{ dma_code: 641, dma: 'San Antonio', impressions: 900, clicks: 9, ctr: 1 }] },
    },
    'GET /api/reference/dma-boundaries': { body: boundaries },
    [`GET ${API}/display/:id/creatives`]: page([creative]),
    [`GET ${API}/display/:id/site-list`]: page([{ SITE: 'kbb.com', AD_SIZES: ['300x250'], IMPRESSIONS: 900 }]),
    [`GET ${API}/display/:id/metrics/conversions`]: {
      body: {
        values: [],
        page_views: 12,
        time_to_convert: 2.4,
        time_to_convert_label: '2 days',
        unique_site_visitors: 9,
        key_pages: [],
        utm_sources: [],
        utm_campaigns: [],
        roas: show_roas ? [{ date: '2026-02-01', orders: 2, monetary_value: 45000 }] : null,
      },
    },
    [`GET ${API}/:id/leads`]: page([
      {
        lead_id: 'lead-1',
        datetime: '2026-02-02T10:00:00',
        lead_type: 'Form',
        contact_name: 'Ana Diaz',
        vehicle_vin: '1HGCM82633A004352',
        status: 'New',
      },
    ]),
    [`GET ${API}/:id/walk-ins`]: {
      body: { data: [{ location_name: 'Main showroom', latitude: 29.4, longitude: -98.5, visits: 87 }] },
    },
    [`GET ${API}/search/:id/calls`]: page([
      {
        phone_call_vendor_id: 'c1',
        phone_number: '(210) 555-0100',
        datetime: '2026-02-02T10:00:00',
        duration: 61,
        recording_url: null,
      },
    ]),
    [`GET ${API}/:id/vehicles`]: page([vehicleRowFactory(1)]),
    [`GET ${API}/search/:id/keywords`]: page([
      {
        keyword_id: 1,
        keyword: 'used trucks',
        impressions: 900,
        clicks: 30,
        ctr: 3.33,
        impression_share: 58.11,
        click_share: 45.77,
      },
    ]),
    [`GET ${API}/:id/placements`]: { body: { data: [{ placement: 'Feed', impressions: 800, clicks: 8 }] } },
    [`GET ${API}/:id/demographics`]: {
      body: { data: [{ age: '25-34', female: 500, male: 400, female_clicks: 5, male_clicks: 4 }] },
    },
    [`GET ${API}/:id/events`]: {
      body: {
        data: [
          {
            event_id: 'e1',
            event_name: 'Truck Month Kickoff',
            event_date: '2026-02-02',
            address: 'Laredo, TX',
            latitude: 27.5,
            longitude: -99.5,
            impressions: 6000,
            clicks: 60,
            attendees: 78,
          },
          {
            event_id: 'e2',
            event_name: 'Family Test Drive Day',
            event_date: '2026-02-03',
            address: null,
            latitude: 27.6,
            longitude: -99.4,
            impressions: 4000,
            clicks: 40,
            attendees: 214,
          },
        ],
      },
    },
  };
}

/** The section headings of the page body (level 2), in document order. */
const headings = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent?.trim());

function variantsOf(code: keyof typeof productCatalog) {
  return Object.entries(reportSectionVariants(campaignReportFactory(), code, productCatalog[code].family));
}

/**
 * Issue 19 §2: the web page of every product code shows the catalogue's sections, titles in order;
 * apps/server/test/unit/report-sections-pdf.test.ts checks the PDF against the same catalogue and
 * the same two variants, so the page and the PDF show the same titles in the same order.
 */
describe('report pages come from the product catalogue', () => {
  it.each(productCodes)(
    '%s: the page shows the catalogue’s sections, titles in order',
    async (code) => {
      for (const [variant, report] of variantsOf(code)) {
        const expected = reportSectionTitles(shownReportSections(report));
        expect(expected.length, `${code} (${variant})`).toBeGreaterThan(0);
        const view = renderReport(reportRouteSegment(code), handlers(report));
        await waitFor(() => expect(headings(), `${code} (${variant})`).toEqual(expected), { timeout: 10_000 });
        view.unmount();
      }
    },
    60_000,
  );

  it('a section added to the catalogue only shows up on the page', async () => {
    const layout = reportLayouts.SEM;
    const added = { kind: 'sites-table', title: 'Top Performing Sites' } as const;
    const report = reportSectionVariants(campaignReportFactory(), 'SEM', 'search').every;
    expect(reportSectionTitles(shownReportSections(report))).not.toContain(added.title);
    layout.sections.push(added);
    try {
      renderReport('sem', handlers(report));
      await waitFor(() => expect(headings().at(-1)).toBe(added.title), { timeout: 10_000 });
    } finally {
      layout.sections.pop();
    }
  });
});
