import { type siteListPageSchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, tableQuery, tableQueryKey, type ReportTableParams } from './report-params';

export type SiteRow = z.infer<typeof siteListPageSchema>['data'][number];
export type SitesPage = z.infer<typeof siteListPageSchema>;

/** `GET .../campaigns/display/{campaign_id}/site-list` (paged, impressions descending; only when show_site_list). */
export function listSites(params: ReportTableParams, signal?: AbortSignal): Promise<SitesPage> {
  return callOperation('listSites', { params: reportPathParams(params), query: tableQuery(params), signal });
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
