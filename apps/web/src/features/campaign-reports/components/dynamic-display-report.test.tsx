import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  campaignReportFactory,
  conversionsFactory,
  displayMetricsFactory,
  topVehiclesFactory,
  vehicleRowFactory,
} from '@/testing/factories';
import { chartSeries } from '../testing/chart-mock';
import { API, cardValue, lastQuery, page, renderReport, type Handlers } from '../testing/render-report';

vi.mock('@/features/campaign-reports/components/echart', () => import('../testing/chart-mock'));
vi.mock('@/features/campaign-reports/components/echart-geo', () => ({}));

const creative = (id: number, image: string | null) => ({
  creative_id: `cr-${id}`,
  creative_name: `Creative ${id}`,
  creative_size: '300x250',
  image_url: image,
  impressions: 1000 - id,
  clicks: 5,
  ctr: 0.5,
});

/** The report's campaign carries the same settings as the display metrics, as the server answers them. */
function dydHandlers(overrides: { metrics?: Parameters<typeof displayMetricsFactory>[0]; extra?: Handlers } = {}) {
  const metrics = displayMetricsFactory(overrides.metrics);
  const { show_roas, show_site_list, show_ad_previews } = metrics;
  return {
    [`GET ${API}/:id/report`]: {
      body: campaignReportFactory({ campaign: { show_roas, show_site_list, show_ad_previews } }),
    },
    [`GET ${API}/display/dyd/:id/metrics`]: { body: metrics },
    [`GET ${API}/display/:id/metrics/conversions`]: { body: conversionsFactory() },
    [`GET ${API}/dyd/:id/top-vehicles`]: { body: topVehiclesFactory() },
    [`GET ${API}/search/:id/calls`]: page([
      {
        phone_call_vendor_id: 'call-1',
        phone_number: '(864) 555-0139',
        datetime: '2026-02-02T15:36:00',
        duration: 75,
        recording_url: 'https://files.test/call-1.mp3',
      },
    ]),
    [`GET ${API}/display/:id/site-list`]: page([
      { SITE: 'yahoo.com', AD_SIZES: ['300x250', '728x90'], IMPRESSIONS: 147735 },
    ]),
    [`GET ${API}/display/:id/site-list/creative-size`]: {
      body: {
        data: [
          { SIZE: '300x250', IMPRESSIONS: 100000 },
          { SIZE: '728x90', IMPRESSIONS: 47735 },
        ],
      },
    },
    [`GET ${API}/dyd/:id/vehicles`]: page(
      Array.from({ length: 10 }, (_, i) => vehicleRowFactory(i)),
      33,
    ),
    [`GET ${API}/display/:id/creatives`]: page([
      creative(1, '/demo-creatives/a.svg'),
      creative(2, '/demo-creatives/a.svg'),
      creative(3, null),
      creative(4, '/demo-creatives/b.svg'),
      creative(5, '/demo-creatives/c.svg'),
      creative(6, '/demo-creatives/d.svg'),
    ]),
    ...overrides.extra,
  } satisfies Handlers;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('DYD report (spec 000 §2.7)', () => {
  it('shows the header and the cards; Phone Calls only when there are calls', async () => {
    const { unmount } = renderReport('dyd', dydHandlers());
    expect(await screen.findByRole('heading', { name: 'Used Inventory DYD', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Sunrise Motors')).toBeInTheDocument();
    expect(screen.getByText(/Dynamic Inventory Display \(DYD\) · Flight Feb 1 - Mar 31, 2026/)).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(await cardValue('CTR')).toBe('0.40%');
    expect(await cardValue('Booked Impressions')).toBe('150,000');
    expect(await cardValue('Delivery')).toBe('80.0%');
    expect(await cardValue('Attributed Sales')).toBe('7');
    expect(screen.queryByRole('group', { name: 'Phone Calls' })).not.toBeInTheDocument();
    unmount();

    renderReport('dyd', dydHandlers({ metrics: { calls: 3 } }));
    expect(await cardValue('Phone Calls')).toBe('3');
  });

  it('draws impressions, clicks and CTR per day from the display metrics', async () => {
    renderReport('dyd', dydHandlers());
    const impressions = await screen.findByRole('img', { name: 'Impressions chart' });
    // The range is Feb 1–3: the days without rows are drawn as zeros.
    expect(chartSeries(impressions)[0]?.data).toEqual([40000, 0, 0]);
    expect(screen.getByRole('img', { name: 'Clicks chart' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'CTR chart' })).toBeInTheDocument();
  });

  it('shows the conversions section; orders and revenue only when roas is given (show_roas)', async () => {
    const { unmount } = renderReport('dyd', dydHandlers());
    const section = await screen.findByRole('region', { name: 'Conversions' });
    expect(await within(section).findByRole('group', { name: 'Page Views' })).toHaveTextContent('406');
    expect(within(section).getByRole('group', { name: 'Avg. Time to Convert' })).toHaveTextContent('<1 day');
    expect(within(section).getByRole('group', { name: 'Unique Site Visitors' })).toHaveTextContent('276');
    expect(await within(section).findByRole('img', { name: 'Key pages (top 5) chart' })).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: 'UTM sources (top 5) chart' })).toBeInTheDocument();
    expect(within(section).queryByRole('img', { name: 'Orders chart' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('img', { name: 'Revenue chart' })).not.toBeInTheDocument();
    unmount();

    renderReport(
      'dyd',
      dydHandlers({
        metrics: { show_roas: true },
        extra: {
          [`GET ${API}/display/:id/metrics/conversions`]: {
            body: conversionsFactory({ roas: [{ date: '2026-02-01', orders: 2, monetary_value: 45000 }] }),
          },
        },
      }),
    );
    expect(await screen.findByRole('img', { name: 'Orders chart' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Revenue chart' })).toBeInTheDocument();
    expect(screen.getByText('$45,000.00')).toBeInTheDocument();
  });

  it('compares the three highlight vehicles with the averages and falls back to a placeholder image', async () => {
    renderReport('dyd', dydHandlers());
    const highest = await screen.findByRole('group', { name: 'Highest CTR' });
    await within(highest).findByText('2018 Lexus RX 350');
    // 9,000 vs 20,000 impressions, 27 vs 20 clicks, 0.30 % vs 0.10 % CTR.
    expect(within(highest).getByText('−55% vs avg')).toBeInTheDocument();
    expect(within(highest).getByText('+35% vs avg')).toBeInTheDocument();
    expect(within(highest).getByText('+200% vs avg')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Most Clicked' })).toHaveTextContent('2020 Mitsubishi Outlander');
    expect(screen.getByRole('group', { name: 'Most Viewed' })).toHaveTextContent('2021 Toyota Corolla');

    const image = within(highest).getByRole('img', { name: '2018 Lexus RX 350' });
    fireEvent.error(image);
    expect(within(highest).getByRole('img', { name: '2018 Lexus RX 350 (no photo)' })).toBeInTheDocument();
  });

  it('lists phone calls newest first with their recording, date and m:ss duration', async () => {
    const { api } = renderReport('dyd', dydHandlers());
    const table = await screen.findByRole('table', { name: 'Phone Calls' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.trim());
    expect(headers).toEqual(['Caller', 'Recording', 'Date', 'Duration']);
    await within(table).findByText('(864) 555-0139');
    const audio = table.querySelector('audio');
    expect(audio).toHaveAttribute('src', 'https://files.test/call-1.mp3');
    expect(audio).toHaveAttribute('preload', 'none');
    expect(audio).toHaveAttribute('controls');
    expect(within(table).getByText('02/02/2026 3:36 PM')).toBeInTheDocument();
    expect(within(table).getByText('1:15')).toBeInTheDocument();
    const query = lastQuery(api, '/search/100001/calls');
    expect(query.get('sorting')).toBe('[{"id":"datetime","desc":true}]');
    expect(query.get('pageSize')).toBe('10');
    expect(query.get('start_date')).toBe('2026-02-01');
    expect(query.get('end_date')).toBe('2026-02-03');
  });

  it("shows each call's date and time in the dealership's time zone", async () => {
    renderReport(
      'dyd',
      dydHandlers({
        extra: {
          [`GET ${API}/search/:id/calls`]: page([
            {
              phone_call_vendor_id: 'call-late',
              phone_number: '(864) 555-0140',
              datetime: '2026-02-02T05:00:00Z',
              duration: 30,
              recording_url: null,
            },
          ]),
        },
      }),
      { timeZone: 'America/Los_Angeles' },
    );
    const table = await screen.findByRole('table', { name: 'Phone Calls' });
    // 05:00 UTC on Feb 2 is 9 PM on Feb 1 in Los Angeles: the day the range filter counted it in.
    expect(await within(table).findByText('02/01/2026 9:00 PM')).toBeInTheDocument();
  });

  it('says so when there are no phone calls, sites or vehicles', async () => {
    renderReport(
      'dyd',
      dydHandlers({
        metrics: { show_site_list: true },
        extra: {
          [`GET ${API}/search/:id/calls`]: page([]),
          [`GET ${API}/display/:id/site-list`]: page([]),
          [`GET ${API}/dyd/:id/vehicles`]: page([]),
        },
      }),
    );
    expect(await screen.findByText('No phone calls found')).toBeInTheDocument();
    expect(await screen.findByText('No sites found')).toBeInTheDocument();
    expect(await screen.findByText('No vehicles found')).toBeInTheDocument();
  });

  it('shows Top Performing Sites only when show_site_list is on; a row expands to its creative sizes', async () => {
    const first = renderReport('dyd', dydHandlers());
    await screen.findByRole('table', { name: 'Vehicles' });
    expect(screen.queryByRole('table', { name: 'Top Performing Sites' })).not.toBeInTheDocument();
    expect(first.api.calls.some((call) => call.path.endsWith('/site-list'))).toBe(false);
    first.unmount();

    const { api } = renderReport('dyd', dydHandlers({ metrics: { show_site_list: true } }));
    const table = await screen.findByRole('table', { name: 'Top Performing Sites' });
    await within(table).findByText('yahoo.com');
    expect(within(table).getByText('147,735')).toBeInTheDocument();
    expect(within(table).getByText('728x90')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Show details of yahoo.com' }));
    const sizes = await screen.findByRole('table', { name: 'Impressions per creative size on yahoo.com' });
    expect(within(sizes).getByText('100,000')).toBeInTheDocument();
    expect(lastQuery(api, '/site-list/creative-size').get('site')).toBe('yahoo.com');
  });

  it('pages the vehicles table by 10 on the server and links each vehicle to its page', async () => {
    const { api } = renderReport('dyd', dydHandlers());
    const table = await screen.findByRole('table', { name: 'Vehicles' });
    await within(table).findByText('2020 Vehicle 0');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.trim()),
    ).toEqual(['Vehicle', 'VIN', 'Stock', 'State', 'Days on lot', 'Impressions', 'Clicks', 'CTR']);
    const vehicle = vehicleRowFactory(0);
    // Issue 22 §3: days on lot from the inventory history.
    expect(within(table).getByRole('row', { name: new RegExp(vehicle.vin_number) })).toHaveTextContent('Used20');
    expect(within(table).getByRole('link', { name: vehicle.description })).toHaveAttribute(
      'href',
      `/dashboard/agency/1/dealership/2/inventory/vehicles/${vehicle.vin_number}?startDate=2026-02-01&endDate=2026-02-03`,
    );
    expect(screen.getByText('1–10 of 33')).toBeInTheDocument();
    let query = lastQuery(api, '/dyd/100001/vehicles');
    expect(query.get('pageSize')).toBe('10');
    expect(query.get('pageIndex')).toBe('0');
    expect(query.get('sorting')).toBe('[{"id":"impressions","desc":true}]');

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(api, '/dyd/100001/vehicles').get('pageIndex')).toBe('1'));

    await userEvent.click(within(table).getByRole('button', { name: /^CTR/ }));
    await waitFor(() => {
      query = lastQuery(api, '/dyd/100001/vehicles');
      expect(query.get('sorting')).toBe('[{"id":"ctr","desc":true}]');
      expect(query.get('pageIndex')).toBe('0');
    });
  });

  it('shows up to 3 distinct ad previews only when show_ad_previews is on', async () => {
    const first = renderReport('dyd', dydHandlers());
    await screen.findByRole('table', { name: 'Vehicles' });
    expect(screen.queryByRole('region', { name: 'Ad Previews' })).not.toBeInTheDocument();
    first.unmount();

    renderReport('dyd', dydHandlers({ metrics: { show_ad_previews: true } }));
    const section = await screen.findByRole('region', { name: 'Ad Previews' });
    const previews = await within(section).findAllByRole('figure');
    // Creatives 1 and 2 share an image and creative 3 has none: 1, 4 and 5 are shown.
    expect(previews.map((figure) => figure.getAttribute('aria-label'))).toEqual([
      'Creative 1',
      'Creative 4',
      'Creative 5',
    ]);
  });

  it('sets the ad-ready flag 5 seconds after the display data has loaded', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { container } = renderReport('dyd', dydHandlers());
    await screen.findByRole('group', { name: 'Booked Impressions' });
    await waitFor(() => expect(screen.getByRole('group', { name: 'CTR' })).toHaveTextContent('0.40%'));
    const root = container.querySelector('[data-ad-ready]');
    expect(root).toHaveAttribute('data-ad-ready', 'false');
    act(() => {
      vi.advanceTimersByTime(4800);
    });
    expect(root).toHaveAttribute('data-ad-ready', 'false');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(root).toHaveAttribute('data-ad-ready', 'true');
  });
});
