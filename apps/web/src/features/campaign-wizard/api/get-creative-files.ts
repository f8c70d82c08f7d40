import { CREATIVE_VIEW_URL_TTL_SECONDS } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';
import type { TenantIds } from './drafts';

/**
 * `GET .../campaigns/creative/files?links=` (issue 25 item 8): the original file name, content type,
 * SHA-256 and a signed view URL (valid 15 minutes) of each uploaded creative of the dealership among
 * `links`; links the server does not know for this dealership are left out.
 */
export function getCreativeFiles(ids: TenantIds, links: string[], signal?: AbortSignal) {
  return callOperation('listCreativeFiles', {
    params: { organization_id: ids.organizationId, dealership_id: ids.dealershipId },
    query: { links: links.join(',') },
    signal,
  });
}

export const creativeFilesQueryOptions = (ids: TenantIds, links: string[]) =>
  queryOptions({
    queryKey: tenantKey(ids.organizationId, ids.dealershipId, 'creative-files', links.join(',')),
    queryFn: ({ signal }) => getCreativeFiles(ids, links, signal),
    // Fetched again well before the signed URLs expire.
    staleTime: (CREATIVE_VIEW_URL_TTL_SECONDS * 1000) / 3,
    refetchInterval: (CREATIVE_VIEW_URL_TTL_SECONDS * 1000) / 2,
  });

/** The creatives' names and view URLs; nothing is asked for an empty list. */
export const useCreativeFiles = (ids: TenantIds | undefined, links: string[]) =>
  useQuery({
    ...creativeFilesQueryOptions(ids ?? { organizationId: 0, dealershipId: 0 }, links),
    enabled: ids !== undefined && links.length > 0,
  });
