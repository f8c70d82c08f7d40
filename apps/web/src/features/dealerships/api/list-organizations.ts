import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation, type OperationResponse } from '@/lib/api-client';
import { sharedKey } from '@/lib/query-keys';

export type ListOrganizationsResponse = OperationResponse<'listOrganizations'>;

/** Agencies the user may open (platform staff see all of them). */
export function listOrganizations(): Promise<ListOrganizationsResponse> {
  return callOperation('listOrganizations');
}

export const listOrganizationsQueryOptions = () =>
  queryOptions({ queryKey: sharedKey('organizations'), queryFn: listOrganizations, staleTime: 5 * 60_000 });

export function useOrganizations(options: { enabled?: boolean } = {}) {
  return useQuery({ ...listOrganizationsQueryOptions(), enabled: options.enabled ?? true });
}
