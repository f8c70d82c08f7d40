import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  campaignReportFactory,
  campaignsSummaryFactory,
  dealershipFactory,
  displayMetricsFactory,
  managedCampaignFactory,
} from '@/testing/factories';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/test-utils';
import { createRouteLoaders } from '../loaders';
import { createRoutes } from '../router';

/** The route tree as the app builds it: with the loaders that prefetch into the query client. */
const appRoutes = (queryClient: QueryClient) => createRoutes(createRouteLoaders(queryClient));

const me = {
  id: 1,
  email: 'agency@demo.test',
  name: 'Agency Admin',
  organization_id: 1,
  dealership_ids: [],
  role_id: 2,
};

function mockSignedIn(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/me': { body: me },
    'GET /api/agencies/:org/dealerships': {
      body: {
        organization: { id: 1, name: 'Demo Agency' },
        data: [
          {
            id: 2,
            organization_id: 1,
            name: 'Sunrise Motors',
            city: null,
            state: null,
            dma_code: null,
            dma_name: null,
          },
        ],
      },
    },
    'GET /api/agencies/1/dealership/2': { body: dealershipFactory() },
    'GET /api/agencies/:org/dealership/:dealer/campaigns/summary': { body: campaignsSummaryFactory() },
    'GET /api/agencies/:org/dealership/:dealer/campaigns': {
      body: {
        data: [managedCampaignFactory({ client_campaign_display_name: 'Spring Sale' })],
        pagination: { total: 1 },
      },
    },
    'POST /api/agencies/:org/dealership/:dealer/analytics/events': { status: 204 },
    ...extra,
  });
}

const LIST = '/dashboard/agency/1/dealership/2/campaigns/list';

