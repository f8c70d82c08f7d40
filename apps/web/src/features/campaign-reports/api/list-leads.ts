import { type leadsPageSchema } from '@portal/contracts';
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

export type LeadRow = z.infer<typeof leadsPageSchema>['data'][number];
export type LeadsPage = z.infer<typeof leadsPageSchema>;

/** `GET .../campaigns/{id}/leads` (paged, newest first); CSV at the same path + `/csv`. */
export function listLeadsPath(params: ReportParams): string {
  return `${campaignsApiPath(params)}/${params.campaignId}/leads`;
}

export function listLeads(params: ReportTableParams, signal?: AbortSignal): Promise<LeadsPage> {
  return api.get<ResponseOf<typeof leadsPageSchema>>(listLeadsPath(params), { query: tableQuery(params), signal });
}

export const listLeadsQueryOptions = (params: ReportTableParams) =>
  queryOptions({ queryKey: tableQueryKey(params, 'listLeads'), queryFn: ({ signal }) => listLeads(params, signal) });

export function useLeads(params: ReportTableParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...listLeadsQueryOptions(params),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
