import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockOperations } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { UsersAdmin } from './users-admin';

const quinn = {
  id: 7,
  email: 'quinn.rivers@dealer.test',
  name: 'Quinn Rivers',
  role_id: 3,
  dealership_ids: [201],
  active: true,
  created_at: '2026-11-20T00:00:00.000Z',
  deactivated_at: null,
  time_zone: null,
};
const invitation = {
  id: 4,
  email: 'sam.lee@dealer.test',
  name: 'Sam Lee',
  role_id: 3,
  dealership_ids: [201],
  status: 'pending' as const,
  invited_by: 'agency@demo.test',
  created_at: '2026-11-28T00:00:00.000Z',
  sent_at: '2026-11-28T00:00:00.000Z',
  expires_at: '2026-12-01T00:00:00.000Z',
};

describe('UsersAdmin (issue 23 §2): deactivating and revoking ask first', () => {
  it('sends nothing until the administrator confirms, and nothing on Cancel', async () => {
    const api = mockOperations({
      listAgencyUsers: () => ({
        body: { organization: { id: 1, name: 'Demo Agency' }, users: [quinn], invitations: [invitation] },
      }),
      deactivateUser: () =>
        ({ body: { ...quinn, active: false, deactivated_at: '2026-11-29T00:00:00.000Z' } }) as never,
      revokeInvitation: () => ({ body: { ...invitation, status: 'revoked' } }) as never,
    });
    renderWithProviders(<UsersAdmin organizationId={1} meId={2} dealerships={[{ id: 201, name: 'Ancira Kia' }]} />);
    const user = userEvent.setup();
    const posts = () => api.calls.filter((call) => call.method !== 'GET');

    await user.click(await screen.findByRole('button', { name: 'Revoke the invitation of sam.lee@dealer.test' }));
    const revoke = await screen.findByRole('dialog', { name: 'Revoke the invitation of sam.lee@dealer.test?' });
    await user.click(within(revoke).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke the invitation of sam.lee@dealer.test' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: /Revoke the invitation/ })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.path).toContain('/invitations/4');

    await user.click(screen.getByRole('button', { name: 'Deactivate quinn.rivers@dealer.test' }));
    const deactivate = await screen.findByRole('dialog', { name: 'Deactivate quinn.rivers@dealer.test?' });
    expect(deactivate).toHaveTextContent('their open sessions end at once');
    await user.click(within(deactivate).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]!.path).toContain('/users/7');
  });
});
