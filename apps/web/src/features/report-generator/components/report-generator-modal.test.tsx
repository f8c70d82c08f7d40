import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { ReportGeneratorModal } from './report-generator-modal';

const CAMPAIGNS = '/api/agencies/:org/dealership/:dealer/campaigns';

/**
 * Issue 21 §5 in the generator: a recurring report is sent at a local time, in the dealership's
 * zone or the recipient's; the form shows the time with the zone's abbreviation, the request
 * carries it, and the confirmation names the first run's time in the schedule's zone.
 */
describe('ReportGeneratorModal send time', () => {
  it('chooses the time and the recipient’s zone, sends them, and confirms the first run with the zone abbreviation', async () => {
    const api = mockApi({
      [`GET ${CAMPAIGNS}/report-rows`]: () => ({
        body: {
          data: [{ client_campaign_id: 1, client_campaign_display_name: 'Spring Search', product_code: 'SEM' }],
        },
      }),
      [`GET ${CAMPAIGNS}/report-tags`]: () => ({ body: { data: [], pagination: { total: 0 } } }),
      'GET /api/agencies/:org/dealership/:dealer/utils/google_spreadsheet/service-user': () => ({
        body: { email: null },
      }),
      [`POST ${CAMPAIGNS}/report-generator`]: () => ({
        status: 201,
        body: {
          status: 'scheduled',
          schedule_id: 9,
          next_run_date: '2026-11-30',
          time_zone: 'Asia/Kolkata',
          next_run_at: '2026-11-30T04:00:00.000Z',
        },
      }),
    });
    renderWithProviders(
      <ReportGeneratorModal
        organizationId={1}
        dealershipId={101}
        userEmail="dealer@demo.test"
        today="2026-11-27"
        dealershipTimeZone="America/Chicago"
        onClose={vi.fn()}
      />,
      { path: '/x', url: '/x' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Generate Custom Report' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'All campaigns' }));
    await waitFor(() => expect(within(dialog).getByRole('switch', { name: 'All metrics' })).toBeEnabled());
    await userEvent.click(within(dialog).getByRole('switch', { name: 'All metrics' }));
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Recurring' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Every/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Day', hidden: true }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Day of the week/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Monday', hidden: true }));

    // 8:00 in the dealership's zone to start with, with its abbreviation.
    expect(within(dialog).getByTestId('send-time-summary')).toHaveTextContent(
      /^Sent at 8:00 AM C[SD]T \(America\/Chicago time\)$/,
    );
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^At/ }));
    await userEvent.click(await screen.findByRole('option', { name: '9:30 AM', hidden: true }));
    await userEvent.click(within(dialog).getByText("Recipient's"));
    const zone = await within(dialog).findByRole('combobox', { name: /Recipient's time zone/ });
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Kolkata');
    await userEvent.click(await screen.findByRole('option', { name: 'Asia/Kolkata', hidden: true }));
    expect(within(dialog).getByTestId('send-time-summary')).toHaveTextContent(
      'Sent at 9:30 AM GMT+5:30 (Asia/Kolkata time)',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Generate report' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      recurring: true,
      recurring_interval: { type: 'day', day: 1 },
      send_time: '09:30',
      time_zone_source: 'recipient',
      time_zone: 'Asia/Kolkata',
    });
    expect(
      await within(dialog).findByText(
        /The first one goes out on Nov 30, 2026 at 9:30 AM GMT\+5:30 \(Asia\/Kolkata time\)\./,
      ),
    ).toBeInTheDocument();
  }, 30_000);
});
