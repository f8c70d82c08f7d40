import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgencyBranding } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { mockOperations } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { BrandingSettings } from './branding-settings';

const branding: AgencyBranding = {
  organization_id: 1,
  organization_name: 'Demo Agency',
  display_name: null,
  primary_color: null,
  email_sender_name: null,
  email_reply_to: null,
  paper_size: 'letter',
  logo_url: null,
  sign_in_path: '/login?agency=demo-agency',
};

describe('BrandingSettings (issue 20 §4)', () => {
  it('refuses a colour white text cannot be read on before sending, then saves and says so', async () => {
    let saved = branding;
    const api = mockOperations({
      getAgencyBranding: () => ({ body: saved }),
      updateAgencyBranding: ({ body }) => {
        saved = { ...branding, ...(body as Partial<AgencyBranding>) };
        return { body: saved };
      },
    });
    renderWithProviders(<BrandingSettings organizationId={1} />);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Branding of Demo Agency' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '/login?agency=demo-agency' })).toHaveAttribute(
      'href',
      '/login?agency=demo-agency',
    );
    await user.type(screen.getByRole('textbox', { name: 'Display name' }), 'Northwind Media');
    const colour = screen.getByRole('textbox', { name: 'Primary colour' });
    await user.type(colour, '#ffec99');
    expect(screen.getByText(/too light/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    expect(await screen.findByText(/WCAG AA needs a contrast of 4\.5:1/)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(colour);
    await user.type(colour, '#5f3dc4');
    expect(screen.getByText(/passes AA/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'A4' }));
    await user.click(screen.getByRole('button', { name: 'Save branding' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Saved'));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      display_name: 'Northwind Media',
      primary_color: '#5f3dc4',
      email_sender_name: '',
      email_reply_to: '',
      paper_size: 'a4',
    });
  });

  it('refuses an SVG logo in the browser without sending it', async () => {
    const api = mockOperations({ getAgencyBranding: { body: branding } });
    renderWithProviders(<BrandingSettings organizationId={1} />);
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Logo file');
    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The logo must be a PNG or JPEG image');
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});
