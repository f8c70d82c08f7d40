import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { campaignReportFactory, vehicleRowFactory } from '@/testing/factories';
import { chartSeries } from '../testing/chart-mock';
import { API, cardValue, page, renderReport, type Handlers } from '../testing/render-report';

vi.mock('@/features/campaign-reports/components/echart', () => import('../testing/chart-mock'));
vi.mock('@/features/campaign-reports/components/echart-geo', () => ({}));

type ReportOverrides = Parameters<typeof campaignReportFactory>[0];

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
function handlers(report: ReportOverrides, extra: Handlers = {}): Handlers {
  return {
    [`GET ${API}/:id/report`]: { body: campaignReportFactory(report) },
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
        roas: null,
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
    ...extra,
  };
}

const campaign = (code: string, family: string, extra: Partial<NonNullable<ReportOverrides>['campaign']> = {}) => ({
  product_code: code,
  product_name: `${code} product`,
  family,
  client_campaign_display_name: `${code} campaign`,
  ...extra,
});

async function pageReady(code: string) {
  await screen.findByRole('heading', { name: `${code} campaign`, level: 1 });
  await screen.findByRole('img', { name: 'Impressions chart' });
}

const tableNames = () => screen.queryAllByRole('table').map((table) => table.getAttribute('aria-label'));

