import type { OverviewSortColumn } from '@portal/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callOperation, downloadOperation } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-keys';

/** The overview's query: the range, the name filter and the order (as the URL holds them). */
export interface OverviewParams {
  startDate: string;
  endDate: string;
  q?: string | undefined;
  sort: OverviewSortColumn;
  desc: boolean;
}

const query = (params: OverviewParams) => ({
  ...params,
  q: params.q || undefined,
  desc: params.desc ? ('true' as const) : ('false' as const),
});

/** `getAgencyOverview` (`GET …/agencies/{organization_id}/overview?…`) → every rooftop with its metrics (roles 1–2). */
export const agencyOverviewQueryOptions = (organizationId: number, params: OverviewParams) =>
  queryOptions({
    queryKey: agencyKey(organizationId, 'overview', params),
    queryFn: ({ signal }) =>
      callOperation('getAgencyOverview', {
        params: { organization_id: organizationId },
        query: query(params),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export function useAgencyOverview(organizationId: number, params: OverviewParams) {
  return useQuery(agencyOverviewQueryOptions(organizationId, params));
}

/** `exportAgencyOverviewCsv` (`…/overview/csv`) or `exportAgencyOverviewPdf` (`…/overview.pdf`) with the same query: the file. */
export function useDownloadOverview(organizationId: number) {
  return useMutation({
    mutationFn: ({ format, params }: { format: 'csv' | 'pdf'; params: OverviewParams }) =>
      downloadOperation(format === 'csv' ? 'exportAgencyOverviewCsv' : 'exportAgencyOverviewPdf', {
        params: { organization_id: organizationId },
        query: query(params),
        accept: format === 'csv' ? 'text/csv' : 'application/pdf',
      }),
  });
}
