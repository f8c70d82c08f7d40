import { type ManagedCampaign, defaultReportRange } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { campaignsSummaryFactory, managedCampaignFactory } from '@/testing/factories';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { VIEW_MODE_STORAGE_KEY } from '../hooks/use-view-mode';
import { ManagedCampaigns, type ManagedCampaignsProps } from './managed-campaigns';

const LIST_PATH = '/dashboard/agency/:organizationId/dealership/:dealershipId/campaigns/list';
const RANGE = 'startDate=2026-02-01&endDate=2026-02-28';

function mockCampaigns(campaigns: ManagedCampaign[]) {
  return mockApi({
    'GET /api/agencies/:org/dealership/:dealer/campaigns/summary': { body: campaignsSummaryFactory() },
    'GET /api/agencies/:org/dealership/:dealer/campaigns': {
      body: { data: campaigns, pagination: { total: campaigns.length } },
    },
    'GET /api/agencies/:org/dealership/:dealer/campaign-trust': {
      body: { time_zone: 'America/Chicago', band: { low: 95, high: 105 }, stale_after_hour: 10, data: [] },
    },
  });
}

function renderList(
  props: Partial<ManagedCampaignsProps> = {},
  url = `/dashboard/agency/1/dealership/2/campaigns/list?${RANGE}`,
) {
  return renderWithProviders(
    <ManagedCampaigns
      organizationId={1}
      dealershipId={2}
      showBudgetType={null}
      hasSoldReportSource={false}
      emptyState={<div>EMPTY CHOOSER</div>}
      {...props}
    />,
    { path: LIST_PATH, url },
  );
}

