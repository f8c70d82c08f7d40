import { type placementsResponseSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, rangeQuery, reportQueryKey, type ReportParams } from './report-params';

export type PlacementRow = z.infer<typeof placementsResponseSchema>['data'][number];

/** `GET .../campaigns/{id}/placements`: impressions and clicks per placement, impressions descending. */
export function getPlacements(params: ReportParams, signal?: AbortSignal): Promise<PlacementRow[]> {
  return callOperation('getPlacements', { params: reportPathParams(params), query: rangeQuery(params), signal }).then(
    (response) => response.data,
  );
}

export const getPlacementsQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: reportQueryKey(params, 'getPlacements'),
    queryFn: ({ signal }) => getPlacements(params, signal),
  });

export function usePlacements(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getPlacementsQueryOptions(params), enabled: options.enabled ?? true });
}
