import { type listOrganizationsResponseSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { api, type ResponseOf } from '@/lib/api-client';

export type ListOrganizationsResponse = z.infer<typeof listOrganizationsResponseSchema>;

/** Agencies the user may open (platform staff see all of them). */
export function listOrganizations(): Promise<ListOrganizationsResponse> {
  return api.get<ResponseOf<typeof listOrganizationsResponseSchema>>('/api/organizations');
}

export const listOrganizationsQueryOptions = () =>
  queryOptions({ queryKey: ['organizations'], queryFn: listOrganizations, staleTime: 5 * 60_000 });

export function useOrganizations(options: { enabled?: boolean } = {}) {
  return useQuery({ ...listOrganizationsQueryOptions(), enabled: options.enabled ?? true });
}
