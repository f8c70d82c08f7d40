import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportSchedule } from '@portal/contracts';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { ScheduledReports } from './scheduled-reports';

const BASE = '/api/agencies/:org/dealership/:dealer/campaigns/report-schedules';

const schedule: ReportSchedule = {
  id: 7,
  email: 'dealer@demo.test',
  report_format: 'csv',
  period: 'last_month',
  interval_type: 'day',
  day: 1,
  campaign_count: 2,
  campaigns: [
    { id: 1, name: 'Spring Search' },
    { id: 2, name: null },
  ],
  metrics: ['impressions', 'clicks'],
  request: {
    email: 'dealer@demo.test',
    campaigns: [1, 2],
    metrics: { impressions: true, clicks: true },
    reportFormat: 'csv',
    period: 'last_month',
    recurring: true,
    recurring_interval: { type: 'day', day: 1 },
  },
  time_zone: 'America/Chicago',
  time_zone_source: 'dealership',
  send_time: '08:00',
  paused: false,
  last_run_at: null,
  last_status: null,
  last_error: null,
  next_run_date: '2026-11-30',
  next_run_at: '2026-11-30T14:00:00.000Z',
  last_delivery: null,
};

/** Issue 25 item 13: the list's fields, delete after a confirmation with a toast, edit. */
describe('ScheduledReports', () => {
  it('shows campaigns, metrics, format and next run with its zone; delete asks first, Escape keeps it', async () => {
    const show = vi.spyOn(notifications, 'show');
    let schedules = [schedule];
    const api = mockApi({
      [`GET ${BASE}`]: () => ({ body: { data: schedules } }),
      [`DELETE ${BASE}/:id`]: () => {
        schedules = [];
        return { status: 204 };
      },
    });
    renderWithProviders(<ScheduledReports organizationId={1} dealershipId={101} />, { path: '/x', url: '/x' });
    const row = await screen.findByTestId('scheduled-report');
    expect(row).toHaveTextContent('Spring Search, Campaign 2 (removed)');
    expect(row).toHaveTextContent('Impressions, Clicks');
    expect(row).toHaveTextContent('csv');
    expect(row).toHaveTextContent('Nov 30, 2026');
    expect(row).toHaveTextContent('America/Chicago time');
    // Issue 21 §5: the local send time, and the next run's time with the zone's abbreviation.
    expect(row).toHaveTextContent('Every Monday at 8:00 AM');
    expect(row).toHaveTextContent('8:00 AM CST');
    expect(row).toHaveTextContent('Not run yet');

    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this scheduled report?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this scheduled report?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Scheduled report deleted' })),
    );
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/agencies/1/dealership/101/campaigns/report-schedules/7',
    ]);
    await waitFor(() => expect(screen.queryByTestId('scheduled-report')).not.toBeInTheDocument());
  }, 20_000);

  it('edits every field (period, campaigns, metrics, day, format) with a PATCH of the whole request; a 409 shows its message', async () => {
    const show = vi.spyOn(notifications, 'show');
    let conflict = true;
    const api = mockApi({
      [`GET ${BASE}`]: () => ({ body: { data: [schedule] } }),
      'GET /api/agencies/:org/dealership/:dealer/campaigns/report-rows': () => ({
        body: {
          data: [
            { client_campaign_id: 1, client_campaign_display_name: 'Spring Search', product_code: 'SEM' },
            { client_campaign_id: 3, client_campaign_display_name: 'Summer Display', product_code: 'DSP' },
          ],
        },
      }),
      [`PATCH ${BASE}/:id`]: () =>
        conflict
          ? ((conflict = false),
            {
              status: 409,
              body: {
                error: {
                  code: 'CONFLICT',
                  message: 'You already have a scheduled report with exactly these settings',
                  details: [
                    { path: 'recurring', message: 'You already have a scheduled report with exactly these settings' },
                  ],
                },
              },
            })
          : { status: 204 },
    });
    renderWithProviders(<ScheduledReports organizationId={1} dealershipId={101} />, { path: '/x', url: '/x' });
    const row = await screen.findByTestId('scheduled-report');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit scheduled report' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Period/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Last 3 months', hidden: true }));
    // Campaign 2 (removed) out, Summer Display (listed for the period) in.
    const campaignsInput = within(dialog).getByRole('combobox', { name: /Campaigns/ });
    await userEvent.click(campaignsInput);
    await userEvent.click(await screen.findByRole('option', { name: 'Campaign 2 (removed)', hidden: true }));
    await userEvent.click(await screen.findByRole('option', { name: 'Summer Display (DSP)', hidden: true }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Metrics/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'CTR', hidden: true }));
    await userEvent.click(await screen.findByRole('option', { name: 'Clicks', hidden: true }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Format/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'xlsx', hidden: true }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Day of the week/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Friday', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('You already have a scheduled report with exactly these settings'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Scheduled report saved' })),
    );
    const patches = api.calls.filter((c) => c.method === 'PATCH');
    expect(patches).toHaveLength(2);
    expect(patches[1]!.body).toEqual({
      request: expect.objectContaining({
        email: 'dealer@demo.test',
        period: 'last_3_months',
        campaigns: [1, 3],
        metrics: { impressions: true, ctr: true },
        reportFormat: 'xlsx',
        recurring: true,
        recurring_interval: { type: 'day', day: 5 },
      }),
    });
  }, 20_000);

  it('shows the last delivery and its state: sent, retrying with the attempt, failed with the reason; a recipient zone', async () => {
    const delivery = {
      run_date: '2026-11-23',
      recipient: 'dealer@demo.test',
      attempts: 1,
      error: null,
      queued_at: '2026-11-23T14:00:05.000Z',
      last_attempt_at: '2026-11-23T14:00:06.000Z',
      finished_at: '2026-11-23T14:00:09.000Z',
    };
    const schedules: ReportSchedule[] = [
      { ...schedule, id: 1, last_delivery: { ...delivery, status: 'sent' } },
      {
        ...schedule,
        id: 2,
        last_delivery: { ...delivery, status: 'queued', attempts: 2, error: 'SMTP 451', finished_at: null },
      },
      {
        ...schedule,
        id: 3,
        email: 'new@demo.test',
        last_delivery: { ...delivery, status: 'failed', attempts: 5, error: 'mailbox unavailable' },
      },
      {
        ...schedule,
        id: 4,
        send_time: '09:30',
        time_zone: 'Asia/Kolkata',
        time_zone_source: 'recipient',
        next_run_at: '2026-11-30T04:00:00.000Z',
      },
    ];
    const api = mockApi({
      [`GET ${BASE}`]: () => ({ body: { data: schedules } }),
      [`GET ${BASE}/:id/deliveries`]: () => ({
        body: {
          data: [
            { ...delivery, run_date: '2026-11-23', status: 'failed', attempts: 5, error: 'mailbox unavailable' },
            { ...delivery, run_date: '2026-11-16', status: 'sent', finished_at: '2026-11-16T14:00:09.000Z' },
          ],
        },
      }),
    });
    renderWithProviders(<ScheduledReports organizationId={1} dealershipId={101} />, { path: '/x', url: '/x' });
    const rows = await screen.findAllByTestId('scheduled-report');
    expect(screen.getByRole('columnheader', { name: 'Last delivery' })).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('last-delivery')).toHaveTextContent('Nov 23, 2026Sent');
    expect(within(rows[1]!).getByTestId('last-delivery')).toHaveTextContent('Retrying');
    expect(within(rows[1]!).getByTestId('last-delivery')).toHaveTextContent('Attempt 2: SMTP 451');
    const failed = within(rows[2]!).getByTestId('last-delivery');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('5 attempts: mailbox unavailable');
    // Sent to the recipient of the time (the schedule's recipient changed since).
    expect(failed).toHaveTextContent('to dealer@demo.test');
    expect(rows[3]).toHaveTextContent('Every Monday at 9:30 AM');
    expect(rows[3]).toHaveTextContent("Recipient's time");
    expect(rows[3]).toHaveTextContent('Asia/Kolkata time');
    expect(rows[3]).toHaveTextContent(/9:30 AM GMT\+5:30/);

    // The whole log of a schedule, from its last delivery.
    await userEvent.click(within(rows[2]!).getByRole('button', { name: 'Delivery log' }));
    const log = await screen.findByRole('dialog', { name: 'Delivery log' });
    const entries = await within(log).findAllByTestId('delivery-log-row');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Nov 23, 2026');
    expect(entries[0]).toHaveTextContent('Failed');
    expect(entries[0]).toHaveTextContent('mailbox unavailable');
    expect(entries[1]).toHaveTextContent('Sent');
    // Finished at 8:00 AM in the schedule's zone (14:00 UTC is 8:00 CST).
    expect(entries[1]).toHaveTextContent('11/16/2026 8:00 AM');
    expect(api.calls.map((c) => c.path)).toContain(
      '/api/agencies/1/dealership/101/campaigns/report-schedules/3/deliveries',
    );
  });

  it('edits the send time and the zone: the PATCH carries them', async () => {
    const api = mockApi({
      [`GET ${BASE}`]: () => ({ body: { data: [schedule] } }),
      'GET /api/agencies/:org/dealership/:dealer/campaigns/report-rows': () => ({ body: { data: [] } }),
      [`PATCH ${BASE}/:id`]: () => ({ status: 204 }),
    });
    renderWithProviders(<ScheduledReports organizationId={1} dealershipId={101} />, { path: '/x', url: '/x' });
    const row = await screen.findByTestId('scheduled-report');
    await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit scheduled report' });
    expect(within(dialog).getByTestId('send-time-summary')).toHaveTextContent(
      /Sent at 8:00 AM C[SD]T \(America\/Chicago time\)/,
    );
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^At/ }));
    await userEvent.click(await screen.findByRole('option', { name: '6:30 AM', hidden: true }));
    await userEvent.click(within(dialog).getByText("Recipient's"));
    const zone = await within(dialog).findByRole('combobox', { name: /Recipient's time zone/ });
    await userEvent.clear(zone);
    await userEvent.type(zone, 'St_Johns');
    await userEvent.click(await screen.findByRole('option', { name: 'America/St_Johns', hidden: true }));
    expect(within(dialog).getByTestId('send-time-summary')).toHaveTextContent(
      /Sent at 6:30 AM (N[SD]T|GMT-[23]:30) \(America\/St_Johns time\)/,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      request: expect.objectContaining({
        send_time: '06:30',
        time_zone_source: 'recipient',
        time_zone: 'America/St_Johns',
      }),
    });
  }, 20_000);
});
