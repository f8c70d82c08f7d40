import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type SelfServiceCampaign } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { groupCampaigns } from './import-form';
import { SelfServiceCampaigns } from './self-service-campaigns';

const campaign = (id: number, overrides: Partial<SelfServiceCampaign> = {}): SelfServiceCampaign => ({
  _id: id,
  vendor_id: 1,
  status: 'available',
  failure_reason: null,
  last_synced_at: '2026-11-20T10:00:00.000Z',
  vendor_campaign: {
    id: String(100 + id),
    name: `Campaign ${id}`,
    account_id: '1000000001',
    account_name: 'Outdoor Gear',
    login_customer_id: '9000000001',
    start_date: '2026-10-05',
    end_date: null,
    status_name: 'active',
  },
  campaign_stats: [{ impressions: 12345, clicks: 123 }],
  ctr: 1,
  ...overrides,
});

const BASE = '/api/agencies/1/dealership/2/campaigns/self-service';

function render(list: SelfServiceCampaign[], edit: Parameters<typeof mockApi>[0][string]) {
  const api = mockApi({
    [`GET ${BASE}/list`]: (request) => ({
      body: {
        data: request.query.get('pageSize') === '1' ? list.slice(0, 1) : list,
        pagination: { total: list.length },
      },
    }),
    [`POST ${BASE}/edit`]: edit,
  });
  renderWithProviders(
    <SelfServiceCampaigns
      organizationId={1}
      dealershipId={2}
      reportPath={(id) => `/report/${id}`}
      emptyState={<p>Import your self service campaigns</p>}
    />,
    { url: '/?startDate=2026-11-01&endDate=2026-11-14' },
  );
  return api;
}

describe('self-service list (spec 001 §2.10, §4)', () => {
  it('shows the empty state when a page of size 1 is empty', async () => {
    const api = render([], { body: {} });
    expect(await screen.findByText('Import your self service campaigns')).toBeInTheDocument();
    expect(api.calls[0]!.query.get('pageSize')).toBe('1');
  });

  it("shows '[account] name' linking to the report, the import status labels, and no link while importing", async () => {
    render(
      [
        campaign(1),
        campaign(2, { status: 'initial_load' }),
        campaign(3, { status: 'pending' }),
        campaign(4, { status: 'failed', failure_reason: 'boom' }),
      ],
      { body: {} },
    );
    const table = await screen.findByRole('table', { name: 'Self-service campaigns' });
    expect(within(table).getByRole('link', { name: '[Outdoor Gear] Campaign 1' })).toHaveAttribute('href', '/report/1');
    expect(within(table).queryByRole('link', { name: '[Outdoor Gear] Campaign 3' })).toBeNull();
    for (const label of ['Live feed', 'Data pull', 'Importing', 'Failed'])
      expect(within(table).getByText(label)).toBeInTheDocument();
    expect(within(table).getAllByText('12,345')).toHaveLength(4);
    expect(within(table).getAllByText('1.00%')).toHaveLength(4);
  });

  it('sends the current status, flips the row at once, and rolls it back when the platform fails', async () => {
    let release: () => void = () => {};
    const api = render(
      [campaign(1)],
      () => new Promise((resolve) => (release = () => resolve(apiError(503, 'SERVICE_UNAVAILABLE', 'down')))),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pause Campaign 1' }));
    expect(await screen.findByText('Paused')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path.endsWith('/edit'))?.body).toEqual({
      campaign_id: 1,
      vendor_id: 1,
      customer_account_id: '1000000001',
      login_customer_id: '9000000001',
      status: 'active',
    });
    release();
    await waitFor(() => expect(screen.getByText('Active')).toBeInTheDocument());
    expect(screen.queryByText('Paused')).toBeNull();
  });
});

describe('import campaign options', () => {
  it("groups by status as '{status name} Campaigns', sorted by status value", () => {
    expect(
      groupCampaigns([
        { value: 'b', label: 'B', status: 2, status_name: 'paused' },
        { value: 'a', label: 'A', status: 1, status_name: 'active' },
        { value: 'c', label: 'C', status: 1, status_name: 'active' },
      ]),
    ).toEqual([
      {
        group: 'Active Campaigns',
        items: [
          { value: 'a', label: 'A' },
          { value: 'c', label: 'C' },
        ],
      },
      { group: 'Paused Campaigns', items: [{ value: 'b', label: 'B' }] },
    ]);
  });
});
