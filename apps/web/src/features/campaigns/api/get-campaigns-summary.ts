import { type CampaignsSummary } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

/** Month-to-date figures of the dealership's active campaigns. */
export function getCampaignsSummary(organizationId: number, dealershipId: number): Promise<CampaignsSummary> {
  return callOperation('getCampaignsSummary', {
    params: { organization_id: organizationId, dealership_id: dealershipId },
  });
}

export const getCampaignsSummaryQueryOptions = (organizationId: number, dealershipId: number) =>
  queryOptions({
    queryKey: tenantKey(organizationId, dealershipId, 'campaigns', 'summary'),
    queryFn: () => getCampaignsSummary(organizationId, dealershipId),
  });

export function useCampaignsSummary(organizationId: number, dealershipId: number) {
  return useQuery(getCampaignsSummaryQueryOptions(organizationId, dealershipId));
}
