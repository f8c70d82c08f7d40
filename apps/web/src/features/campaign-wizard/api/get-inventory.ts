import {
  INVENTORY_PAGE_SIZE,
  type InventorySummary,
  type ListInventoryDataProvidersResponse,
  type ListInventoryResponse,
} from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dealershipKey, tenantPath } from './keys';

/** The whole inventory in one page (spec 001 §9: page size 99999). */
export function getInventory(organizationId: number, dealershipId: number, signal?: AbortSignal) {
  return api.get<ListInventoryResponse>(`${tenantPath(organizationId, dealershipId)}/inventory/vehicles`, {
    query: { pageIndex: 0, pageSize: INVENTORY_PAGE_SIZE },
    signal,
  });
}

export const getInventoryQueryOptions = (organizationId: number, dealershipId: number) =>
  queryOptions({
    queryKey: [...dealershipKey(organizationId, dealershipId), 'inventory', 'vehicles'],
    queryFn: ({ signal }) => getInventory(organizationId, dealershipId, signal),
    staleTime: 5 * 60 * 1000,
  });

export const useInventory = (organizationId: number, dealershipId: number, enabled = true) =>
  useQuery({ ...getInventoryQueryOptions(organizationId, dealershipId), enabled });

export function getInventorySummary(organizationId: number, dealershipId: number, signal?: AbortSignal) {
  return api.get<InventorySummary>(`${tenantPath(organizationId, dealershipId)}/inventory/summary`, {
    signal,
  });
}

export const getInventorySummaryQueryOptions = (organizationId: number, dealershipId: number) =>
  queryOptions({
    queryKey: [...dealershipKey(organizationId, dealershipId), 'inventory', 'summary'],
    queryFn: ({ signal }) => getInventorySummary(organizationId, dealershipId, signal),
  });

export const useInventorySummary = (organizationId: number, dealershipId: number) =>
  useQuery(getInventorySummaryQueryOptions(organizationId, dealershipId));

/** The named inventory data providers (spec 001 §7 `GET /admin/inventory_data_providers`). */
export function getInventoryDataProviders(providerIds: number[], signal?: AbortSignal) {
  return api.get<ListInventoryDataProvidersResponse>('/api/admin/inventory_data_providers', {
    query: {
      pageIndex: 0,
      pageSize: Math.max(providerIds.length, 1),
      inventory_data_provider_id: providerIds.join(','),
    },
    signal,
  });
}

export const getInventoryDataProvidersQueryOptions = (providerIds: number[]) =>
  queryOptions({
    queryKey: ['inventory-data-providers', ...providerIds],
    queryFn: ({ signal }) => getInventoryDataProviders(providerIds, signal),
    staleTime: 5 * 60 * 1000,
  });
