import { type AccountAssignment, type ListAccountAssignmentsResponse } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-keys';

/**
 * `listAccountAssignments` (`GET …/agencies/{org}/dsp/platforms/{vendor_id}/account-assignments`): every account of the
 * agency's connection and the dealerships it is assigned to (role 1–2; issue 18 item 3).
 */
export function listAccountAssignments(
  organizationId: number,
  vendorId: number,
  signal?: AbortSignal,
): Promise<ListAccountAssignmentsResponse> {
  return callOperation('listAccountAssignments', {
    params: { organization_id: organizationId, vendor_id: vendorId },
    signal,
  });
}

export const accountAssignmentsQueryOptions = (organizationId: number, vendorId: number) =>
  queryOptions({
    queryKey: agencyKey(organizationId, 'platforms', vendorId, 'account-assignments'),
    queryFn: ({ signal }) => listAccountAssignments(organizationId, vendorId, signal),
  });

export function useAccountAssignments(organizationId: number, vendorId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...accountAssignmentsQueryOptions(organizationId, vendorId), enabled: options.enabled ?? true });
}

/**
 * `setAccountAssignment` (`PUT …/account-assignments/{account_id}`) with `{ dealership_ids }`: the complete set of dealerships
 * that may see and import the account. The list shows the new set at once and rolls it back on failure.
 */
export function useSetAccountAssignment(organizationId: number, vendorId: number) {
  const queryClient = useQueryClient();
  const key = accountAssignmentsQueryOptions(organizationId, vendorId).queryKey;
  return useMutation({
    mutationFn: (params: { accountId: string; dealershipIds: number[] }) =>
      callOperation('setAccountAssignment', {
        params: { organization_id: organizationId, vendor_id: vendorId, account_id: params.accountId },
        body: { dealership_ids: params.dealershipIds },
      }),
    onMutate: async (params) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (old) =>
        old
          ? {
              data: old.data.map((a: AccountAssignment) =>
                a.account_id === params.accountId ? { ...a, dealership_ids: params.dealershipIds } : a,
              ),
            }
          : old,
      );
      return { previous };
    },
    onError: (_error, _params, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: agencyKey(organizationId, 'platforms') }),
  });
}
