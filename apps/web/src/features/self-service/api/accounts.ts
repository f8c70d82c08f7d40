import { type AccountOption, type VendorCampaignsResponse } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-keys';

/** `listAccounts` (`GET …/agencies/{org}/dsp/accounts?vendor_id&force_refresh`) (spec 001 §7 account list). */
export function listAccounts(organizationId: number, vendorId: number, signal?: AbortSignal): Promise<AccountOption[]> {
  return callOperation('listAccounts', {
    params: { organization_id: organizationId },
    query: { vendor_id: vendorId, force_refresh: 'false' },
    signal,
  }).then((r) => r.data);
}

export const accountsQueryOptions = (organizationId: number, vendorId: number) =>
  queryOptions({
    queryKey: agencyKey(organizationId, 'platforms', vendorId, 'accounts'),
    queryFn: ({ signal }) => listAccounts(organizationId, vendorId, signal),
  });

export function useAccounts(organizationId: number, vendorId: number) {
  return useQuery(accountsQueryOptions(organizationId, vendorId));
}

/** `refreshAccounts` (`POST .../dsp/accounts/refresh`) with `{ vendor_id }`: reads the account list again from the platform. */
export function useRefreshAccounts(organizationId: number, vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callOperation('refreshAccounts', {
        params: { organization_id: organizationId },
        body: { vendor_id: vendorId },
      }).then((r) => r.data),
    onSuccess: (accounts) =>
      queryClient.setQueryData(accountsQueryOptions(organizationId, vendorId).queryKey, accounts),
  });
}

/**
 * `listVendorCampaigns` (`GET …/agencies/{agency_id}/dsp/accounts/vendors/{vendor_id}/campaigns`) with
 * `customer_account_id` + `login_customer_id` (search vendor) or `account_id` (social vendor).
 */
export function listVendorCampaigns(
  organizationId: number,
  vendorId: number,
  account: AccountOption,
  signal?: AbortSignal,
): Promise<VendorCampaignsResponse> {
  const query =
    vendorId === 1
      ? { customer_account_id: account.value, login_customer_id: account.login_customer_id ?? undefined }
      : { account_id: account.value };
  return callOperation('listVendorCampaigns', {
    params: { organization_id: organizationId, vendor_id: vendorId },
    query,
    signal,
  });
}

export function useVendorCampaigns(organizationId: number, vendorId: number, account: AccountOption | null) {
  return useQuery({
    queryKey: agencyKey(organizationId, 'platforms', vendorId, 'campaigns', account?.value ?? null),
    queryFn: ({ signal }) => listVendorCampaigns(organizationId, vendorId, account!, signal),
    enabled: account !== null,
  });
}
