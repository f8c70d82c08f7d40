import { type siteSizesResponseSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { callOperation } from '@/lib/api-client';
import { rangeQuery, reportPathParams, reportQueryKey, type ReportParams } from './report-params';

export type SiteSizeRow = z.infer<typeof siteSizesResponseSchema>['data'][number];

export interface GetSiteSizesParams extends ReportParams {
  site: string;
}

/** `GET .../campaigns/display/{campaign_id}/site-list/creative-size?site=`: impressions per creative size of one site. */
export function getSiteSizes(params: GetSiteSizesParams, signal?: AbortSignal): Promise<SiteSizeRow[]> {
  return callOperation('getSiteSizes', {
    params: reportPathParams(params),
    query: { site: params.site, ...rangeQuery(params) },
    signal,
  }).then((response) => response.data);
}

export const getSiteSizesQueryOptions = (params: GetSiteSizesParams) =>
  queryOptions({
    queryKey: reportQueryKey(params, 'getSiteSizes', { site: params.site }),
    queryFn: ({ signal }) => getSiteSizes(params, signal),
  });

export function useSiteSizes(params: GetSiteSizesParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getSiteSizesQueryOptions(params), enabled: options.enabled ?? true });
}
