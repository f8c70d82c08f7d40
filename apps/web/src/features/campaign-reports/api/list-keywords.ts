import { type keywordsPageSchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, tableQuery, tableQueryKey, type ReportTableParams } from './report-params';

export type KeywordRow = z.infer<typeof keywordsPageSchema>['data'][number];
export type KeywordsPage = z.infer<typeof keywordsPageSchema>;

/** `GET .../campaigns/search/{campaign_id}/keywords` (paged, impressions descending); CSV at the same path + `/csv`. */
export function listKeywords(params: ReportTableParams, signal?: AbortSignal): Promise<KeywordsPage> {
  return callOperation('listKeywords', { params: reportPathParams(params), query: tableQuery(params), signal });
}

export const listKeywordsQueryOptions = (params: ReportTableParams) =>
  queryOptions({
    queryKey: tableQueryKey(params, 'listKeywords'),
    queryFn: ({ signal }) => listKeywords(params, signal),
  });

export function useKeywords(params: ReportTableParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...listKeywordsQueryOptions(params),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
