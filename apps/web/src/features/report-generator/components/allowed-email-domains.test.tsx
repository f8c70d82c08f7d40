import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockOperations } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { AllowedEmailDomains } from './allowed-email-domains';

/** Issue 18 item 8: the agency's allowed report email domains, as an agency administrator manages them. */
describe('AllowedEmailDomains', () => {
  it('lists, adds (normalised) and removes domains; a bad domain is refused at the field without a call', async () => {
    let domains = [{ domain: 'dealer.example', created_at: '2026-11-25T19:00:00.000Z' }];
    const api = mockOperations({
      listEmailDomains: () => ({ body: { data: domains } }),
      addEmailDomain: (request) => {
        const { domain } = request.body as { domain: string };
        domains = [...domains, { domain, created_at: '2026-11-25T19:01:00.000Z' }];
        return { status: 201, body: domains.at(-1) };
      },
      removeEmailDomain: (request) => {
        domains = domains.filter((d) => d.domain !== request.params.domain);
        return { status: 204 };
      },
    });
    renderWithProviders(<AllowedEmailDomains organizationId={1} />, { path: '/x', url: '/x' });
    expect(await screen.findByText('dealer.example')).toBeInTheDocument();

    const input = screen.getByLabelText('Allow an email domain');
    await userEvent.type(input, 'not a domain');
    await userEvent.click(screen.getByRole('button', { name: 'Allow' }));
    expect(await screen.findByText('Enter a domain such as example.com')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, '@Partner.Example');
    await userEvent.click(screen.getByRole('button', { name: 'Allow' }));
    expect(await screen.findByText('partner.example')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ domain: 'partner.example' });

    await userEvent.click(screen.getByRole('button', { name: 'Remove dealer.example' }));
    await waitFor(() => expect(screen.queryByText('dealer.example')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/agencies/1/email-domains/dealer.example');
  });
});
