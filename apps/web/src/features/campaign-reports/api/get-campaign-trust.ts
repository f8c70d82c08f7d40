import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

export interface CampaignTrustParams {
  organizationId: number;
  dealershipId: number;
  campaignId: number;
}

/** `getCampaignTrust` (`GET .../campaigns/{campaign_id}/trust`) → the campaign's freshness and pacing (the report header). */
export function getCampaignTrust(
  { organizationId, dealershipId, campaignId }: CampaignTrustParams,
  signal?: AbortSignal,
) {
  return callOperation('getCampaignTrust', {
    params: { organization_id: organizationId, dealership_id: dealershipId, campaign_id: campaignId },
    signal,
  });
}

export const getCampaignTrustQueryOptions = (params: CampaignTrustParams) =>
  queryOptions({
    queryKey: tenantKey(params.organizationId, params.dealershipId, 'campaigns', 'trust', params.campaignId),
    queryFn: ({ signal }) => getCampaignTrust(params, signal),
  });

export function useCampaignTrust(params: CampaignTrustParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getCampaignTrustQueryOptions(params), enabled: options.enabled ?? true });
}
