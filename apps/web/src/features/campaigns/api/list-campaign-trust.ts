import type { CampaignTrust } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

export interface ListCampaignTrustParams {
  organizationId: number;
  dealershipId: number;
}

/** `listCampaignTrust` (`GET …/agencies/{organization_id}/dealership/{dealership_id}/campaign-trust`) → freshness and pacing per campaign. */
export function listCampaignTrust({ organizationId, dealershipId }: ListCampaignTrustParams, signal?: AbortSignal) {
  return callOperation('listCampaignTrust', {
    params: { organization_id: organizationId, dealership_id: dealershipId },
    signal,
  });
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