describe('app routes', () => {
  it('sends a signed-out visitor to sign in with the page to come back to', async () => {
    mockApi({ 'GET /api/me': apiError(401, 'UNAUTHENTICATED', 'Not signed in') });
    const { router } = renderRoutes(appRoutes, `${LIST}?startDate=2026-01-01&endDate=2026-01-31`);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      `${LIST}?startDate=2026-01-01&endDate=2026-01-31`,
    );
  });

  it('opens the first dealership of the user agency from /', async () => {
    mockSignedIn();
    const { router } = renderRoutes(appRoutes, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    expect(await screen.findByRole('heading', { name: 'Campaigns' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Spring Sale' })).toBeInTheDocument();
  });

  it('shows Dealership not found, and no data, for a dealership the API answers 404 for', async () => {
    // The server answers 404 for every path of a dealership the session may not open.
    const notFound = apiError(404, 'NOT_FOUND', 'Dealership not found');
    mockSignedIn({
      'GET /api/agencies/1/dealership/99': notFound,
      'GET /api/agencies/1/dealership/99/campaigns/summary': notFound,
      'GET /api/agencies/1/dealership/99/campaigns': notFound,
    });
    renderRoutes(appRoutes, '/dashboard/agency/1/dealership/99/campaigns/list');
    expect(await screen.findByRole('heading', { name: 'Dealership not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Spring Sale')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Campaigns' })).not.toBeInTheDocument();
  });

  it('starts every request of the list page at once, and sends each one once', async () => {
    // The dealership answers only when released: the list's own requests must not wait for it.
    let release: () => void = () => undefined;
    const dealershipAnswered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = mockSignedIn({
      'GET /api/agencies/1/dealership/2': async () => {
        await dealershipAnswered;
        return { body: dealershipFactory() };
      },
    });
    renderRoutes(appRoutes, `${LIST}?startDate=2026-01-01&endDate=2026-01-31`);
    const paths = () => api.calls.map((call) => call.path);
    await waitFor(() =>
      expect(paths()).toEqual(
        expect.arrayContaining([
          '/api/me',
          '/api/agencies/1/dealerships',
          '/api/agencies/1/dealership/2',
          '/api/agencies/1/dealership/2/campaigns/summary',
          '/api/agencies/1/dealership/2/campaigns',
        ]),
      ),
    );
    const list = api.calls.find((call) => call.path === '/api/agencies/1/dealership/2/campaigns')!;
    expect(list.query.get('startDate')).toBe('2026-01-01');
    expect(list.query.get('endDate')).toBe('2026-01-31');
    release();
    expect(await screen.findByRole('link', { name: 'Spring Sale' })).toBeInTheDocument();
    const counts = new Map<string, number>();
    for (const path of paths()) counts.set(path, (counts.get(path) ?? 0) + 1);
    expect([...counts].filter(([, count]) => count > 1)).toEqual([]);
  });

  it('starts a DYD report and its metrics at once, and sends each once (the report also for the previous period)', async () => {
    // The report answers only when released: the DYD cards' metrics must not wait for it.
    let release: () => void = () => undefined;
    const reportAnswered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = mockSignedIn({
      'GET /api/agencies/1/dealership/2/campaigns/:id/report': async () => {
        await reportAnswered;
        return { body: campaignReportFactory() };
      },
      'GET /api/agencies/1/dealership/2/campaigns/display/dyd/:id/metrics': {
        body: displayMetricsFactory({ impressions: 4321987 }),
      },
    });
    renderRoutes(
      appRoutes,
      '/dashboard/agency/1/dealership/2/campaigns/dyd/100001?startDate=2026-01-01&endDate=2026-01-31',
    );
    const metricsPath = '/api/agencies/1/dealership/2/campaigns/display/dyd/100001/metrics';
    await waitFor(() => expect(api.calls.map((call) => call.path)).toContain(metricsPath));
    const metrics = api.calls.find((call) => call.path === metricsPath)!;
    expect(metrics.query.get('start_date')).toBe('2026-01-01');
    expect(metrics.query.get('end_date')).toBe('2026-01-31');
    release();
    expect((await screen.findAllByText('4,321,987')).length).toBeGreaterThan(0);
    expect(api.calls.filter((call) => call.path === metricsPath)).toHaveLength(1);
    // The report of the range once, and once more for the previous period of equal length (the
    // cards' change, issue 20 §3): Dec 1–31, 2025.
    const reports = api.calls.filter((call) => call.path.endsWith('/campaigns/100001/report'));
    const ranges = reports.map((call) => `${call.query.get('start_date')}..${call.query.get('end_date')}`).sort();
    expect(ranges).toEqual(['2025-12-01..2025-12-31', '2026-01-01..2026-01-31']);
  });

  it('does not ask for page metrics on a report page that has none', async () => {
    const api = mockSignedIn({
      'GET /api/agencies/1/dealership/2/campaigns/:id/report': apiError(404, 'NOT_FOUND', 'Campaign not found'),
    });
    renderRoutes(appRoutes, '/dashboard/agency/1/dealership/2/campaigns/sem/100001/');
    expect(await screen.findByRole('heading', { name: 'Campaign not found' })).toBeInTheDocument();
    expect(api.calls.map((call) => call.path).filter((path) => path.includes('/metrics'))).toEqual([]);
  });

  it('walks the create modal: chooser, sibling route, Back, Cancel', async () => {
    const platform = (vendor_id: number, vendor_name: string, connected: boolean) => ({
      vendor_id,
      vendor_name,
      connected,
      sandbox: true,
      connected_at: connected ? '2026-11-01T10:00:00.000Z' : null,
      connected_by: null,
    });
    const api = mockSignedIn({
      'GET /api/agencies/1/dsp/platforms': {
        body: { data: [platform(1, 'Google Ads', true), platform(3, 'Meta Ads', false)] },
      },
    });
    const { router } = renderRoutes(appRoutes, LIST);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Create or Import Campaign' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/create`));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path.endsWith('/analytics/events'))?.body).toEqual({
        name: 'create_campaign',
        properties: { tab: 'list' },
      }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Campaign source' });
    expect(dialog).toBeInTheDocument();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Import campaigns/ }));
    await user.click(continueButton);
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/create/import`));
    const importDialog = await screen.findByRole('dialog', { name: 'Import Campaigns' });
    // Google Ads is connected, Meta is not: its card is disabled with the link for an administrator.
    await waitFor(() => expect(screen.getByRole('button', { name: /^Google Ads/ })).toBeEnabled());
    expect(screen.getByRole('button', { name: /^Meta Ads/ })).toBeDisabled();
    expect(importDialog).toHaveTextContent('Meta Ads is not connected.');
    expect(screen.getByRole('link', { name: 'Connect it in Linked Platforms' })).toHaveAttribute(
      'href',
      '/dashboard/agency/1/dealership/2/accounts',
    );
    expect(screen.getByRole('link', { name: /^Let us market your audience/ })).toHaveAttribute(
      'href',
      `${LIST}/create/new`,
    );

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/create/select`));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
  });

  it('redirects unknown create children and unknown campaign paths', async () => {
    mockSignedIn();
    const first = renderRoutes(appRoutes, '/dashboard/agency/1/dealership/2/campaigns/list/create/whatever');
    await waitFor(() => expect(first.router.state.location.pathname).toBe(`${LIST}/create`));
    first.unmount();

    mockSignedIn();
    const second = renderRoutes(appRoutes, '/dashboard/agency/1/dealership/2/campaigns/nothing/here');
    await waitFor(() => expect(second.router.state.location.pathname).toBe(LIST));
  });

  it('breakdown/create opens the report generator over the Month over Month tab', async () => {
    mockSignedIn({
      'GET /api/agencies/:org/dealership/:dealer/campaigns/month-over-month': {
        body: {
          dateFilter: '3_month',
          startDate: '2026-09-01',
          endDate: '2026-11-15',
          show_budget_type: null,
          has_sales_source: false,
          campaigns: [],
        },
      },
      'GET /api/agencies/:org/dealership/:dealer/campaigns/report-schedules': { body: { data: [] } },
      'GET /api/agencies/:org/dealership/:dealer/campaigns/report-rows': { body: { data: [] } },
      'GET /api/agencies/:org/dealership/:dealer/campaigns/report-tags': {
        body: { data: [], pagination: { total: 0 } },
      },
      'GET /api/agencies/:org/dealership/:dealer/utils/google_spreadsheet/service-user': { body: { email: null } },
    });
    renderRoutes(appRoutes, '/dashboard/agency/1/dealership/2/campaigns/breakdown/create');
    const dialog = await screen.findByRole('dialog', { name: 'Generate Custom Report' });
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue(me.email);
    expect(within(dialog).getByRole('button', { name: 'Generate report' })).toBeInTheDocument();
  });

  it('opens a report route per product code and the vehicle page under the dealership', async () => {
    mockSignedIn({
      'GET /api/agencies/1/dealership/2/campaigns/:id/report': apiError(404, 'NOT_FOUND', 'Campaign not found'),
      'GET /api/agencies/1/dealership/2/inventory/vehicles/:vin': apiError(404, 'NOT_FOUND', 'Vehicle not found'),
    });
    const report = renderRoutes(appRoutes, '/dashboard/agency/1/dealership/2/campaigns/lop/100001/');
    expect(await screen.findByRole('heading', { name: 'Campaign not found' })).toBeInTheDocument();
    report.unmount();

    mockSignedIn({
      'GET /api/agencies/1/dealership/2/inventory/vehicles/:vin': apiError(404, 'NOT_FOUND', 'Vehicle not found'),
    });
    renderRoutes(appRoutes, '/dashboard/agency/1/dealership/2/inventory/vehicles/2T2ZZMCA5JC101174');
    expect(await screen.findByRole('heading', { name: 'Vehicle not found' })).toBeInTheDocument();
  });
});