async function findTable() {
  return screen.findByRole('table', { name: 'Managed campaigns' });
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

function cellUnder(row: HTMLElement, header: string): HTMLElement {
  const table = row.closest('table')!;
  const headers = within(table).getAllByRole('columnheader');
  const index = headers.findIndex((th) => th.textContent?.trim() === header);
  if (index < 0) throw new Error(`No column ${header}`);
  return within(row).getAllByRole('cell')[index]!;
}

describe('ManagedCampaigns table', () => {
  it('hides the Budget column when show_budget_type is null', async () => {
    mockCampaigns([managedCampaignFactory({ client_campaign_display_name: 'Spring Sale' })]);
    renderList({ showBudgetType: null });
    const table = await findTable();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.trim());
    expect(headers).toEqual([
      'Status',
      'Booking Month',
      'Name',
      'Product',
      'Impressions',
      'Clicks',
      'CTR',
      'Pacing',
      'Data through',
    ]);
  });

  it('shows demand_local_net as Budget when show_budget_type is 1, and budget otherwise', async () => {
    const campaign = managedCampaignFactory({
      client_campaign_display_name: 'Spring Sale',
      budget: 5000,
      demand_local_net: 3750,
    });
    mockCampaigns([campaign]);
    const { unmount } = renderList({ showBudgetType: 1 });
    await findTable();
    expect(cellUnder(rowOf('Spring Sale'), 'Budget')).toHaveTextContent('$3,750.00');
    unmount();

    mockCampaigns([campaign]);
    renderList({ showBudgetType: 2 });
    await findTable();
    expect(cellUnder(rowOf('Spring Sale'), 'Budget')).toHaveTextContent('$5,000.00');
  });

  it('formats the row: status badge, booking month, product with code, numbers, CTR', async () => {
    mockCampaigns([
      managedCampaignFactory({
        client_campaign_display_name: 'Spring Sale',
        start_date: '2026-01-05',
        impressions: 1234567,
        clicks: 4321,
        ctr: 0.35,
      }),
    ]);
    renderList();
    await findTable();
    const row = rowOf('Spring Sale');
    expect(cellUnder(row, 'Status')).toHaveTextContent('Active');
    expect(cellUnder(row, 'Booking Month')).toHaveTextContent('Jan 2026');
    expect(cellUnder(row, 'Product')).toHaveTextContent('Dynamic Inventory Display (DYD)');
    expect(cellUnder(row, 'Impressions')).toHaveTextContent('1,234,567');
    expect(cellUnder(row, 'Clicks')).toHaveTextContent('4,321');
    expect(cellUnder(row, 'CTR')).toHaveTextContent('0.35%');
  });

  it('shows N/A for the clicks and the CTR of a DOH campaign (clicks not measured) and for a missing CTR', async () => {
    mockCampaigns([
      managedCampaignFactory({
        client_campaign_display_name: 'Billboards',
        product_code: 'DOH',
        product_name: 'Digital Out-of-Home',
        clicks: 12,
        ctr: 1.2,
      }),
      managedCampaignFactory({ client_campaign_display_name: 'No Delivery', impressions: 0, clicks: 0, ctr: null }),
    ]);
    renderList();
    await findTable();
    expect(cellUnder(rowOf('Billboards'), 'Clicks')).toHaveTextContent('N/A');
    expect(cellUnder(rowOf('Billboards'), 'CTR')).toHaveTextContent('N/A');
    expect(cellUnder(rowOf('No Delivery'), 'Clicks')).toHaveTextContent('0');
    expect(cellUnder(rowOf('No Delivery'), 'CTR')).toHaveTextContent('N/A');
  });

  it('shows a pending campaign as plain text with its hint, and links the others to their report', async () => {
    mockCampaigns([
      managedCampaignFactory({
        client_campaign_id: 100001,
        client_campaign_display_name: 'Running Display',
        product_code: 'DYD',
      }),
      managedCampaignFactory({
        client_campaign_id: 100002,
        client_campaign_display_name: 'Next Month',
        campaign_status: 'pending',
      }),
    ]);
    renderList();
    await findTable();

    const link = screen.getByRole('link', { name: 'Running Display' });
    expect(link).toHaveAttribute(
      'href',
      `/dashboard/agency/1/dealership/2/campaigns/dyd/100001/?startDate=2026-02-01&endDate=2026-02-28`,
    );

    expect(screen.queryByRole('link', { name: 'Next Month' })).not.toBeInTheDocument();
    const pendingRow = rowOf('Next Month');
    expect(within(pendingRow).getByText('Campaign not started yet')).toBeVisible();
    expect(within(pendingRow).queryByRole('link')).not.toBeInTheDocument();
    expect(cellUnder(pendingRow, 'Status')).toHaveTextContent('Pending');
  });

  it('sends the date range from the URL and falls back to the default range on bad values', async () => {
    const api = mockCampaigns([managedCampaignFactory()]);
    renderList({}, '/dashboard/agency/1/dealership/2/campaigns/list?startDate=2026-13-40&endDate=nope');
    await findTable();
    const query = api.calls.find((call) => call.path.endsWith('/campaigns'))?.query ?? new URLSearchParams();
    expect(query.get('pageSize')).toBe('1000');
    expect(query.get('startDate')).toEqual(defaultReportRange().startDate);
    expect(query.get('endDate')).toEqual(defaultReportRange().endDate);
  });

  it('keeps the sorting in the URL and sends it to the API', async () => {
    const api = mockCampaigns([managedCampaignFactory({ client_campaign_display_name: 'Spring Sale' })]);
    const { router } = renderList();
    const table = await findTable();
    await userEvent.setup().click(within(table).getByRole('button', { name: /Impressions/ }));

    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('sorting')).toBe(
        JSON.stringify([{ id: 'impressions', desc: false }]),
      ),
    );
    await waitFor(() =>
      expect(api.calls.some((call) => call.query.get('sorting') === '[{"id":"impressions","desc":false}]')).toBe(true),
    );
    expect(within(table).getByRole('columnheader', { name: /Impressions/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('shows the month-to-date summary cards', async () => {
    mockCampaigns([managedCampaignFactory()]);
    renderList();
    const active = await screen.findByRole('group', { name: 'Active Campaigns' });
    await waitFor(() => expect(active).toHaveTextContent('3'));
    expect(active).toHaveTextContent(/Month to date/);
    expect(screen.getByRole('group', { name: 'Impressions' })).toHaveTextContent('250,000');
    expect(screen.getByRole('group', { name: 'Clicks' })).toHaveTextContent('1,200');
  });

  it('shows the empty-state chooser when the dealership has no campaigns', async () => {
    mockCampaigns([]);
    renderList();
    expect(await screen.findByText('EMPTY CHOOSER')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Managed campaigns' })).not.toBeInTheDocument();
  });

  it('shows View Last Months Campaigns only with a sold-report source', async () => {
    mockCampaigns([managedCampaignFactory()]);
    const { unmount } = renderList({ hasSoldReportSource: false });
    await findTable();
    expect(screen.queryByRole('link', { name: /View Last Months Campaigns/ })).not.toBeInTheDocument();
    unmount();

    mockCampaigns([managedCampaignFactory()]);
    renderList({ hasSoldReportSource: true });
    await findTable();
    expect(screen.getByRole('link', { name: /View Last Months Campaigns/ })).toHaveAttribute(
      'href',
      '/dashboard/agency/1/dealership/2/campaigns/breakdown?dateFilter=3_month',
    );
  });

  it('shows an error with Retry when the list fails', async () => {
    let fail = true;
    mockApi({
      'GET /api/agencies/:org/dealership/:dealer/campaigns/summary': { body: campaignsSummaryFactory() },
      'GET /api/agencies/:org/dealership/:dealer/campaigns': () =>
        fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Internal server error' } } }
          : {
              body: {
                data: [managedCampaignFactory({ client_campaign_display_name: 'Back Again' })],
                pagination: { total: 1 },
              },
            },
    });
    renderList();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('Back Again')).toBeInTheDocument();
  });
});

describe('ManagedCampaigns view toggle', () => {
  it('defaults to the table and remembers the grid across reloads', async () => {
    mockCampaigns([managedCampaignFactory({ client_campaign_display_name: 'Spring Sale' })]);
    const first = renderList();
    await findTable();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Grid' }));

    expect(await screen.findByRole('list', { name: 'Managed campaigns' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(VIEW_MODE_STORAGE_KEY) ?? 'null')).toBe('grid');
    first.unmount();

    mockCampaigns([managedCampaignFactory({ client_campaign_display_name: 'Spring Sale' })]);
    renderList();
    expect(await screen.findByRole('list', { name: 'Managed campaigns' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Grid' })).toBeChecked();
    expect(screen.queryByRole('table', { name: 'Managed campaigns' })).not.toBeInTheDocument();
  });
});
