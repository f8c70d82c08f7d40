import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { campaignReportFactory, socialMetricsFactory, vehicleRowFactory } from '@/testing/factories';
import { chartSeries } from '../testing/chart-mock';
import { API, cardValue, lastQuery, page, renderReport, type Handlers } from '../testing/render-report';

vi.mock('@/features/campaign-reports/components/echart', () => import('../testing/chart-mock'));
vi.mock('@/features/campaign-reports/components/echart-geo', () => ({}));

function fbdHandlers(metrics: Parameters<typeof socialMetricsFactory>[0] = {}, extra: Handlers = {}): Handlers {
  return {
    [`GET ${API}/:id/report`]: {
      body: campaignReportFactory({
        campaign: {
          product_code: 'FBD',
          product_name: 'Facebook Dynamic Ads',
          family: 'social',
          booked_impressions: null,
          // conversionsMetrics is not null exactly when the dealership's conversions are on (server).
          enable_facebook_campaign_conversions: (metrics.conversionsMetrics ?? null) !== null,
        },
      }),
    },
    [`GET ${API}/display/dyn/:id/metrics`]: { body: socialMetricsFactory(metrics) },
    [`GET ${API}/:id/demographics`]: {
      body: { data: [{ age: '25-34', female: 900, male: 800, female_clicks: 12, male_clicks: 9 }] },
    },
    [`GET ${API}/fbd/:id/vehicles`]: page(
      Array.from({ length: 10 }, (_, i) => vehicleRowFactory(i)),
      36,
    ),
    ...extra,
  };
}

describe('social dynamic report, FBD and DYN (spec 000 §2.6)', () => {
  it('shows the cards CTR, Reach, Frequency and Attributed sales', async () => {
    renderReport('fbd', fbdHandlers());
    expect(await cardValue('CTR')).toBe('0.17%');
    expect(await cardValue('Reach')).toBe('778,894');
    expect(await cardValue('Frequency')).toBe('2.77');
    expect(await cardValue('Attributed Sales')).toBe('95');
  });

  it('draws impressions, interactions, placements, interaction demographics, top DMAs and CTR', async () => {
    renderReport('fbd', fbdHandlers());
    for (const name of [
      'Impressions chart',
      'Interactions chart',
      'Impressions by placement chart',
      'Impressions by DMA (top 5) chart',
      'CTR chart',
    ]) {
      expect(await screen.findByRole('img', { name })).toBeInTheDocument();
    }
    const demographics = await screen.findByRole('img', { name: 'Interaction demographics chart' });
    expect(chartSeries(demographics).map((series) => [series.name, series.data])).toEqual([
      ['Female', [12]],
      ['Male', [9]],
    ]);
    // The page shows the range's impressions beside the chart title.
    expect(screen.getByText('2,159,120')).toBeInTheDocument();
  });

  it('shows Top Conversions only when conversionsMetrics is not null', async () => {
    const first = renderReport('fbd', fbdHandlers());
    await screen.findByRole('img', { name: 'CTR chart' });
    expect(screen.queryByRole('region', { name: /Top Conversions/ })).not.toBeInTheDocument();
    first.unmount();

    renderReport('fbd', fbdHandlers({ conversionsMetrics: [{ conversion_type: 'Lead', conversions: 12 }] }));
    expect(await screen.findByRole('img', { name: 'Top Conversions chart' })).toBeInTheDocument();
  });

  it('lists the top performing vehicles: links, interactions, page size 10, impressions descending', async () => {
    const { api } = renderReport('fbd', fbdHandlers());
    const table = await screen.findByRole('table', { name: 'Top Performing Vehicles' });
    await within(table).findByText('2020 Vehicle 3');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.trim()),
    ).toEqual(['Vehicle', 'VIN', 'Days on lot', 'Impressions', 'Interactions', 'CTR']);
    const vehicle = vehicleRowFactory(3);
    expect(within(table).getByRole('link', { name: vehicle.description })).toHaveAttribute(
      'href',
      `/dashboard/agency/1/dealership/2/inventory/vehicles/${vehicle.vin_number}?startDate=2026-02-01&endDate=2026-02-03`,
    );
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    const query = lastQuery(api, '/fbd/100001/vehicles');
    expect(query.get('pageSize')).toBe('10');
    expect(query.get('sorting')).toBe('[{"id":"impressions","desc":true}]');
    expect(screen.getByRole('button', { name: 'Export CSV of Top Performing Vehicles' })).toBeEnabled();
  });

  it('says No vehicles found when the campaign has none', async () => {
    renderReport('fbd', fbdHandlers({}, { [`GET ${API}/fbd/:id/vehicles`]: page([]) }));
    expect(await screen.findByText('No vehicles found')).toBeInTheDocument();
  });
});
