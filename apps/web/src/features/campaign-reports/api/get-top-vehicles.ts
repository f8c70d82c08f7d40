import { type topVehiclesResponseSchema, type TopVehiclesResponse } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ResponseOf } from '@/lib/api-client';
import { campaignsApiPath, rangeQuery, reportQueryKey, type ReportParams } from './report-params';

/** `GET .../campaigns/dyd/{id}/top-vehicles`: highest CTR, most clicked and most viewed vehicle and the averages. */
export function getTopVehicles(params: ReportParams, signal?: AbortSignal): Promise<TopVehiclesResponse> {
  return api.get<ResponseOf<typeof topVehiclesResponseSchema>>(
    `${campaignsApiPath(params)}/dyd/${params.campaignId}/top-vehicles`,
    {
      query: rangeQuery(params),
      signal,
    },
  );
}

export const getTopVehiclesQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: reportQueryKey(params, 'getTopVehicles'),
    queryFn: ({ signal }) => getTopVehicles(params, signal),
  });

export function useTopVehicles(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getTopVehiclesQueryOptions(params), enabled: options.enabled ?? true });
}
