import { Anchor, Button, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { VENDOR_GOOGLE_ADS, type ImportableCampaign, type VendorId } from '@portal/contracts';
import { useId, useMemo } from 'react';
import { isApiError } from '@/lib/api-client';
import { useAccounts, useRefreshAccounts, useVendorCampaigns } from '../api/accounts';
import { useImportCampaigns } from '../api/self-service-campaigns';

export interface ImportFormProps {
  organizationId: number;
  dealershipId: number;
  vendorId: VendorId;
  onBack: () => void;
  onImported: (count: number) => void;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Campaign options grouped as '{status name} Campaigns', groups sorted by status value (spec 001 §2.9). */
export function groupCampaigns(campaigns: ImportableCampaign[]) {
  const groups = new Map<number, { group: string; items: { value: string; label: string }[] }>();
  for (const campaign of [...campaigns].sort((a, b) => a.status - b.status)) {
    const group = groups.get(campaign.status) ?? { group: `${capitalize(campaign.status_name)} Campaigns`, items: [] };
    group.items.push({ value: campaign.value, label: campaign.label });
    groups.set(campaign.status, group);
  }
  return [...groups.values()];
}

/** The 'Google Ads import' / 'Meta Ads import' form: account, campaigns, Save (spec 001 §2.9, §8). */
export function ImportForm({ organizationId, dealershipId, vendorId, onBack, onImported }: ImportFormProps) {
  const accounts = useAccounts(organizationId, vendorId);
  const refresh = useRefreshAccounts(organizationId, vendorId);
  const importCampaigns = useImportCampaigns(organizationId, dealershipId);
  const form = useForm({
    mode: 'controlled',
    initialValues: { account: '', campaigns: [] as string[] },
    validate: {
      account: (value) => (value ? null : 'This field is required'),
      campaigns: (value) => (value.length > 0 ? null : 'This field is required'),
    },
  });
  const account = accounts.data?.find((a) => a.value === form.values.account) ?? null;
  const campaigns = useVendorCampaigns(organizationId, vendorId, account);
  const groups = useMemo(() => groupCampaigns(campaigns.data ?? []), [campaigns.data]);
  const refreshToast = useId();
  const importToast = useId();

  const onRefresh = () => {
    notifications.show({
      id: refreshToast,
      loading: true,
      message: 'Refreshing list... This may take a while.',
      autoClose: false,
    });
    refresh.mutate(undefined, {
      onSuccess: () =>
        notifications.update({
          id: refreshToast,
          loading: false,
          color: 'green',
          message: 'List refreshed successfully!',
          autoClose: 5000,
        }),
      onError: () =>
        notifications.update({
          id: refreshToast,
          loading: false,
          color: 'red',
          message: 'Something went wrong. Please try again later.',
          autoClose: 5000,
        }),
    });
  };

  const onSubmit = form.onSubmit((values) => {
    if (!account) return;
    notifications.show({ id: importToast, loading: true, message: 'Importing...', autoClose: false });
    const body =
      vendorId === VENDOR_GOOGLE_ADS
        ? {
            vendor_id: vendorId,
            agency_id: organizationId,
            account_name: account.label,
            campaign_ids: values.campaigns,
            customer_account_id: account.value,
            login_customer_id: account.login_customer_id,
          }
        : {
            vendor_id: vendorId,
            agency_id: organizationId,
            account_name: account.label,
            campaign_ids: values.campaigns,
            account_id: account.value,
          };
    importCampaigns.mutate(body, {
      onSuccess: (result) => {
        notifications.update({
          id: importToast,
          loading: false,
          color: 'green',
          message: 'Imported successfully.',
          autoClose: 5000,
        });
        onImported(result.campaign_ids.length);
      },
      onError: (error) =>
        notifications.update({
          id: importToast,
          loading: false,
          color: 'red',
          message: isApiError(error) ? error.message : 'An error has occured',
          autoClose: 5000,
        }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Select
            label="Account"
            placeholder={accounts.isPending ? 'Loading accounts…' : 'Choose an account'}
            data={(accounts.data ?? []).map((a) => ({ value: a.value, label: `${a.label} (${a.value})` }))}
            searchable
            disabled={accounts.isPending}
            {...form.getInputProps('account')}
            error={
              form.errors.account ??
              (accounts.isError
                ? isApiError(accounts.error)
                  ? accounts.error.message
                  : 'Accounts could not be loaded'
                : undefined)
            }
            onChange={(value) => {
              form.setFieldValue('account', value ?? '');
              form.setFieldValue('campaigns', []);
            }}
          />
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              Can&apos;t see your account?
            </Text>
            <Anchor component="button" type="button" size="sm" onClick={onRefresh} disabled={refresh.isPending}>
              Refresh
            </Anchor>
            <Text size="sm" c="dimmed">
              or ask the agency administrator to give this dealership access to it (Linked Platforms).
            </Text>
          </Group>
        </Stack>
        <MultiSelect
          label="Campaigns"
          placeholder={
            !account ? 'Choose an account first' : campaigns.isPending ? 'Loading campaigns…' : 'Choose campaigns'
          }
          data={groups}
          searchable
          disabled={!account || campaigns.isPending}
          nothingFoundMessage="No campaigns found"
          {...form.getInputProps('campaigns')}
          error={form.errors.campaigns ?? (campaigns.isError ? 'Campaigns could not be loaded' : undefined)}
        />
        <Group justify="space-between" mt="sm">
          <Button variant="default" onClick={onBack}>
            Back
          </Button>
          <Button type="submit" loading={importCampaigns.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
