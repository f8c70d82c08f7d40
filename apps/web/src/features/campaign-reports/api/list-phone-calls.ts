import { type phoneCallsPageSchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { api, type ResponseOf } from '@/lib/api-client';
import {
  campaignsApiPath,
  tableQuery,
  tableQueryKey,
  type ReportParams,
  type ReportTableParams,
} from './report-params';

export type PhoneCallRow = z.infer<typeof phoneCallsPageSchema>['data'][number];
export type PhoneCallsPage = z.infer<typeof phoneCallsPageSchema>;

/** `GET .../campaigns/search/{campaign_id}/calls` (paged, default datetime descending); the CSV export is the same path + `/csv`. */
export function listPhoneCallsPath(params: ReportParams): string {
  return `${campaignsApiPath(params)}/search/${params.campaignId}/calls`;
}

export function listPhoneCalls(params: ReportTableParams, signal?: AbortSignal): Promise<PhoneCallsPage> {
  return api.get<ResponseOf<typeof phoneCallsPageSchema>>(listPhoneCallsPath(params), {
    query: tableQuery(params),
    signal,
  });
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
