import { type listAudiencesResponseSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ResponseOf } from '@/lib/api-client';
import { dealershipKey, tenantPath } from './keys';

export function listAudiences(organizationId: number, dealershipId: number, signal?: AbortSignal) {
  return api.get<ResponseOf<typeof listAudiencesResponseSchema>>(
    `${tenantPath(organizationId, dealershipId)}/audiences`,
    {
      signal,
    },
  );
}

export const listAudiencesQueryOptions = (organizationId: number, dealershipId: number) =>
  queryOptions({
    queryKey: [...dealershipKey(organizationId, dealershipId), 'audiences'],
    queryFn: ({ signal }) => listAudiences(organizationId, dealershipId, signal),
  });

export const useAudiences = (organizationId: number, dealershipId: number, enabled = true) =>
  useQuery({ ...listAudiencesQueryOptions(organizationId, dealershipId), enabled });
