import { type siteListPageSchema } from '@portal/contracts';
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

export type SiteRow = z.infer<typeof siteListPageSchema>['data'][number];
export type SitesPage = z.infer<typeof siteListPageSchema>;

/** `GET .../campaigns/display/{campaign_id}/site-list` (paged, impressions descending; only when show_site_list). */
export function listSitesPath(params: ReportParams): string {
  return `${campaignsApiPath(params)}/display/${params.campaignId}/site-list`;
}

export function listSites(params: ReportTableParams, signal?: AbortSignal): Promise<SitesPage> {
  return api.get<ResponseOf<typeof siteListPageSchema>>(listSitesPath(params), { query: tableQuery(params), signal });
}

export const listSitesQueryOptions = (params: ReportTableParams) =>
  queryOptions({ queryKey: tableQueryKey(params, 'listSites'), queryFn: ({ signal }) => listSites(params, signal) });

export function useSites(params: ReportTableParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...listSitesQueryOptions(params),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
