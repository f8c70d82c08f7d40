import type { UpdateAttributionSettingsBody } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { agencyKey, tenantKey } from '@/lib/query-keys';

const tenantParams = ({ organizationId, dealershipId }: { organizationId: number; dealershipId: number }) => ({
  organization_id: organizationId,
  dealership_id: dealershipId,
});

/** `getInventoryInsights` (`GET …/inventory-insights`): the four sections on the dealership's today. */
export function useInventoryInsights(params: { organizationId: number; dealershipId: number }) {
  return useQuery({
    queryKey: tenantKey(params.organizationId, params.dealershipId, 'inventory-insights'),
    queryFn: ({ signal }) => callOperation('getInventoryInsights', { params: tenantParams(params), query: {}, signal }),
  });
}

/** `getAttributionSettings` (`GET …/agencies/{organization_id}/attribution-settings`, roles 1–2). */
export function useAttributionSettings(organizationId: number) {
  return useQuery({
    queryKey: agencyKey(organizationId, 'attribution-settings'),
    queryFn: ({ signal }) =>
      callOperation('getAttributionSettings', { params: { organization_id: organizationId }, signal }),
  });
}

/** `updateAttributionSettings` (`PATCH …/attribution-settings`): every answer of the agency refreshes. */
export function useUpdateAttributionSettings(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAttributionSettingsBody) =>
      callOperation('updateAttributionSettings', { params: { organization_id: organizationId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agencyKey(organizationId) }),
  });
}
