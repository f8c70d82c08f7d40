import {
  type listAccountsResponseSchema,
  type vendorCampaignsResponseSchema,
  type AccountOption,
  type VendorCampaignsResponse,
} from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ResponseOf } from '@/lib/api-client';
import { agencyApi, platformsKey } from './keys';

/** `GET /api/agencies/{org}/dsp/accounts?vendor_id&force_refresh` (spec 001 §7 account list). */
export function listAccounts(organizationId: number, vendorId: number, signal?: AbortSignal): Promise<AccountOption[]> {
  return api
    .get<ResponseOf<typeof listAccountsResponseSchema>>(`${agencyApi(organizationId)}/dsp/accounts`, {
      query: { vendor_id: vendorId, force_refresh: false },
      signal,
    })
    .then((r) => r.data);
}

export const accountsQueryOptions = (organizationId: number, vendorId: number) =>
  queryOptions({
    queryKey: [...platformsKey(organizationId), vendorId, 'accounts'],
    queryFn: ({ signal }) => listAccounts(organizationId, vendorId, signal),
  });

export function useAccounts(organizationId: number, vendorId: number) {
  return useQuery(accountsQueryOptions(organizationId, vendorId));
}

/** `POST .../dsp/accounts/refresh` with `{ vendor_id }`: reads the account list again from the platform. */
export function useRefreshAccounts(organizationId: number, vendorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api
        .post<ResponseOf<typeof listAccountsResponseSchema>>(`${agencyApi(organizationId)}/dsp/accounts/refresh`, {
          vendor_id: vendorId,
        })
        .then((r) => r.data),
    onSuccess: (accounts) =>
      queryClient.setQueryData(accountsQueryOptions(organizationId, vendorId).queryKey, accounts),
  });
}

/**
 * `GET /api/agencies/{agency_id}/dsp/accounts/vendors/{vendor_id}/campaigns` with
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
  return api.get<ResponseOf<typeof vendorCampaignsResponseSchema>>(
    `${agencyApi(organizationId)}/dsp/accounts/vendors/${vendorId}/campaigns`,
    {
      query,
      signal,
    },
  );
}

export function useVendorCampaigns(organizationId: number, vendorId: number, account: AccountOption | null) {
  return useQuery({
    queryKey: [...platformsKey(organizationId), vendorId, 'campaigns', account?.value ?? null],
    queryFn: ({ signal }) => listVendorCampaigns(organizationId, vendorId, account!, signal),
    enabled: account !== null,
  });
}
