import { type phoneCallsPageSchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, tableQuery, tableQueryKey, type ReportTableParams } from './report-params';

export type PhoneCallRow = z.infer<typeof phoneCallsPageSchema>['data'][number];
export type PhoneCallsPage = z.infer<typeof phoneCallsPageSchema>;

/** `GET .../campaigns/search/{campaign_id}/calls` (paged, default datetime descending); the CSV export is the same path + `/csv`. */
export function listPhoneCalls(params: ReportTableParams, signal?: AbortSignal): Promise<PhoneCallsPage> {
  return callOperation('listPhoneCalls', { params: reportPathParams(params), query: tableQuery(params), signal });
}

export const listPhoneCallsQueryOptions = (params: ReportTableParams) =>
  queryOptions({
    queryKey: tableQueryKey(params, 'listPhoneCalls'),
    queryFn: ({ signal }) => listPhoneCalls(params, signal),
  });

export function usePhoneCalls(params: ReportTableParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...listPhoneCallsQueryOptions(params),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
