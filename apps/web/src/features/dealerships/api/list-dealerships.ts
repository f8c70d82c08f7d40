import { type ListDealershipsResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-keys';

export function listDealerships(organizationId: number): Promise<ListDealershipsResponse> {
  return callOperation('listDealerships', { params: { organization_id: organizationId } });
}

export const listDealershipsQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: agencyKey(organizationId, 'dealerships'),
    queryFn: () => listDealerships(organizationId),
  });

export function useDealerships(organizationId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...listDealershipsQueryOptions(organizationId), enabled: options.enabled ?? true });
}
