import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

export function listAudiences(organizationId: number, dealershipId: number, signal?: AbortSignal) {
  return callOperation('listAudiences', {
    params: { organization_id: organizationId, dealership_id: dealershipId },
    signal,
  });
}

export const listAudiencesQueryOptions = (organizationId: number, dealershipId: number) =>
  queryOptions({
    queryKey: tenantKey(organizationId, dealershipId, 'audiences'),
    queryFn: ({ signal }) => listAudiences(organizationId, dealershipId, signal),
  });

export const useAudiences = (organizationId: number, dealershipId: number, enabled = true) =>
  useQuery({ ...listAudiencesQueryOptions(organizationId, dealershipId), enabled });
