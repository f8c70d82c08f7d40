import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callOperation } from '@/lib/api-client';
import { sharedKey } from '@/lib/query-keys';

export const listMediaMarketsQueryOptions = () =>
  queryOptions({
    queryKey: sharedKey('reference', 'media-markets'),
    queryFn: ({ signal }) => callOperation('listMediaMarkets', { signal }),
    staleTime: Infinity,
  });

export const useMediaMarkets = () => useQuery(listMediaMarketsQueryOptions());

export const zipTableQueryOptions = () =>
  queryOptions({
    queryKey: sharedKey('reference', 'zip-dmas'),
    queryFn: ({ signal }) => callOperation('getZipDmas', { signal }),
    staleTime: Infinity,
  });

/** The ZIP → media market lookup; the 41,000-row table is fetched the first time it is used (spec 001 §7). */
export function useZipLookup() {
  const queryClient = useQueryClient();
  return useCallback(
    async (zip: string): Promise<string | null> => {
      const table = await queryClient.fetchQuery(zipTableQueryOptions());
      return table[zip.trim()] ?? null;
    },
    [queryClient],
  );
}
