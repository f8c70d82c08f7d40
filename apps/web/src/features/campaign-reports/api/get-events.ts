import { type eventsResponseSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { api, type ResponseOf } from '@/lib/api-client';
import { campaignsApiPath, rangeQuery, reportQueryKey, type ReportParams } from './report-params';

export type EventRow = z.infer<typeof eventsResponseSchema>['data'][number];

/** `GET .../campaigns/{id}/events`: the promoted events with coordinates and results. */
export function getEvents(params: ReportParams, signal?: AbortSignal): Promise<EventRow[]> {
  return api
    .get<ResponseOf<typeof eventsResponseSchema>>(`${campaignsApiPath(params)}/${params.campaignId}/events`, {
      query: rangeQuery(params),
      signal,
    })
    .then((response) => response.data);
}

export const getEventsQueryOptions = (params: ReportParams) =>
  queryOptions({ queryKey: reportQueryKey(params, 'getEvents'), queryFn: ({ signal }) => getEvents(params, signal) });

export function useEvents(params: ReportParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getEventsQueryOptions(params), enabled: options.enabled ?? true });
}
