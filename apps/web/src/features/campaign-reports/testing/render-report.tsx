import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { CampaignReport } from '../components/campaign-report';

/** Where report calls go in tests: organization 1, dealership 2. */
export const API = '/api/agencies/:org/dealership/:dealer/campaigns';
export const RANGE = 'startDate=2026-02-01&endDate=2026-02-03';

export type Handlers = Parameters<typeof mockApi>[0];

/**
 * Renders a campaign report page of `segment` (e.g. 'dyd') for campaign `campaignId` with the API
 * answering from `handlers` (keyed as mock-api keys, e.g. `GET ${API}/:id/report`); `timeZone` is the
 * dealership's zone the route passes.
 */
export function renderReport(
  segment: string,
  handlers: Handlers,
  { campaignId = 100001, search = RANGE, timeZone }: { campaignId?: number; search?: string; timeZone?: string } = {},
) {
  const api = mockApi(handlers);
  const base = '/dashboard/agency/:organizationId/dealership/:dealershipId/campaigns';
  const view = renderWithProviders(
    <>
      <Notifications />
      <CampaignReport
        organizationId={1}
        dealershipId={2}
        campaignId={campaignId}
        productSegment={segment}
        timeZone={timeZone}
      />
    </>,
    {
      path: `${base}/${segment}/:campaignId`,
      url: `/dashboard/agency/1/dealership/2/campaigns/${segment}/${campaignId}/?${search}`,
      routes: [
        { path: `${base}/:segment/:campaignId`, element: <div>Other report page</div> },
        {
          path: '/dashboard/agency/:organizationId/dealership/:dealershipId/inventory/vehicles/:vin',
          element: <div>Vehicle page</div>,
        },
      ],
    },
  );
  return { ...view, api };
}

/** The query of the last call to a path ending with `suffix`. */
export function lastQuery(api: ReturnType<typeof mockApi>, suffix: string): URLSearchParams {
  const call = [...api.calls].reverse().find((c) => c.path.endsWith(suffix));
  if (!call) throw new Error(`No call to …${suffix}; calls: ${api.calls.map((c) => c.path).join(', ')}`);
  return call.query;
}

/** The value shown by the stat card labelled `label`, once it has loaded. */
export async function cardValue(label: string): Promise<string> {
  const card = await screen.findByRole('group', { name: label });
  return waitFor(() => {
    const value = within(card).getAllByText(/.+/)[1]?.textContent ?? '';
    if (!value) throw new Error(`The ${label} card has no value yet`);
    return value;
  });
}

/** A page of table rows as the API answers it. */
export function page<T>(rows: T[], total = rows.length) {
  return { body: { data: rows, pagination: { total } } };
}
