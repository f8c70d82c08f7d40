import { INVENTORY_PAGE_SIZE } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { sharedKey, tenantKey } from '@/lib/query-keys';

/** The whole inventory in one page (spec 001 §9: page size 99999). */
export function getInventory(organizationId: number, dealershipId: number, signal?: AbortSignal) {
  return callOperation('listInventory', {
    params: { organization_id: organizationId, dealership_id: dealershipId },
    query: { pageIndex: 0, pageSize: INVENTORY_PAGE_SIZE },
    signal,
  });
}

export const getInventoryQueryOptions = (organizationId: number, dealershipId: number) =>
  queryOptions({
    queryKey: tenantKey(organizationId, dealershipId, 'inventory', 'vehicles'),
    queryFn: ({ signal }) => getInventory(organizationId, dealershipId, signal),
    staleTime: 5 * 60 * 1000,
  });

export const useInventory = (organizationId: number, dealershipId: number, enabled = true) =>
  useQuery({ ...getInventoryQueryOptions(organizationId, dealershipId), enabled });

export function getInventorySummary(organizationId: number, dealershipId: number, signal?: AbortSignal) {
  return callOperation('getInventorySummary', {
    params: { organization_id: organizationId, dealership_id: dealershipId },
    signal,
  });
}

export const getInventorySummaryQueryOptions = (organizationId: number, dealershipId: number) =>
  queryOptions({
    queryKey: tenantKey(organizationId, dealershipId, 'inventory', 'summary'),
    queryFn: ({ signal }) => getInventorySummary(organizationId, dealershipId, signal),
  });

export const useInventorySummary = (organizationId: number, dealershipId: number) =>
  useQuery(getInventorySummaryQueryOptions(organizationId, dealershipId));

/** The named inventory data providers (`listInventoryDataProviders`, spec 001 §7). */
export function getInventoryDataProviders(providerIds: number[], signal?: AbortSignal) {
  return callOperation('listInventoryDataProviders', {
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
    queryKey: sharedKey('inventory-data-providers', ...providerIds),
    queryFn: ({ signal }) => getInventoryDataProviders(providerIds, signal),
    staleTime: 5 * 60 * 1000,
  });