describe('report pages of the other families show the sections the range has data for', () => {
  it('display (DSP): cards, daily charts, creatives with previews, DMAs, conversions; no empty sections', async () => {
    const { api } = renderReport(
      'dsp',
      handlers({
        campaign: campaign('DSP', 'display', { show_site_list: true }),
        totals: { conversions: 4 },
        sections: { creatives: 1, dmas: 1, conversions: 2 },
      }),
    );
    await pageReady('DSP');
    expect(await cardValue('Impressions')).toBe('120,000');
    expect(await cardValue('Clicks')).toBe('480');
    expect(await cardValue('CTR')).toBe('0.40%');
    expect(await cardValue('Delivery')).toBe('80.0%');
    expect(await cardValue('Conversions')).toBe('4');
    expect(await screen.findByRole('img', { name: 'Conversions chart' })).toBeInTheDocument();
    const creatives = await screen.findByRole('table', { name: 'Top Creatives' });
    expect(await within(creatives).findByRole('img', { name: 'SUV Event 300x250' })).toHaveAttribute(
      'src',
      '/demo-creatives/suv.svg',
    );
    expect(await screen.findByRole('img', { name: 'Impressions by DMA (top 5) chart' })).toBeInTheDocument();
    const funnel = await screen.findByRole('img', { name: 'Funnel chart' });
    expect((chartSeries(funnel)[0]?.data as Array<{ name: string }>).map((step) => step.name)).toEqual([
      'Impressions: 120,000',
      'Clicks: 480 (0.40% of impressions)',
      'Conversions: 4 (0.83% of clicks)',
    ]);
    const map = await screen.findByRole('img', { name: 'Impressions by DMA map chart' });
    expect(chartSeries(map)[0]?.data).toEqual([{ name: 'San Antonio', value: 900 }]);
    expect(await screen.findByRole('group', { name: 'Page Views' })).toHaveTextContent('12');
    // show_site_list is on but the range has no site rows; no leads, walk-ins, calls or vehicles.
    expect(tableNames()).toEqual(['Top Creatives']);
    for (const path of ['/site-list', '/leads', '/walk-ins', '/calls', '/vehicles']) {
      expect(api.calls.some((call) => call.path.endsWith(path))).toBe(false);
    }
  });

  it('display (LBP, LOP): leads and walk-in locations when the range has them', async () => {
    const first = renderReport(
      'lbp',
      handlers({ campaign: campaign('LBP', 'display'), totals: { leads: 1 }, sections: { leads: 1 } }),
    );
    await pageReady('LBP');
    const leads = await screen.findByRole('table', { name: 'Leads' });
    expect(await within(leads).findByText('Ana Diaz')).toBeInTheDocument();
    expect(within(leads).getByRole('link', { name: '1HGCM82633A004352' })).toHaveAttribute(
      'href',
      '/dashboard/agency/1/dealership/2/inventory/vehicles/1HGCM82633A004352?startDate=2026-02-01&endDate=2026-02-03',
    );
    expect(screen.getByRole('button', { name: 'Export CSV of Leads' })).toBeInTheDocument();
    first.unmount();

    renderReport('lop', handlers({ campaign: campaign('LOP', 'display'), sections: { locations: 1 } }));
    await pageReady('LOP');
    expect(await screen.findByRole('img', { name: 'Walk-in locations chart' })).toBeInTheDocument();
    const walkIns = screen.getByRole('table', { name: 'Walk-ins by location' });
    expect(await within(walkIns).findByText('Main showroom')).toBeInTheDocument();
    expect(within(walkIns).getByText('87')).toBeInTheDocument();
  });

  it('video (OTT): views, VTR, completion 100 %, delivery, the completion funnel, creatives and DMAs', async () => {
    renderReport(
      'ott',
      handlers({
        campaign: campaign('OTT', 'video'),
        totals: {
          impressions: 1000,
          views: 900,
          vtr: 90,
          video_25: 980,
          video_50: 970,
          video_75: 940,
          video_100: 900,
          completion_25: 98,
          completion_50: 97,
          completion_75: 94,
          completion_100: 90,
        },
        sections: { creatives: 1, dmas: 1 },
      }),
    );
    await pageReady('OTT');
    expect(await cardValue('Views')).toBe('900');
    expect(await cardValue('VTR')).toBe('90.00%');
    expect(await cardValue('Completion 100%')).toBe('90.00%');
    expect(await cardValue('Delivery')).toBe('80.0%');
    const funnel = await screen.findByRole('img', { name: 'Video completion chart' });
    expect((chartSeries(funnel)[0]?.data as { value: number }[]).map((step) => step.value)).toEqual([
      980, 970, 940, 900,
    ]);
    expect(await screen.findByRole('img', { name: 'Views chart' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Top Creatives' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Impressions by DMA map chart' })).toBeInTheDocument();
  });

  it('search (SEM, INV): keywords with CSV, calls when there are calls, vehicles for inventory codes only', async () => {
    const first = renderReport(
      'sem',
      handlers({
        campaign: campaign('SEM', 'search'),
        totals: { calls: 1 },
        sections: { keywords: 1, calls: 1, vehicles: 1 },
      }),
    );
    await pageReady('SEM');
    expect(await cardValue('Calls')).toBe('1');
    const keywords = await screen.findByRole('table', { name: 'Keywords' });
    expect(
      within(keywords)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.trim()),
    ).toEqual(['Keyword', 'Impressions', 'Clicks', 'CTR', 'Impression share', 'Click share']);
    expect(await within(keywords).findByText('58.11%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV of Keywords' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Phone Calls' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Vehicles' })).not.toBeInTheDocument();
    first.unmount();

    renderReport('inv', handlers({ campaign: campaign('INV', 'search'), sections: { keywords: 1, vehicles: 1 } }));
    await pageReady('INV');
    expect(screen.queryByRole('group', { name: 'Calls' })).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Vehicles' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Phone Calls' })).not.toBeInTheDocument();
  });

  it('social (DSL, FML): FBD cards, placements, demographics and DMAs where data exists; leads or vehicles', async () => {
    const first = renderReport(
      'dsl',
      handlers({
        campaign: campaign('DSL', 'social'),
        totals: { reach: 40000, frequency: 3, sales: 2, leads: 1 },
        sections: { placements: 1, demographics: 1, leads: 1 },
      }),
    );
    await pageReady('DSL');
    expect(await cardValue('Reach')).toBe('40,000');
    expect(await cardValue('Frequency')).toBe('3.00');
    expect(await cardValue('Attributed Sales')).toBe('2');
    expect(await screen.findByRole('img', { name: 'Impressions by placement chart' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Interaction demographics chart' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Impressions by DMA (top 5) chart' })).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Leads' })).toBeInTheDocument();
    first.unmount();

    renderReport('fml', handlers({ campaign: campaign('FML', 'social'), sections: { vehicles: 1, dmas: 1 } }));
    await pageReady('FML');
    expect(await screen.findByRole('table', { name: 'Top Performing Vehicles' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Impressions by DMA (top 5) chart' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Impressions by placement chart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Leads' })).not.toBeInTheDocument();
  });

  it('audio (AUD): impressions, listens, completion 100 % and clicks; creatives', async () => {
    renderReport(
      'aud',
      handlers({
        campaign: campaign('AUD', 'audio'),
        totals: { views: 700, video_100: 650, completion_100: 54.17 },
        sections: { creatives: 1 },
      }),
    );
    await pageReady('AUD');
    expect(await cardValue('Listens')).toBe('700');
    expect(await cardValue('Completion 100%')).toBe('54.17%');
    expect(await cardValue('Clicks')).toBe('480');
    expect(await screen.findByRole('img', { name: 'Listens chart' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Top Creatives' })).toBeInTheDocument();
  });

  it('out-of-home (DOH): clicks N/A, delivery, walk-ins and calls', async () => {
    renderReport(
      'doh',
      handlers({ campaign: campaign('DOH', 'ooh'), totals: { calls: 1 }, sections: { locations: 1, calls: 1 } }),
    );
    await pageReady('DOH');
    expect(await cardValue('Clicks')).toBe('N/A');
    expect(await cardValue('Delivery')).toBe('80.0%');
    expect(await cardValue('Phone Calls')).toBe('1');
    expect(await screen.findByRole('img', { name: 'Walk-in locations chart' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Phone Calls' })).toBeInTheDocument();
  });

  it('events (EVT): attendees summed over the events, a map of their coordinates and the events table', async () => {
    renderReport('evt', handlers({ campaign: campaign('EVT', 'events'), sections: { events: 2 } }));
    await pageReady('EVT');
    expect(await cardValue('Attendees')).toBe('292');
    const map = await screen.findByRole('img', { name: 'Event locations chart' });
    // The two events are 14 km apart: on the map fitted to them they would overlap, so they are one
    // pin where the larger one is, labelled with the larger one and the count of the others (issue 20 §2), attendees summed.
    expect(
      (chartSeries(map)[0]?.data as { name: string; value: number[]; label?: { formatter: string } }[]).map((point) => [
        point.name,
        point.value,
        point.label?.formatter,
      ]),
    ).toEqual([
      ['Family Test Drive Day · Truck Month Kickoff', [-99.4, 27.6, 292], 'Family Test Drive Day + 1 more event'],
    ]);
    const events = screen.getByRole('table', { name: 'Events' });
    expect(
      within(events)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.trim()),
    ).toEqual(['Event', 'Date', 'Address', 'Impressions', 'Clicks', 'Attendees']);
    expect(within(events).getByText('02/02/2026')).toBeInTheDocument();
    expect(within(events).getByText('Truck Month Kickoff')).toBeInTheDocument();
  });

  it('daily charts draw every day of the range: a day without rows is 0, its CTR a gap; few impressions muted', async () => {
    const row = campaignReportFactory().daily[0]!;
    renderReport(
      'dsp',
      handlers({
        campaign: campaign('DSP', 'display'),
        // Feb 1–3: no row on Feb 2; Feb 3 has 500 impressions, under the 1,000-impression floor.
        daily: [
          { ...row, date: '2026-02-01', impressions: 100_000, clicks: 310 },
          { ...row, date: '2026-02-03', impressions: 500, clicks: 9 },
        ],
      }),
    );
    await pageReady('DSP');
    const impressions = await screen.findByRole('img', { name: 'Impressions chart' });
    expect(chartSeries(impressions)[0]?.data).toEqual([100_000, 0, 500]);
    const ctr = screen.getByRole('img', { name: 'CTR chart' });
    expect(chartSeries(ctr).map((series) => [series.name, series.data])).toEqual([
      ['CTR (%)', [0.31, null, null]],
      ['CTR (%), fewer than 1,000 impressions', [null, null, 1.8]],
    ]);
  });

  it('says No data for this date range when the range has no delivery at all', async () => {
    renderReport(
      'dsp',
      handlers({
        campaign: campaign('DSP', 'display'),
        totals: { impressions: 0, clicks: 0, ctr: null, delivery: 0 },
        daily: [],
      }),
    );
    expect(await screen.findByRole('heading', { name: 'No data for this date range' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Impressions' })).not.toBeInTheDocument();
  });
});
