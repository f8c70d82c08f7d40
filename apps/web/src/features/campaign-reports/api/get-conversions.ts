import { type conversionsResponseSchema, type ConversionsResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ResponseOf } from '@/lib/api-client';
import { campaignsApiPath, rangeQuery, reportQueryKey, type ReportParams } from './report-params';

/** `GET .../campaigns/display/{id}/metrics/conversions`: page views, time to convert, visitors, key pages, UTMs, roas. */
export function getConversions(params: ReportParams, signal?: AbortSignal): Promise<ConversionsResponse> {
  return api.get<ResponseOf<typeof conversionsResponseSchema>>(
    `${campaignsApiPath(params)}/display/${params.campaignId}/metrics/conversions`,
    {
      query: rangeQuery(params),
      signal,
    },
  );
}

export const getConversionsQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: reportQueryKey(params, 'getConversions'),
    queryFn: ({ signal }) => getConversions(params, signal),
  });

export function useConversions(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getConversionsQueryOptions(params), enabled: options.enabled ?? true });
}
