import type { CreateAgencyBody } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { sharedKey } from '@/lib/query-keys';

/** `listAgencies` (`GET /api/admin/agencies`, platform staff) → every agency with its counts (issue 23 §2). */
export const agenciesQueryOptions = () =>
  queryOptions({
    queryKey: sharedKey('admin-agencies'),
    queryFn: ({ signal }) => callOperation('listAgencies', { signal }),
  });
export function useAgencies() {
  return useQuery(agenciesQueryOptions());
}

/** `createAgency` (`POST /api/admin/agencies`) → 201 the agency and its first administrator's invitation. */
export function useCreateAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAgencyBody) => callOperation('createAgency', { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedKey('admin-agencies') }),
        queryClient.invalidateQueries({ queryKey: sharedKey('organizations') }),
      ]),
  });
}
