import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AttributedSalesResponse, AttributionSummary } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { mockOperations } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { AttributedSalesDrawerMount, useAttributedSalesCard } from './attributed-sales-card';

const params = { organizationId: 1, dealershipId: 101, startDate: '2026-11-01', endDate: '2026-11-30', campaignId: 7 };
const rule = { model: 'last_touch', window_days: 30 } as const;
const figures = { spend: 300, attributed_gross: 4000, attributed_revenue: 60000, cost_per_sale: 150, roas: 13.33 };

const summary = (hasSales: boolean, sales = 2): AttributionSummary => ({
  rule,
  has_sales: hasSales,
  sales: hasSales ? 10 : 0,
  attributed_sales: hasSales ? sales : 0,
  campaigns: hasSales
    ? [
        {
          campaign_id: 7,
          campaign_name: 'DYD',
          product_code: 'DYD',
          product_name: 'Display',
          attributed_sales: sales,
          ...figures,
        },
      ]
    : [],
  products: [],
});

const matched: AttributedSalesResponse = {
  rule,
  total: 1,
  data: [
    {
      vin: '1HGCM82633A004352',
      sold_date: '2026-11-20',
      deal_type: 'used',
      sale_price: 28500,
      gross: 2450,
      gross_derived: true,
      description: '2024 Honda Civic',
      campaign_id: 7,
      campaign_name: 'DYD',
      product_code: 'DYD',
      share: 1,
      last_exposure_date: '2026-11-15',
      impressions: 40,
      clicks: 2,
    },
  ],
};

function Card() {
  const card = useAttributedSalesCard(params, '5');
  return (
    <>
      <div role="group" aria-label={card.label}>
        {card.value}
        {card.description}
      </div>
      <AttributedSalesDrawerMount {...params} />
    </>
  );
}

describe('the Attributed Sales card (issue 22 §2)', () => {
  it('keeps the reported figure when the dealership has no sales data', async () => {
    const api = mockOperations({ getAttributionSummary: () => ({ body: summary(false) }) });
    renderWithProviders(<Card />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    const card = screen.getByRole('group', { name: 'Attributed Sales' });
    expect(card).toHaveTextContent('5');
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it('shows the attributed sales with the rule, and opens the evidence from a shareable URL', async () => {
    mockOperations({
      getAttributionSummary: () => ({ body: summary(true) }),
      listAttributedSales: () => ({ body: matched }),
    });
    const { router } = renderWithProviders(<Card />, { url: '/?startDate=2026-11-01' });
    const card = screen.getByRole('group', { name: 'Attributed Sales' });
    const link = await within(card).findByRole('link', { name: 'Show the matched sales' });
    expect(link).toHaveTextContent('2');
    expect(card).toHaveTextContent('Last touch, 30-day window');
    await userEvent.setup().click(link);
    expect(router.state.location.search).toBe('?startDate=2026-11-01&attributed=1');
    const dialog = await screen.findByRole('dialog', { name: 'Matched sales' });
    const row = await within(dialog).findByRole('row', { name: /1HGCM82633A004352/ });
    expect(row).toHaveTextContent('2026-11-20');
    expect(row).toHaveTextContent('2026-11-15');
    expect(row).toHaveTextContent('40');
    expect(row).toHaveTextContent('derived');
    // The campaign's attributed figures under the same rule.
    const stats = within(dialog).getByRole('group', { name: 'Attributed figures' });
    expect(stats).toHaveTextContent('Attributed gross$4,000.00');
    expect(stats).toHaveTextContent('Cost per sale$150.00');
    expect(stats).toHaveTextContent('ROAS13.33×');
  });
});
