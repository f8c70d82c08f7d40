import {
  type connectPlatformResponseSchema,
  type listLinkedPlatformsResponseSchema,
  type ConnectPlatformResponse,
  type ListLinkedPlatformsResponse,
} from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ResponseOf } from '@/lib/api-client';
import { agencyApi, platformsKey } from './keys';

/** `GET /api/agencies/{org}/dsp/platforms`: both vendors, connected or not. */
export function listLinkedPlatforms(
  organizationId: number,
  signal?: AbortSignal,
): Promise<ListLinkedPlatformsResponse> {
  return api.get<ResponseOf<typeof listLinkedPlatformsResponseSchema>>(`${agencyApi(organizationId)}/dsp/platforms`, {
    signal,
  });
}

export const linkedPlatformsQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: platformsKey(organizationId),
    queryFn: ({ signal }) => listLinkedPlatforms(organizationId, signal),
  });

export function useLinkedPlatforms(organizationId: number) {
  return useQuery(linkedPlatformsQueryOptions(organizationId));
}

/** `POST .../dsp/platforms/{vendor_id}/connect` → the OAuth consent URL to open. */
export function connectPlatform(params: {
  organizationId: number;
  dealershipId: number;
  vendorId: number;
}): Promise<ConnectPlatformResponse> {
  return api.post<ResponseOf<typeof connectPlatformResponseSchema>>(
    `${agencyApi(params.organizationId)}/dsp/platforms/${params.vendorId}/connect`,
    { dealership_id: params.dealershipId },
  );
}

export function useConnectPlatform() {
  return useMutation({ mutationFn: connectPlatform });
}

/** `POST .../dsp/platforms/{vendor_id}/disconnect`. */
export function disconnectPlatform(params: { organizationId: number; vendorId: number }): Promise<void> {
  return api.post(`${agencyApi(params.organizationId)}/dsp/platforms/${params.vendorId}/disconnect`, {});
}

export function useDisconnectPlatform(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vendorId: number) => disconnectPlatform({ organizationId, vendorId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformsKey(organizationId) }),
  });
}
