import { type siteSizesResponseSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { api, type ResponseOf } from '@/lib/api-client';
import { rangeQuery, reportQueryKey, type ReportParams } from './report-params';
import { listSitesPath } from './list-sites';

export type SiteSizeRow = z.infer<typeof siteSizesResponseSchema>['data'][number];

export interface GetSiteSizesParams extends ReportParams {
  site: string;
}

/** `GET .../campaigns/display/{campaign_id}/site-list/creative-size?site=`: impressions per creative size of one site. */
export function getSiteSizes(params: GetSiteSizesParams, signal?: AbortSignal): Promise<SiteSizeRow[]> {
  return api
    .get<ResponseOf<typeof siteSizesResponseSchema>>(`${listSitesPath(params)}/creative-size`, {
      query: { site: params.site, ...rangeQuery(params) },
      signal,
    })
    .then((response) => response.data);
}

export const getSiteSizesQueryOptions = (params: GetSiteSizesParams) =>
  queryOptions({
    queryKey: reportQueryKey(params, 'getSiteSizes', { site: params.site }),
    queryFn: ({ signal }) => getSiteSizes(params, signal),
  });

export function useSiteSizes(params: GetSiteSizesParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getSiteSizesQueryOptions(params), enabled: options.enabled ?? true });
}
