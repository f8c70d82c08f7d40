import { type SocialMetrics } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, rangeQuery, reportQueryKey, type ReportParams } from './report-params';

/** `GET .../campaigns/display/dyn/{id}/metrics`: the social dynamic report of FBD and DYN (spec 000 §2.6). */
export function getSocialMetrics(params: ReportParams, signal?: AbortSignal): Promise<SocialMetrics> {
  return callOperation('getSocialMetrics', { params: reportPathParams(params), query: rangeQuery(params), signal });
}

export const getSocialMetricsQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: reportQueryKey(params, 'getSocialMetrics'),
    queryFn: ({ signal }) => getSocialMetrics(params, signal),
  });

export function useSocialMetrics(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getSocialMetricsQueryOptions(params), enabled: options.enabled ?? true });
}
