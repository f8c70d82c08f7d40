import { type listDealershipsResponseSchema, type ListDealershipsResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ResponseOf } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-keys';

export function listDealerships(organizationId: number): Promise<ListDealershipsResponse> {
  return api.get<ResponseOf<typeof listDealershipsResponseSchema>>(`/api/agencies/${organizationId}/dealerships`);
}

export const listDealershipsQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: [...agencyKey(organizationId), 'dealerships'],
    queryFn: () => listDealerships(organizationId),
  });

export function useDealerships(organizationId: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...listDealershipsQueryOptions(organizationId), enabled: options.enabled ?? true });
}
