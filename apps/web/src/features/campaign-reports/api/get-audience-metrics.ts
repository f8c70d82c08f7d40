import { type AudienceMetrics } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, rangeQuery, reportQueryKey, type ReportParams } from './report-params';

/** `GET .../campaigns/audiences/{id}/metrics`: totals, daily rows and the audience size trend (spec 000 §2.5). */
export function getAudienceMetrics(params: ReportParams, signal?: AbortSignal): Promise<AudienceMetrics> {
  return callOperation('getAudienceMetrics', { params: reportPathParams(params), query: rangeQuery(params), signal });
}

export const getAudienceMetricsQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: reportQueryKey(params, 'getAudienceMetrics'),
    queryFn: ({ signal }) => getAudienceMetrics(params, signal),
  });

export function useAudienceMetrics(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getAudienceMetricsQueryOptions(params), enabled: options.enabled ?? true });
}
