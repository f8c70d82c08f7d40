import { type audienceSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ResponseOf } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

export const getAudienceQueryOptions = (organizationId: number, dealershipId: number, audienceId: number) =>
  queryOptions({
    queryKey: tenantKey(organizationId, dealershipId, 'audiences', audienceId),
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof audienceSchema>>(
        `/api/agencies/${organizationId}/dealership/${dealershipId}/audiences/${audienceId}`,
        {
          signal,
        },
      ),
  });

export const useAudience = (organizationId: number, dealershipId: number, audienceId: number) =>
  useQuery(getAudienceQueryOptions(organizationId, dealershipId, audienceId));
