import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-keys';

/** `getDataHealth` (`GET …/agencies/{organization_id}/data-health`) → each source and connection with its last run (roles 1–2). */
export function getDataHealth(organizationId: number, signal?: AbortSignal) {
  return callOperation('getDataHealth', { params: { organization_id: organizationId }, signal });
}

export const dataHealthQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: agencyKey(organizationId, 'data-health'),
    queryFn: ({ signal }) => getDataHealth(organizationId, signal),
  });

export function useDataHealth(organizationId: number) {
  return useQuery(dataHealthQueryOptions(organizationId));
}
