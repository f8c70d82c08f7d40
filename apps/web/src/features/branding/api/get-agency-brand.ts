import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { sharedKey } from '@/lib/query-keys';

/**
 * `getAgencyBrand` (`GET /api/brands/{agency}`, no session) → the agency's public brand (name,
 * colour, logo URL): the shell and the branded sign-in page (issue 20 §4). `agency`: id or slug.
 */
export const agencyBrandQueryOptions = (agency: number | string) =>
  queryOptions({
    queryKey: sharedKey('brands', String(agency)),
    queryFn: ({ signal }) => callOperation('getAgencyBrand', { params: { agency: String(agency) }, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
export function useAgencyBrand(agency: number | string | null) {
  return useQuery({ ...agencyBrandQueryOptions(agency ?? ''), enabled: agency !== null && agency !== '' });
}
