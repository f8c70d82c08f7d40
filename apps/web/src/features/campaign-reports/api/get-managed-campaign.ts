import { managedCampaignDetailSchema, type DateRangeQuery, type ManagedCampaignDetail } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface GetManagedCampaignParams extends DateRangeQuery {
  organizationId: number;
  dealershipId: number;
  campaignId: number;
}

/** A managed campaign's totals and daily rows over the range; 404 when it is not the dealership's. */
export function getManagedCampaign(
  { organizationId, dealershipId, campaignId, startDate, endDate }: GetManagedCampaignParams,
  signal?: AbortSignal,
): Promise<ManagedCampaignDetail> {
  return api.get(`/api/agencies/${organizationId}/dealership/${dealershipId}/campaigns/${campaignId}`, {
    query: { startDate, endDate },
    schema: managedCampaignDetailSchema,
    signal,
  });
}

export const getManagedCampaignQueryOptions = (params: GetManagedCampaignParams) =>
  queryOptions({
    queryKey: [
      'agencies',
      params.organizationId,
      'dealerships',
      params.dealershipId,
      'campaigns',
      'detail',
      params.campaignId,
      { startDate: params.startDate, endDate: params.endDate },
    ],
    queryFn: ({ signal }) => getManagedCampaign(params, signal),
  });

export function useManagedCampaign(params: GetManagedCampaignParams) {
  return useQuery({
    ...getManagedCampaignQueryOptions(params),
    // Keep the figures on screen while another range of the same campaign loads.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[6] === params.campaignId ? keepPreviousData(previous) : undefined,
  });
}
