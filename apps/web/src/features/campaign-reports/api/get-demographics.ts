import { type demographicsResponseSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, rangeQuery, reportQueryKey, type ReportParams } from './report-params';

export type DemographicRow = z.infer<typeof demographicsResponseSchema>['data'][number];

/** `GET .../campaigns/{id}/demographics`: female and male impressions and interactions per age group. */
export function getDemographics(params: ReportParams, signal?: AbortSignal): Promise<DemographicRow[]> {
  return callOperation('getDemographics', { params: reportPathParams(params), query: rangeQuery(params), signal }).then(
    (response) => response.data,
  );
}

export const getDemographicsQueryOptions = (params: ReportParams) =>
  queryOptions({
    queryKey: reportQueryKey(params, 'getDemographics'),
    queryFn: ({ signal }) => getDemographics(params, signal),
  });

export function useDemographics(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getDemographicsQueryOptions(params), enabled: options.enabled ?? true });
}
