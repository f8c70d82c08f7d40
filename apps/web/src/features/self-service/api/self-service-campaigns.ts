import {
  type editSelfServiceResponseSchema,
  type importCampaignsResponseSchema,
  type listSelfServiceResponseSchema,
  type moveSelfServiceResponseSchema,
  type EditSelfServiceBody,
  type ImportCampaignsBody,
  type ListSelfServiceResponse,
  type PlatformStatusName,
  type SelfServiceCampaign,
  type DateRange,
} from '@portal/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ResponseOf } from '@/lib/api-client';
import { selfServiceApi, selfServiceKey } from './keys';

export interface ListSelfServiceParams extends DateRange {
  organizationId: number;
  dealershipId: number;
}

/** The self-service list fits one page (the tab shows no pagination). */
export const SELF_SERVICE_PAGE_SIZE = 500;

/** `GET .../campaigns/self-service/list?pageIndex&pageSize&startDate&endDate`. */
export function listSelfServiceCampaigns(
  params: ListSelfServiceParams,
  signal?: AbortSignal,
): Promise<ListSelfServiceResponse> {
  return api.get<ResponseOf<typeof listSelfServiceResponseSchema>>(
    `${selfServiceApi(params.organizationId, params.dealershipId)}/list`,
    {
      query: { pageIndex: 0, pageSize: SELF_SERVICE_PAGE_SIZE, startDate: params.startDate, endDate: params.endDate },
      signal,
    },
  );
}

/** Campaigns still importing are polled until they are live or failed. */
const isSyncing = (c: SelfServiceCampaign) => c.status === 'pending' || c.status === 'initial_load';

export const listSelfServiceQueryOptions = (params: ListSelfServiceParams) =>
  queryOptions({
    queryKey: [
      ...selfServiceKey(params.organizationId, params.dealershipId),
      'list',
      { startDate: params.startDate, endDate: params.endDate },
    ],
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
    queryKey: [...selfServiceKey(organizationId, dealershipId), 'exist'],
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listSelfServiceResponseSchema>>(
        `${selfServiceApi(organizationId, dealershipId)}/list`,
        {
          query: { pageIndex: 0, pageSize: 1 },
          signal,
        },
      ),
    select: (response) => response.pagination.total > 0,
  });
}

/** `POST .../campaigns/self-service/import` (spec 001 §7). */
export function useImportCampaigns(organizationId: number, dealershipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportCampaignsBody) =>
      api.post<ResponseOf<typeof importCampaignsResponseSchema>>(
        `${selfServiceApi(organizationId, dealershipId)}/import`,
        body,
        {},
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfServiceKey(organizationId, dealershipId) }),
  });
}

/**
 * `POST .../campaigns/self-service/edit` with the current status (the server flips it, spec 001 §4).
 * The list shows the new status at once and rolls the row back when the call fails.
 */
export function useEditSelfServiceStatus(params: ListSelfServiceParams) {
  const queryClient = useQueryClient();
  const key = listSelfServiceQueryOptions(params).queryKey;
  return useMutation({
    mutationFn: (body: EditSelfServiceBody) =>
      api.post<ResponseOf<typeof editSelfServiceResponseSchema>>(
        `${selfServiceApi(params.organizationId, params.dealershipId)}/edit`,
        body,
        {},
      ),
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
      queryClient.invalidateQueries({ queryKey: selfServiceKey(params.organizationId, params.dealershipId) }),
  });
}

/**
 * `POST .../campaigns/self-service/{campaign_id}/move` with `{ dealership_id }` (role 1–2, issue 18
 * item 3): the campaign leaves this dealership's list and appears in the target's.
 */
export function useMoveSelfServiceCampaign(organizationId: number, dealershipId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: { campaignId: number; targetDealershipId: number }) =>
      api.post<ResponseOf<typeof moveSelfServiceResponseSchema>>(
        `${selfServiceApi(organizationId, dealershipId)}/${params.campaignId}/move`,
        { dealership_id: params.targetDealershipId },
      ),
    onSuccess: (_result, params) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: selfServiceKey(organizationId, dealershipId) }),
        queryClient.invalidateQueries({ queryKey: selfServiceKey(organizationId, params.targetDealershipId) }),
      ]),
  });
}
