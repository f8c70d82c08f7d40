import { type VehicleDetail as VehicleDetailData } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { VehicleDetail } from './vehicle-detail';

const VIN = '2T2ZZMCA5JC101174';
const PATH = '/dashboard/agency/:organizationId/dealership/:dealershipId/inventory/vehicles/:vin';
const URL = `/dashboard/agency/1/dealership/2/inventory/vehicles/${VIN}?startDate=2026-02-01&endDate=2026-02-28`;

const vehicle: VehicleDetailData = {
  vin: VIN,
  vehicle: {
    stock_number: 'L1174',
    year: 2018,
    make: 'Lexus',
    model: 'RX',
    trim: '350',
    body_style: 'SUV',
    vehicle_state: 'Used',
    price: 31995,
    mileage: 48210,
    exterior_color: 'Eminent White Pearl',
    image_url: null,
    first_seen_date: '2026-01-12',
  },
  totals: { impressions: 9014, clicks: 16, ctr: 0.18 },
  campaigns: [
    {
      client_campaign_id: 100001,
      client_campaign_display_name: 'Used Inventory DYD',
      product_code: 'DYD',
      impressions: 9014,
      clicks: 16,
      ctr: 0.18,
    },
  ],
};

function renderVehicle(answer: Parameters<typeof mockApi>[0][string]) {
  const api = mockApi({ 'GET /api/agencies/:org/dealership/:dealer/inventory/vehicles/:vin': answer });
  renderWithProviders(<VehicleDetail organizationId={1} dealershipId={2} vin={VIN} />, { path: PATH, url: URL });
  return api;
}

describe('vehicle page', () => {
  it('shows the facts of the vehicle and its results per campaign, linking to the reports', async () => {
    const api = renderVehicle({ body: vehicle });
    expect(await screen.findByRole('heading', { name: '2018 Lexus RX 350', level: 1 })).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Vehicle facts' });
    expect(within(facts).getByText('L1174')).toBeInTheDocument();
    expect(within(facts).getByText('$31,995.00')).toBeInTheDocument();
    expect(within(facts).getByText('48,210 mi')).toBeInTheDocument();
    expect(within(facts).getByText('Eminent White Pearl')).toBeInTheDocument();
    expect(within(facts).getByText('01/12/2026')).toBeInTheDocument();
    expect(within(facts).getByRole('img', { name: '2018 Lexus RX 350 (no photo)' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Impressions' })).toHaveTextContent('9,014');
    expect(screen.getByRole('group', { name: 'CTR' })).toHaveTextContent('0.18%');
    expect(screen.getByRole('link', { name: 'Used Inventory DYD' })).toHaveAttribute(
      'href',
      '/dashboard/agency/1/dealership/2/campaigns/dyd/100001/?startDate=2026-02-01&endDate=2026-02-28',
    );
    const query = api.calls[0]?.query;
    expect(api.calls[0]?.path).toBe(`/api/agencies/1/dealership/2/inventory/vehicles/${VIN}`);
    expect(query?.get('start_date')).toBe('2026-02-01');
    expect(query?.get('end_date')).toBe('2026-02-28');
  });

  it('says Vehicle not found on a 404', async () => {
    renderVehicle(apiError(404, 'NOT_FOUND', 'Vehicle not found'));
    expect(await screen.findByRole('heading', { name: 'Vehicle not found' })).toBeInTheDocument();
  });
});
