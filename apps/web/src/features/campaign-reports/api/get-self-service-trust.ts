import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';
import type { CampaignTrustParams } from './get-campaign-trust';

/** `getSelfServiceCampaignTrust` (`GET .../campaigns/self-service/{campaign_id}/trust`) → the campaign's freshness (the report header). */
export function getSelfServiceTrust(
  { organizationId, dealershipId, campaignId }: CampaignTrustParams,
  signal?: AbortSignal,
) {
  return callOperation('getSelfServiceCampaignTrust', {
    params: { organization_id: organizationId, dealership_id: dealershipId, campaign_id: campaignId },
    signal,
  });
}

export const getSelfServiceTrustQueryOptions = (params: CampaignTrustParams) =>
  queryOptions({
    queryKey: tenantKey(params.organizationId, params.dealershipId, 'self-service', 'trust', params.campaignId),
    queryFn: ({ signal }) => getSelfServiceTrust(params, signal),
  });

export function useSelfServiceTrust(params: CampaignTrustParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getSelfServiceTrustQueryOptions(params), enabled: options.enabled ?? true });
}
