import { type DealershipDetail } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { dealershipKey } from '@/lib/query-keys';

export function getDealership(organizationId: number, dealershipId: number): Promise<DealershipDetail> {
  return callOperation('getDealership', {
    params: { organization_id: organizationId, dealership_id: dealershipId },
  });
}

export const getDealershipQueryOptions = (organizationId: number, dealershipId: number) =>
  queryOptions({
    queryKey: dealershipKey(organizationId, dealershipId),
    queryFn: () => getDealership(organizationId, dealershipId),
  });

export function useDealership(organizationId: number, dealershipId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getDealershipQueryOptions(organizationId, dealershipId), enabled: options.enabled ?? true });
}
