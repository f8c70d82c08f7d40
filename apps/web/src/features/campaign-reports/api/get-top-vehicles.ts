import { type TopVehiclesResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, rangeQuery, reportQueryKey, type ReportParams } from './report-params';

/** `GET .../campaigns/dyd/{id}/top-vehicles`: highest CTR, most clicked and most viewed vehicle and the averages. */
export function getTopVehicles(params: ReportParams, signal?: AbortSignal): Promise<TopVehiclesResponse> {
  return callOperation('getTopVehicles', { params: reportPathParams(params), query: rangeQuery(params), signal });
}

export const getTopVehiclesQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: reportQueryKey(params, 'getTopVehicles'),
    queryFn: ({ signal }) => getTopVehicles(params, signal),
  });

export function useTopVehicles(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getTopVehiclesQueryOptions(params), enabled: options.enabled ?? true });
}
