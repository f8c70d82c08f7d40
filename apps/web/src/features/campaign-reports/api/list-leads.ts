import { type leadsPageSchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, tableQuery, tableQueryKey, type ReportTableParams } from './report-params';

export type LeadRow = z.infer<typeof leadsPageSchema>['data'][number];
export type LeadsPage = z.infer<typeof leadsPageSchema>;

/** `GET .../campaigns/{id}/leads` (paged, newest first); CSV at the same path + `/csv`. */
export function listLeads(params: ReportTableParams, signal?: AbortSignal): Promise<LeadsPage> {
  return callOperation('listLeads', { params: reportPathParams(params), query: tableQuery(params), signal });
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
