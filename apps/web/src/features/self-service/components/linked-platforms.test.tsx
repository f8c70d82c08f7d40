import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { LinkedPlatforms } from './linked-platforms';

const platforms = {
  data: [
    {
      vendor_id: 1,
      vendor_name: 'Google Ads',
      connected: true,
      sandbox: true,
      connected_at: '2026-11-01T10:00:00.000Z',
      connected_by: 'Agency Admin',
    },
    { vendor_id: 3, vendor_name: 'Meta Ads', connected: false, sandbox: true, connected_at: null, connected_by: null },
  ],
};
const dealerships = [
  { id: 101, name: 'EchoPark Automotive Greenville' },
  { id: 102, name: 'Ancira Buick GMC' },
];

/** Dealership access on the Linked Platforms page (issue 18 item 3). */
describe('Linked Platforms: dealership access to the accounts', () => {
  it('an administrator sees each account’s dealerships and adding one sends the whole set', async () => {
    const api = mockApi({
      'GET /api/agencies/1/dsp/platforms': { body: platforms },
      'GET /api/agencies/1/dsp/platforms/1/account-assignments': {
        body: {
          data: [
            { account_id: '1000000001', account_name: 'Outdoor Gear', login_customer_id: '9', dealership_ids: [101] },
            { account_id: '1000000002', account_name: 'Trail Running', login_customer_id: '9', dealership_ids: [] },
          ],
        },
      },
      'PUT /api/agencies/1/dsp/platforms/1/account-assignments/:account_id': ({ params, body }) => ({
        body: {
          account_id: params.account_id,
          account_name: 'Outdoor Gear',
          login_customer_id: '9',
          dealership_ids: (body as { dealership_ids: number[] }).dealership_ids,
        },
      }),
    });
    renderWithProviders(
      <LinkedPlatforms
        organizationId={1}
        dealershipId={101}
        roleId={2}
        connected={null}
        error={null}
        dealerships={dealerships}
      />,
    );
    const access = await screen.findByRole('group', { name: 'Dealership access to Google Ads accounts' });
    const first = await within(access).findByRole('combobox', { name: 'Outdoor Gear (1000000001)' });
    expect(within(access).getByText('EchoPark Automotive Greenville')).toBeInTheDocument();
    expect(within(access).getByRole('combobox', { name: 'Trail Running (1000000002)' })).toBeInTheDocument();
    // Meta is not connected: no access section for it.
    expect(screen.queryByRole('group', { name: 'Dealership access to Meta Ads accounts' })).toBeNull();

    const user = userEvent.setup();
    await user.click(first);
    // Each account has its own dropdown: choose in the one this combobox controls.
    await waitFor(() => expect(first.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(first.getAttribute('aria-controls')!)!;
    await user.click(await within(listbox).findByRole('option', { name: 'Ancira Buick GMC', hidden: true }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/agencies/1/dsp/platforms/1/account-assignments/1000000001');
    expect(put.body).toEqual({ dealership_ids: [101, 102] });
  });

  it('a dealership user sees no access section and is sent to the administrator', async () => {
    const api = mockApi({ 'GET /api/agencies/1/dsp/platforms': { body: platforms } });
    renderWithProviders(
      <LinkedPlatforms organizationId={1} dealershipId={101} roleId={3} connected={null} error={null} />,
    );
    expect(
      await screen.findByText('Contact the agency administrator to connect an account (Agency, Linked Platforms).'),
    ).toBeInTheDocument();
    await screen.findByText(/Connected on/);
    expect(screen.queryByRole('group', { name: /Dealership access/ })).toBeNull();
    expect(api.calls.some((c) => c.path.endsWith('/account-assignments'))).toBe(false);
  });
});
