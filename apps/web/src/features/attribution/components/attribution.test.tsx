import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InventoryInsights as Insights } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { mockOperations } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { AttributionSettings } from './attribution-settings';
import { InventoryInsights } from './inventory-insights';

const rule = { model: 'last_touch', window_days: 30 } as const;

const insights: Insights = {
  as_of: '2026-11-30',
  aged_threshold_days: 60,
  unshown_days: 7,
  rule,
  aged: [
    {
      vin: 'AGED1',
      description: '2020 Ford F-150',
      vehicle_state: 'Used',
      price: 30000,
      first_seen_date: '2026-08-01',
      days_on_lot: 121,
    },
  ],
  aged_total: 1,
  advertised_after_gone: [],
  advertised_after_gone_total: 0,
  unshown: [],
  unshown_total: 0,
  sold: [
    {
      vin: 'SOLD1',
      description: null,
      sold_date: '2026-11-20',
      deal_type: 'used',
      sale_price: 20000,
      gross: 1000,
      campaigns: [{ campaign_id: 7, campaign_name: 'DYD Spring', share: 0.5 }],
    },
  ],
  sold_total: 1,
};

describe('Inventory insights (issue 22 §3)', () => {
  it('shows the four sections with their tables and empty states', async () => {
    mockOperations({ getInventoryInsights: () => ({ body: insights }) });
    renderWithProviders(<InventoryInsights organizationId={1} dealershipId={101} />);
    expect(screen.getByLabelText('Loading inventory insights')).toBeInTheDocument();
    const aged = await screen.findByRole('region', { name: 'Aged vehicles' });
    expect(within(aged).getByRole('row', { name: /AGED1/ })).toHaveTextContent('121');
    expect(screen.getByRole('region', { name: 'Advertised after leaving the feed' })).toHaveTextContent(
      'No campaign showed a vehicle after it left the feed.',
    );
    expect(screen.getByRole('region', { name: 'Not shown for 7 days' })).toHaveTextContent(
      'Every vehicle on the lot was shown in the last 7 days.',
    );
    const sold = screen.getByRole('region', { name: 'Sold vehicles' });
    expect(sold).toHaveTextContent('Last touch, 30-day window');
    expect(within(sold).getByRole('row', { name: /SOLD1/ })).toHaveTextContent('DYD Spring (0.50)');
  });
});

describe('the agency’s attribution settings', () => {
  it('changes the window and the model', async () => {
    const api = mockOperations({
      getAttributionSettings: () => ({ body: { window_days: 30, model: 'last_touch', aged_inventory_days: 60 } }),
      updateAttributionSettings: ({ body }) => ({
        body: { window_days: 30, model: 'last_touch', aged_inventory_days: 60, ...(body as object) },
      }),
    });
    renderWithProviders(<AttributionSettings organizationId={1} />);
    const user = userEvent.setup();
    const window = await screen.findByLabelText('Attribution window (days)');
    await user.clear(window);
    await user.type(window, '14');
    await user.click(screen.getByText('Even split'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: Even split, 14-day window.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      window_days: 14,
      model: 'even_split',
      aged_inventory_days: 60,
    });
  });
});
