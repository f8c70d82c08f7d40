import { type ConnectPlatformResponse, type ListLinkedPlatformsResponse } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-keys';

/** `listLinkedPlatforms` (`GET …/agencies/{org}/dsp/platforms`): both vendors, connected or not. */
export function listLinkedPlatforms(
  organizationId: number,
  signal?: AbortSignal,
): Promise<ListLinkedPlatformsResponse> {
  return callOperation('listLinkedPlatforms', { params: { organization_id: organizationId }, signal });
}

export const linkedPlatformsQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: agencyKey(organizationId, 'platforms'),
    queryFn: ({ signal }) => listLinkedPlatforms(organizationId, signal),
  });

export function useLinkedPlatforms(organizationId: number) {
  return useQuery(linkedPlatformsQueryOptions(organizationId));
}

/** `connectPlatform` (`POST .../dsp/platforms/{vendor_id}/connect`) → the OAuth consent URL to open. */
export function connectPlatform(params: {
  organizationId: number;
  dealershipId: number;
  vendorId: number;
}): Promise<ConnectPlatformResponse> {
  return callOperation('connectPlatform', {
    params: { organization_id: params.organizationId, vendor_id: params.vendorId },
    body: { dealership_id: params.dealershipId },
  });
}

export function useConnectPlatform() {
  return useMutation({ mutationFn: connectPlatform });
}

/** `disconnectPlatform` (`POST .../dsp/platforms/{vendor_id}/disconnect`). */
export function disconnectPlatform(params: { organizationId: number; vendorId: number }): Promise<void> {
  return callOperation('disconnectPlatform', {
    params: { organization_id: params.organizationId, vendor_id: params.vendorId },
  });
}

export function useDisconnectPlatform(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vendorId: number) => disconnectPlatform({ organizationId, vendorId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agencyKey(organizationId, 'platforms') }),
  });
}
