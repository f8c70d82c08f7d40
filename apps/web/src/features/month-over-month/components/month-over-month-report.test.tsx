import { type MonthOverMonthResponse } from '@portal/contracts';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockOperations } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { MonthOverMonthReport } from './month-over-month-report';

const row = {
  budget: 1000,
  views: 0,
  vtr: null,
  completions: 0,
  impression_share: null,
  calls: 0,
  leads: 0,
};
const response: MonthOverMonthResponse = {
  dateFilter: '3_month',
  startDate: '2026-09-01',
  endDate: '2026-11-15',
  show_budget_type: 2,
  has_sales_source: false,
  campaigns: [
    {
      id: 7,
      name: 'Fall Display',
      product_code: 'DSP',
      product_name: 'Programmatic Display',
      columns: ['impressions', 'clicks', 'ctr', 'conversions', 'sales'],
      site_attribution: false,
      rows: [
        {
          ...row,
          month: '2026-09',
          start_date: '2026-09-10',
          end_date: '2026-09-30',
          impressions: 12345,
          clicks: 123,
          ctr: 1,
          conversions: null,
          sales: null,
        },
        {
          ...row,
          month: '2026-10',
          start_date: '2026-10-01',
          end_date: '2026-10-31',
          impressions: 2000,
          clicks: 31,
          ctr: 1.55,
          conversions: null,
          sales: null,
        },
      ],
    },
  ],
};

describe('MonthOverMonthReport', () => {
  it('shows one table per campaign with its code’s columns, dates, links and hints', async () => {
    mockOperations({ getMonthOverMonth: { body: response } });
    renderWithProviders(
      <MonthOverMonthReport organizationId={1} dealershipId={2} dateFilter="3_month" onDateFilterChange={() => {}} />,
      { path: '/x', url: '/x' },
    );
    const table = await screen.findByRole('region', { name: 'Fall Display' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Booking Month',
      'Dates',
      'Budget',
      'Impressions',
      'Clicks',
      'CTR',
      'Conversions',
      'Sales',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Sep 10 - Sep 30, 2026');
    expect(rows[0]).toHaveTextContent('12,345');
    expect(rows[1]).toHaveTextContent('1.55%');
    // Each month's change from the month before (issue 20 §3): none in the first month.
    expect(within(rows[0]!).queryAllByLabelText(/^Change from the month before/)).toHaveLength(0);
    const impressionsChange = within(rows[1]!).getByLabelText('Change from the month before: −10,345 (−83.8%)');
    expect(impressionsChange).toHaveAttribute('data-favorable', 'false');
    const ctrChange = within(rows[1]!).getByLabelText('Change from the month before: +0.55 pts (+55%)');
    expect(ctrChange).toHaveAttribute('data-favorable', 'true');
    expect(within(rows[1]!).getByLabelText('Change from the month before: $0.00 (0%)')).toHaveAttribute(
      'data-favorable',
      'neutral',
    );
    const link = within(rows[1]!).getByRole('link', { name: 'October 2026' });
    expect(link).toHaveAttribute(
      'href',
      '/dashboard/agency/1/dealership/2/campaigns/dsp/7/?startDate=2026-10-01&endDate=2026-10-31',
    );
    expect(within(rows[0]!).getByLabelText('Site attribution not configured for this campaign')).toBeInTheDocument();
    expect(within(rows[0]!).getByLabelText('Connect your DMS to see attributed sales')).toBeInTheDocument();
  });

  it('offers Excel and PDF in the Export menu and toasts the Excel email', async () => {
    const show = vi.spyOn(notifications, 'show');
    const api = mockOperations({
      getMonthOverMonth: { body: { ...response, campaigns: [] } },
      emailMonthOverMonthExcel: {
        status: 202,
        body: { status: 'queued', email: 'me@dealer.test' },
      },
    });
    renderWithProviders(
      <MonthOverMonthReport organizationId={1} dealershipId={2} dateFilter="6_month" onDateFilterChange={() => {}} />,
      { path: '/x', url: '/x' },
    );
    expect(await screen.findByText('No campaigns found')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('PDF')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Excel'));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'You will receive an email shortly with the report!', autoClose: 5000 }),
      ),
    );
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ dateFilter: '6_month' });
  });
});
