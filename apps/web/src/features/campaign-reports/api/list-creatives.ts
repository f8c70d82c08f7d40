import { type creativesPageSchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, tableQuery, tableQueryKey, type ReportTableParams } from './report-params';

export type CreativeRow = z.infer<typeof creativesPageSchema>['data'][number];
export type CreativesPage = z.infer<typeof creativesPageSchema>;

/** `GET .../campaigns/display/{campaign_id}/creatives` (paged, impressions descending). */
export function listCreatives(params: ReportTableParams, signal?: AbortSignal): Promise<CreativesPage> {
  return callOperation('listCreatives', { params: reportPathParams(params), query: tableQuery(params), signal });
}

export const listCreativesQueryOptions = (params: ReportTableParams) =>
  queryOptions({
    queryKey: tableQueryKey(params, 'listCreatives'),
    queryFn: ({ signal }) => listCreatives(params, signal),
  });

export function useCreatives(params: ReportTableParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...listCreativesQueryOptions(params),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
