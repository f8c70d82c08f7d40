import { errorResponseSchema, uploadInventoryFeedResponseSchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callOperation, csrfHeaders, operationUrl } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

export const inventoryPageQueryOptions = (
  organizationId: number,
  dealershipId: number,
  pageIndex: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: tenantKey(organizationId, dealershipId, 'inventory', 'page', { pageIndex, pageSize }),
    queryFn: ({ signal }) =>
      callOperation('listInventory', {
        params: { organization_id: organizationId, dealership_id: dealershipId },
        query: { pageIndex, pageSize },
        signal,
      }),
  });

export const useInventoryPage = (organizationId: number, dealershipId: number, pageIndex: number, pageSize: number) =>
  useQuery({
    ...inventoryPageQueryOptions(organizationId, dealershipId, pageIndex, pageSize),
    placeholderData: keepPreviousData,
  });

export const inventorySummaryQueryOptions = (organizationId: number, dealershipId: number) =>
  queryOptions({
    queryKey: tenantKey(organizationId, dealershipId, 'inventory', 'summary'),
    queryFn: ({ signal }) =>
      callOperation('getInventorySummary', {
        params: { organization_id: organizationId, dealership_id: dealershipId },
        signal,
      }),
  });

export const useInventorySummary = (organizationId: number, dealershipId: number) =>
  useQuery(inventorySummaryQueryOptions(organizationId, dealershipId));

/** `uploadInventoryFeed` (`POST .../inventory/feed`) with the CSV file as the body. */
export async function uploadInventoryFeed(organizationId: number, dealershipId: number, file: File) {
  let response: Response;
  try {
    response = await fetch(
      operationUrl('uploadInventoryFeed', { organization_id: organizationId, dealership_id: dealershipId }),
      {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'text/csv', Accept: 'application/json', ...csrfHeaders() },
        body: file,
      },
    );
  } catch {
    throw new ApiError({ code: 'NETWORK_ERROR', status: 0, message: 'The server could not be reached.' });
  }
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorResponseSchema.safeParse(json);
    throw new ApiError({
      code: parsed.success ? parsed.data.error.code : 'BAD_REQUEST',
      status: response.status,
      message: parsed.success ? parsed.data.error.message : 'The feed could not be uploaded',
    });
  }
  return uploadInventoryFeedResponseSchema.parse(json);
}
