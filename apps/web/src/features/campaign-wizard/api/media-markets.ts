import { type listMediaMarketsResponseSchema, type zipDmaTableSchema } from '@portal/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type ResponseOf } from '@/lib/api-client';

export const listMediaMarketsQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'media-markets'],
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listMediaMarketsResponseSchema>>('/api/reference/media-markets', { signal }),
    staleTime: Infinity,
  });

export const useMediaMarkets = () => useQuery(listMediaMarketsQueryOptions());

export const zipTableQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'zip-dmas'],
    queryFn: ({ signal }) => api.get<ResponseOf<typeof zipDmaTableSchema>>('/api/reference/zip-dmas', { signal }),
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
