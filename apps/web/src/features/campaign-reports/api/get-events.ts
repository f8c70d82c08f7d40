import { type eventsResponseSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, rangeQuery, reportQueryKey, type ReportParams } from './report-params';

export type EventRow = z.infer<typeof eventsResponseSchema>['data'][number];

/** `GET .../campaigns/{id}/events`: the promoted events with coordinates and results. */
export function getEvents(params: ReportParams, signal?: AbortSignal): Promise<EventRow[]> {
  return callOperation('getEvents', { params: reportPathParams(params), query: rangeQuery(params), signal }).then(
    (response) => response.data,
  );
}

export const getEventsQueryOptions = (params: ReportParams) =>
  queryOptions({ queryKey: reportQueryKey(params, 'getEvents'), queryFn: ({ signal }) => getEvents(params, signal) });

export function useEvents(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getEventsQueryOptions(params), enabled: options.enabled ?? true });
}
