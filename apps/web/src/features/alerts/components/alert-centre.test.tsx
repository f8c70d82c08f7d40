import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Alert, AlertListResponse } from '@portal/contracts';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockOperations } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import type { AlertFilters } from '../api/alerts';
import { AlertCentre } from './alert-centre';

const pacing: Alert = {
  id: 7,
  rule: 'pacing',
  rule_label: 'Pacing out of band',
  state: 'open',
  dealership_id: 101,
  dealership_name: 'EchoPark Automotive Greenville',
  campaign_id: 100001,
  campaign_kind: 'managed',
  campaign_name: 'Greenville DYD',
  product_code: 'DYD',
  metric: 'Impressions to date',
  expected: 140_000,
  actual: 112_000,
  message: 'Under-pacing: 80.0% of the expected impressions to 2026-11-14 (band 95–105%)',
  report_from: '2026-11-01',
  report_to: '2026-11-14',
  opened_at: '2026-11-15T18:00:00.000Z',
  last_seen_at: '2026-11-15T18:00:00.000Z',
  resolved_at: null,
  acknowledged_at: null,
  acknowledged_by: null,
  snoozed_until: null,
  comments: [],
};
const ctr: Alert = {
  ...pacing,
  id: 8,
  rule: 'ctr_drop',
  rule_label: 'CTR drop',
  campaign_id: 100002,
  metric: 'CTR',
  expected: 1,
  actual: 0.25,
  message: 'CTR on 2026-11-14 was 0.25%, against a 13-day mean of 1.00%',
};

function page(data: Alert[]): AlertListResponse {
  return {
    data,
    total: data.length,
    counts: { open: data.filter((a) => a.state === 'open').length, acknowledged: 0, snoozed: 0, resolved: 0 },
    time_zone: 'America/Chicago',
    today: '2026-11-15',
    dealerships: [{ id: 101, name: 'EchoPark Automotive Greenville' }],
  };
}

function Harness({ canManage = false }: { canManage?: boolean }) {
  const [filters, setFilters] = useState<AlertFilters>({});
  return (
    <AlertCentre
      organizationId={1}
      filters={filters}
      onChange={(next) => setFilters({ ...filters, ...next })}
      canManage={canManage}
    />
  );
}

/** Issue 21 §3: the alert centre as a user meets it (served by mocked operations). */
describe('AlertCentre', () => {
  it('shows each alert with rooftop, campaign, product code, expected vs actual and a link to the report at its dates', async () => {
    mockOperations({ listAlerts: () => ({ body: page([pacing, ctr]) }) });
    renderWithProviders(<Harness />, { path: '/x', url: '/x' });
    const cards = await screen.findAllByTestId('alert');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('Pacing out of band')).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('EchoPark Automotive Greenville · Greenville DYD (DYD)');
    expect(cards[0]).toHaveTextContent('expected 140,000, actual 112,000');
    expect(cards[1]).toHaveTextContent('expected 1.00%, actual 0.25%');
    expect(first.getByRole('link', { name: /Open report/ })).toHaveAttribute(
      'href',
      '/dashboard/agency/1/dealership/101/campaigns/dyd/100001/?startDate=2026-11-01&endDate=2026-11-14',
    );
  });

  it('acknowledges, snoozes until a day and comments through the API; filters go to the query', async () => {
    let current = [pacing];
    const api = mockOperations({
      listAlerts: () => ({ body: page(current) }),
      acknowledgeAlert: () => {
        current = [
          {
            ...pacing,
            state: 'acknowledged',
            acknowledged_at: '2026-11-15T19:00:00.000Z',
            acknowledged_by: 'Agency Admin',
          },
        ];
        return { body: current[0] };
      },
      snoozeAlert: (request) => {
        current = [{ ...current[0]!, state: 'snoozed', snoozed_until: (request.body as { until: string }).until }];
        return { body: current[0] };
      },
      commentAlert: (request) => {
        current = [
          {
            ...current[0]!,
            comments: [
              {
                id: 1,
                user_name: 'Agency Admin',
                body: (request.body as { body: string }).body,
                created_at: '2026-11-15T19:05:00.000Z',
              },
            ],
          },
        ];
        return { body: current[0] };
      },
    });
    renderWithProviders(<Harness />, { path: '/x', url: '/x' });
    await userEvent.click(await screen.findByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText(/Acknowledged by Agency Admin/)).toBeInTheDocument();

    const until = screen.getByLabelText('Snooze until');
    expect(until).toHaveValue('2026-11-22');
    await userEvent.click(screen.getByRole('button', { name: 'Snooze' }));
    expect(await screen.findByText('Snoozed through Nov 22, 2026')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path.endsWith('/snooze'))?.body).toEqual({ until: '2026-11-22' });

    await userEvent.type(screen.getByLabelText('Comment'), 'Vendor paused the line item');
    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    expect(await screen.findByText(/Vendor paused the line item/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Comment')).toHaveValue(''));

    await userEvent.click(screen.getByRole('combobox', { name: 'Rule' }));
    await userEvent.click(await screen.findByRole('option', { name: 'CTR drop', hidden: true }));
    await waitFor(() => expect(api.calls.some((c) => c.query.get('rule') === 'ctr_drop')).toBe(true));
  });

  it('says so when nothing matches', async () => {
    mockOperations({ listAlerts: () => ({ body: page([]) }) });
    renderWithProviders(<Harness />, { path: '/x', url: '/x' });
    expect(await screen.findByText('No alerts match these filters.')).toBeInTheDocument();
  });
});
