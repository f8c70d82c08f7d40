import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockOperations } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { AgenciesAdmin } from './agencies-admin';

const demo = {
  id: 1,
  name: 'Demo Agency',
  slug: 'demo-agency',
  time_zone: 'America/Chicago',
  dealership_count: 17,
  user_count: 3,
};

describe('AgenciesAdmin (issue 23 §2, staff)', () => {
  it('lists agencies from the API and creates one with its first administrator', async () => {
    const agencies = [demo];
    const api = mockOperations({
      listAgencies: () => ({ body: { data: agencies } }),
      createAgency: ({ body }) => {
        const input = body as { name: string; time_zone: string; admin_email: string; admin_name: string };
        agencies.push({
          ...demo,
          id: 2,
          name: input.name,
          slug: 'harbor-light-media',
          dealership_count: 0,
          user_count: 0,
        });
        return {
          status: 201,
          body: {
            organization: { id: 2, name: input.name, time_zone: input.time_zone },
            invitation: {
              id: 9,
              email: input.admin_email,
              name: input.admin_name,
              role_id: 2,
              dealership_ids: [],
              status: 'pending',
              expires_at: '2026-11-30T00:00:00.000Z',
              created_at: '2026-11-27T00:00:00.000Z',
              invited_by: 'staff@demo.test',
            },
          },
        } as never;
      },
    });
    renderWithProviders(<AgenciesAdmin />);
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Agencies' });
    expect(within(table).getByRole('row', { name: /Demo Agency/ })).toHaveTextContent('17');
    expect(within(table).getByRole('row', { name: /Demo Agency/ })).toHaveTextContent('/login?agency=demo-agency');

    // The contract's checks first: nothing is sent with an empty form.
    await user.click(screen.getByRole('button', { name: 'Create agency and invite administrator' }));
    expect(await screen.findByText('Enter the agency name')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Agency name' }), 'Harbor Light Media');
    await user.type(screen.getByRole('textbox', { name: 'Administrator’s name' }), 'Hana Okafor');
    await user.type(screen.getByRole('textbox', { name: 'Administrator’s email' }), 'hana@harborlight.test');
    await user.click(screen.getByRole('button', { name: 'Create agency and invite administrator' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Created Harbor Light Media; an invitation was emailed to hana@harborlight.test.',
    );
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Harbor Light Media',
      time_zone: 'America/Chicago',
      admin_email: 'hana@harborlight.test',
      admin_name: 'Hana Okafor',
    });
    expect(await within(table).findByRole('row', { name: /Harbor Light Media/ })).toBeInTheDocument();
  });

  it('shows the API’s refusal (an address in use)', async () => {
    mockOperations({
      listAgencies: { body: { data: [demo] } },
      createAgency: apiError(409, 'CONFLICT', 'A user with this email address already exists'),
    });
    renderWithProviders(<AgenciesAdmin />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Agency name' }), 'Dup');
    await user.type(screen.getByRole('textbox', { name: 'Administrator’s name' }), 'Dup Admin');
    await user.type(screen.getByRole('textbox', { name: 'Administrator’s email' }), 'agency@demo.test');
    await user.click(screen.getByRole('button', { name: 'Create agency and invite administrator' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A user with this email address already exists');
  });
});
