import type { campaignTrustSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ResponseOf } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

export interface CampaignTrustParams {
  organizationId: number;
  dealershipId: number;
  campaignId: number;
}

/** `GET .../campaigns/{campaign_id}/trust` → the campaign's freshness and pacing (the report header). */
export function getCampaignTrust(
  { organizationId, dealershipId, campaignId }: CampaignTrustParams,
  signal?: AbortSignal,
) {
  return api.get<ResponseOf<typeof campaignTrustSchema>>(
    `/api/agencies/${organizationId}/dealership/${dealershipId}/campaigns/${campaignId}/trust`,
    { signal },
  );
}

export const getCampaignTrustQueryOptions = (params: CampaignTrustParams) =>
  queryOptions({
    queryKey: tenantKey(params.organizationId, params.dealershipId, 'campaigns', 'trust', params.campaignId),
    queryFn: ({ signal }) => getCampaignTrust(params, signal),
  });

export function useCampaignTrust(params: CampaignTrustParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getCampaignTrustQueryOptions(params), enabled: options.enabled ?? true });
}
