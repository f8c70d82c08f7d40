import { type ConversionsResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, rangeQuery, reportQueryKey, type ReportParams } from './report-params';

/** `GET .../campaigns/display/{id}/metrics/conversions`: page views, time to convert, visitors, key pages, UTMs, roas. */
export function getConversions(params: ReportParams, signal?: AbortSignal): Promise<ConversionsResponse> {
  return callOperation('getConversions', { params: reportPathParams(params), query: rangeQuery(params), signal });
}

export const getConversionsQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: reportQueryKey(params, 'getConversions'),
    queryFn: ({ signal }) => getConversions(params, signal),
  });

export function useConversions(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getConversionsQueryOptions(params), enabled: options.enabled ?? true });
}
