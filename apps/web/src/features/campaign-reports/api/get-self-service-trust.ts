import type { campaignTrustSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ResponseOf } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';
import type { CampaignTrustParams } from './get-campaign-trust';

/** `GET .../campaigns/self-service/{campaign_id}/trust` → the campaign's freshness (the report header). */
export function getSelfServiceTrust(
  { organizationId, dealershipId, campaignId }: CampaignTrustParams,
  signal?: AbortSignal,
) {
  return api.get<ResponseOf<typeof campaignTrustSchema>>(
    `/api/agencies/${organizationId}/dealership/${dealershipId}/campaigns/self-service/${campaignId}/trust`,
    { signal },
  );
}

export const getSelfServiceTrustQueryOptions = (params: CampaignTrustParams) =>
  queryOptions({
    queryKey: tenantKey(params.organizationId, params.dealershipId, 'self-service', 'trust', params.campaignId),
    queryFn: ({ signal }) => getSelfServiceTrust(params, signal),
  });

export function useSelfServiceTrust(params: CampaignTrustParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getSelfServiceTrustQueryOptions(params), enabled: options.enabled ?? true });
}
