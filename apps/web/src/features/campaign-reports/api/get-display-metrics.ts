import { type DisplayMetrics } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, rangeQuery, reportQueryKey, type ReportParams } from './report-params';

/** `GET .../campaigns/display/dyd/{id}/metrics`: DYD cards and daily charts (spec 000 §2.7). */
export function getDisplayMetrics(params: ReportParams, signal?: AbortSignal): Promise<DisplayMetrics> {
  return callOperation('getDisplayMetrics', { params: reportPathParams(params), query: rangeQuery(params), signal });
}

export const getDisplayMetricsQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: reportQueryKey(params, 'getDisplayMetrics'),
    queryFn: ({ signal }) => getDisplayMetrics(params, signal),
  });

export function useDisplayMetrics(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getDisplayMetricsQueryOptions(params), enabled: options.enabled ?? true });
}
