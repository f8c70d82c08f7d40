import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

export const getAudienceQueryOptions = (organizationId: number, dealershipId: number, audienceId: number) =>
  queryOptions({
    queryKey: tenantKey(organizationId, dealershipId, 'audiences', audienceId),
    queryFn: ({ signal }) =>
      callOperation('getAudience', {
        params: { organization_id: organizationId, dealership_id: dealershipId, audience_id: audienceId },
        signal,
      }),
  });

export const useAudience = (organizationId: number, dealershipId: number, audienceId: number) =>
  useQuery(getAudienceQueryOptions(organizationId, dealershipId, audienceId));
