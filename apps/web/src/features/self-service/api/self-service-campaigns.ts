import {
  type EditSelfServiceBody,
  type ImportCampaignsBody,
  type ListSelfServiceResponse,
  type PlatformStatusName,
  type SelfServiceCampaign,
  type DateRange,
} from '@portal/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

export interface ListSelfServiceParams extends DateRange {
  organizationId: number;
  dealershipId: number;
}

/** The path parameters of the dealership's self-service operations. */
const tenant = (organizationId: number, dealershipId: number) => ({
  organization_id: organizationId,
  dealership_id: dealershipId,
});

/** The self-service list fits one page (the tab shows no pagination). */
export const SELF_SERVICE_PAGE_SIZE = 500;

/** `listSelfServiceCampaigns` (`GET .../campaigns/self-service/list?`pageIndex&pageSize&startDate&endDate`. */
export function listSelfServiceCampaigns(
  params: ListSelfServiceParams,
  signal?: AbortSignal,
): Promise<ListSelfServiceResponse> {
  return callOperation('listSelfServiceCampaigns', {
    params: tenant(params.organizationId, params.dealershipId),
    query: { pageIndex: 0, pageSize: SELF_SERVICE_PAGE_SIZE, startDate: params.startDate, endDate: params.endDate },
    signal,
  });
}

/** Campaigns still importing are polled until they are live or failed. */
const isSyncing = (c: SelfServiceCampaign) => c.status === 'pending' || c.status === 'initial_load';

export const listSelfServiceQueryOptions = (params: ListSelfServiceParams) =>
  queryOptions({
    queryKey: tenantKey(params.organizationId, params.dealershipId, 'self-service', 'list', {
      startDate: params.startDate,
      endDate: params.endDate,
    }),
    queryFn: ({ signal }) => listSelfServiceCampaigns(params, signal),
  });

export function useSelfServiceCampaigns(params: ListSelfServiceParams) {
  return useQuery({
    ...listSelfServiceQueryOptions(params),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some(isSyncing) ? 2000 : false),
  });
}

/** Whether anything is imported: a page of size 1 is enough to know (spec 001 §2.10). */
export function useSelfServiceCampaignsExist(organizationId: number, dealershipId: number) {
  return useQuery({
    queryKey: tenantKey(organizationId, dealershipId, 'self-service', 'exist'),
    queryFn: ({ signal }) =>
      callOperation('listSelfServiceCampaigns', {
        params: tenant(organizationId, dealershipId),
        query: { pageIndex: 0, pageSize: 1 },
        signal,
      }),
    select: (response) => response.pagination.total > 0,
  });
}

/** `importSelfServiceCampaigns` (`POST .../campaigns/self-service/import`) (spec 001 §7). */
export function useImportCampaigns(organizationId: number, dealershipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportCampaignsBody) =>
      callOperation('importSelfServiceCampaigns', { params: tenant(organizationId, dealershipId), body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: tenantKey(organizationId, dealershipId, 'self-service') }),
  });
}

/**
 * `editSelfServiceCampaign` (`POST .../campaigns/self-service/edit`) with the current status (the server flips it, spec 001 §4).
 * The list shows the new status at once and rolls the row back when the call fails.
 */
export function useEditSelfServiceStatus(params: ListSelfServiceParams) {
  const queryClient = useQueryClient();
  const key = listSelfServiceQueryOptions(params).queryKey;
  return useMutation({
    mutationFn: (body: EditSelfServiceBody) =>
      callOperation('editSelfServiceCampaign', { params: tenant(params.organizationId, params.dealershipId), body }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      const flipped: PlatformStatusName = body.status === 'active' ? 'paused' : 'active';
      queryClient.setQueryData(key, (old) =>
        old
          ? {
              ...old,
              data: old.data.map((c) =>
                c._id === body.campaign_id
                  ? { ...c, vendor_campaign: { ...c.vendor_campaign, status_name: flipped } }
                  : c,
              ),
            }
          : old,
      );
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: tenantKey(params.organizationId, params.dealershipId, 'self-service'),
      }),
  });
}

/**
 * `moveSelfServiceCampaign` (`POST .../campaigns/self-service/{campaign_id}/move`) with `{ dealership_id }` (role 1–2, issue 18
 * item 3): the campaign leaves this dealership's list and appears in the target's.
 */
export function useMoveSelfServiceCampaign(organizationId: number, dealershipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: { campaignId: number; targetDealershipId: number }) =>
      callOperation('moveSelfServiceCampaign', {
        params: { ...tenant(organizationId, dealershipId), campaign_id: params.campaignId },
        body: { dealership_id: params.targetDealershipId },
      }),
    onSuccess: (_result, params) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantKey(organizationId, dealershipId, 'self-service') }),
        queryClient.invalidateQueries({
          queryKey: tenantKey(organizationId, params.targetDealershipId, 'self-service'),
        }),
      ]),
  });
}
