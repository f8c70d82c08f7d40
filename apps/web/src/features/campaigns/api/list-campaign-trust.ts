import type { listCampaignTrustResponseSchema, CampaignTrust } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ResponseOf } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

export interface ListCampaignTrustParams {
  organizationId: number;
  dealershipId: number;
}

/** `GET /api/agencies/{organization_id}/dealership/{dealership_id}/campaign-trust` → freshness and pacing per campaign. */
export function listCampaignTrust({ organizationId, dealershipId }: ListCampaignTrustParams, signal?: AbortSignal) {
  return api.get<ResponseOf<typeof listCampaignTrustResponseSchema>>(
    `/api/agencies/${organizationId}/dealership/${dealershipId}/campaign-trust`,
    { signal },
  );
}

export const listCampaignTrustQueryOptions = (params: ListCampaignTrustParams) =>
  queryOptions({
    queryKey: tenantKey(params.organizationId, params.dealershipId, 'campaigns', 'trust'),
    queryFn: ({ signal }) => listCampaignTrust(params, signal),
    select: (response) => new Map<number, CampaignTrust>(response.data.map((c) => [c.campaign_id, c])),
  });

/** Freshness and pacing of the dealership's campaigns by campaign id (the list's Pacing and Data columns). */
export function useCampaignTrust(params: ListCampaignTrustParams) {
  return useQuery(listCampaignTrustQueryOptions(params));
}
