import { type DateRangeQuery, type ListManagedCampaignsResponse, type SortingItem } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

/** The list hides pagination (spec 000 §9): one page as large as the API allows. */
export const MANAGED_LIST_PAGE_SIZE = 1000;

export interface ListManagedCampaignsParams extends DateRangeQuery {
  organizationId: number;
  dealershipId: number;
  sorting: SortingItem[];
}

export function listManagedCampaigns(
  { organizationId, dealershipId, startDate, endDate, sorting }: ListManagedCampaignsParams,
  signal?: AbortSignal,
): Promise<ListManagedCampaignsResponse> {
  return callOperation('listManagedCampaigns', {
    params: { organization_id: organizationId, dealership_id: dealershipId },
    query: {
      pageIndex: 0,
      pageSize: MANAGED_LIST_PAGE_SIZE,
      sorting: sorting.length > 0 ? JSON.stringify(sorting) : undefined,
      startDate,
      endDate,
    },
    signal,
  });
}

export const listManagedCampaignsQueryOptions = (params: ListManagedCampaignsParams) =>
  queryOptions({
    queryKey: tenantKey(params.organizationId, params.dealershipId, 'campaigns', 'list', {
      startDate: params.startDate,
      endDate: params.endDate,
      sorting: params.sorting,
    }),
    queryFn: ({ signal }) => listManagedCampaigns(params, signal),
  });

export function useManagedCampaigns(params: ListManagedCampaignsParams) {
  return useQuery({ ...listManagedCampaignsQueryOptions(params), placeholderData: keepPreviousData });
}

/** Whether the dealership has any managed campaign: one row is enough to know (empty states). */
export function useManagedCampaignsExist(params: Omit<ListManagedCampaignsParams, 'sorting'>) {
  return useQuery({
    queryKey: tenantKey(params.organizationId, params.dealershipId, 'campaigns', 'exist', {
      startDate: params.startDate,
      endDate: params.endDate,
    }),
    queryFn: ({ signal }) =>
      callOperation('listManagedCampaigns', {
        params: { organization_id: params.organizationId, dealership_id: params.dealershipId },
        query: { pageIndex: 0, pageSize: 1, startDate: params.startDate, endDate: params.endDate },
        signal,
      }),
    select: (response) => response.pagination.total > 0,
  });
}
