import { type dmasResponseSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, rangeQuery, reportQueryKey, type ReportParams } from './report-params';

export type DmaRow = z.infer<typeof dmasResponseSchema>['data'][number];

/** `GET .../campaigns/{id}/dmas`: every DMA with delivery, impressions descending. */
export function getDmas(params: ReportParams, signal?: AbortSignal): Promise<DmaRow[]> {
  return callOperation('getDmas', { params: reportPathParams(params), query: rangeQuery(params), signal }).then(
    (response) => response.data,
  );
}

export const getDmasQueryOptions = (params: ReportParams) =>
  queryOptions({ queryKey: reportQueryKey(params, 'getDmas'), queryFn: ({ signal }) => getDmas(params, signal) });

export function useDmas(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getDmasQueryOptions(params), enabled: options.enabled ?? true });
}
