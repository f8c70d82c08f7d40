import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { ImportCampaignsModal, type ImportCampaignsModalProps } from './import-campaigns-modal';

const platform = (vendor_id: number, vendor_name: string, connected: boolean) => ({
  vendor_id,
  vendor_name,
  connected,
  sandbox: true,
  connected_at: connected ? '2026-11-01T10:00:00.000Z' : null,
  connected_by: null,
});

function renderModal(props: Partial<ImportCampaignsModalProps>) {
  const onNavigate = vi.fn();
  renderWithProviders(
    <ImportCampaignsModal
      organizationId={1}
      dealershipId={2}
      roleId={2}
      step=""
      importedCount={0}
      onNavigate={onNavigate}
      onBack={vi.fn()}
      onClose={vi.fn()}
      linkedPlatformsPath="/accounts"
      newCampaignPath="/new"
      selfServiceListPath="/list"
      {...props}
    />,
  );
  return { onNavigate };
}

describe('Import Campaigns (spec 001 §2.9)', () => {
  it('a role-3 user is sent to the agency administrator for an unconnected vendor', async () => {
    mockApi({
      'GET /api/agencies/1/dsp/platforms': {
        body: { data: [platform(1, 'Google Ads', false), platform(3, 'Meta Ads', true)] },
      },
    });
    renderModal({ roleId: null });
    const dialog = await screen.findByRole('dialog', { name: 'Import Campaigns' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /^Meta Ads/ })).toBeEnabled());
    expect(within(dialog).getByRole('button', { name: /^Google Ads/ })).toBeDisabled();
    expect(dialog).toHaveTextContent(
      'Google Ads is not connected. Contact the agency administrator to connect it (Agency, Linked Platforms).',
    );
    expect(within(dialog).queryByRole('link', { name: 'Connect it in Linked Platforms' })).toBeNull();
  });

  it('the Meta form sends the social body (vendor 3, account_id) and opens the success screen with the count', async () => {
    const api = mockApi({
      'GET /api/agencies/1/dsp/accounts': {
        body: { data: [{ value: 'act_916', label: 'Account 916', login_customer_id: null }] },
      },
      'GET /api/agencies/1/dsp/accounts/vendors/3/campaigns': {
        body: [
          { value: '11', label: 'Spring', status: 1, status_name: 'active' },
          { value: '12', label: 'Winter', status: 2, status_name: 'paused' },
        ],
      },
      'POST /api/agencies/1/dealership/2/campaigns/self-service/import': {
        body: { imported: 2, already_imported: 0, campaign_ids: [5000001, 5000002] },
      },
    });
    const { onNavigate } = renderModal({ step: 'facebook-ads' });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Meta Ads import' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);

    await user.click(within(dialog).getByRole('combobox', { name: 'Account' }));
    await user.click(await screen.findByRole('option', { name: 'Account 916 (act_916)', hidden: true }));
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/vendors/3/campaigns'))).toBe(true));
    expect(api.calls.find((c) => c.path.endsWith('/vendors/3/campaigns'))!.query.get('account_id')).toBe('act_916');
    await user.click(within(dialog).getByRole('combobox', { name: 'Campaigns' }));
    expect(await screen.findByText('Active Campaigns')).toBeInTheDocument();
    expect(screen.getByText('Paused Campaigns')).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Spring', hidden: true }));
    await user.click(screen.getByRole('option', { name: 'Winter', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onNavigate).toHaveBeenCalledWith('success?count=2'));
    expect(api.calls.find((c) => c.path.endsWith('/import'))!.body).toEqual({
      vendor_id: 3,
      agency_id: 1,
      account_name: 'Account 916',
      campaign_ids: ['11', '12'],
      account_id: 'act_916',
    });
  });

  it('the success screen counts the campaigns and links to the list', async () => {
    mockApi({});
    renderModal({ step: 'success', importedCount: 3 });
    expect(await screen.findByText('Nice! You have imported 3 campaign(s) successfully')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See Campaigns' })).toHaveAttribute('href', '/list');
  });
});
