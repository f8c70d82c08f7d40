import { type walkInsResponseSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, rangeQuery, reportQueryKey, type ReportParams } from './report-params';

export type WalkInRow = z.infer<typeof walkInsResponseSchema>['data'][number];

/** `GET .../campaigns/{id}/walk-ins`: visits per location with coordinates, visits descending. */
export function getWalkIns(params: ReportParams, signal?: AbortSignal): Promise<WalkInRow[]> {
  return callOperation('getWalkIns', { params: reportPathParams(params), query: rangeQuery(params), signal }).then(
    (response) => response.data,
  );
}

export const getWalkInsQueryOptions = (params: ReportParams) =>
  queryOptions({ queryKey: reportQueryKey(params, 'getWalkIns'), queryFn: ({ signal }) => getWalkIns(params, signal) });

export function useWalkIns(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getWalkInsQueryOptions(params), enabled: options.enabled ?? true });
}
