import { type keywordsPageSchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { api, type ResponseOf } from '@/lib/api-client';
import {
  campaignsApiPath,
  tableQuery,
  tableQueryKey,
  type ReportParams,
  type ReportTableParams,
} from './report-params';

export type KeywordRow = z.infer<typeof keywordsPageSchema>['data'][number];
export type KeywordsPage = z.infer<typeof keywordsPageSchema>;

/** `GET .../campaigns/search/{campaign_id}/keywords` (paged, impressions descending); CSV at the same path + `/csv`. */
export function listKeywordsPath(params: ReportParams): string {
  return `${campaignsApiPath(params)}/search/${params.campaignId}/keywords`;
}

export function listKeywords(params: ReportTableParams, signal?: AbortSignal): Promise<KeywordsPage> {
  return api.get<ResponseOf<typeof keywordsPageSchema>>(listKeywordsPath(params), {
    query: tableQuery(params),
    signal,
  });
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
