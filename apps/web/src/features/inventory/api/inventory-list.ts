import {
  errorResponseSchema,
  type inventorySummarySchema,
  type listInventoryResponseSchema,
  uploadInventoryFeedResponseSchema,
} from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, csrfHeaders, type ResponseOf } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

const tenant = (organizationId: number, dealershipId: number) =>
  `/api/agencies/${organizationId}/dealership/${dealershipId}`;
export const inventoryKey = (organizationId: number, dealershipId: number) =>
  tenantKey(organizationId, dealershipId, 'inventory');

export const inventoryPageQueryOptions = (
  organizationId: number,
  dealershipId: number,
  pageIndex: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: [...inventoryKey(organizationId, dealershipId), 'page', { pageIndex, pageSize }],
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listInventoryResponseSchema>>(
        `${tenant(organizationId, dealershipId)}/inventory/vehicles`,
        {
          query: { pageIndex, pageSize },
          signal,
        },
      ),
  });

export const useInventoryPage = (organizationId: number, dealershipId: number, pageIndex: number, pageSize: number) =>
  useQuery({
    ...inventoryPageQueryOptions(organizationId, dealershipId, pageIndex, pageSize),
    placeholderData: keepPreviousData,
  });

export const inventorySummaryQueryOptions = (organizationId: number, dealershipId: number) =>
  queryOptions({
    queryKey: [...inventoryKey(organizationId, dealershipId), 'summary'],
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof inventorySummarySchema>>(`${tenant(organizationId, dealershipId)}/inventory/summary`, {
        signal,
      }),
  });

export const useInventorySummary = (organizationId: number, dealershipId: number) =>
  useQuery(inventorySummaryQueryOptions(organizationId, dealershipId));

/** `POST .../inventory/feed` with the CSV file as the body. */
export async function uploadInventoryFeed(organizationId: number, dealershipId: number, file: File) {
  let response: Response;
  try {
    response = await fetch(`${tenant(organizationId, dealershipId)}/inventory/feed`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'text/csv', Accept: 'application/json', ...csrfHeaders() },
      body: file,
    });
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
