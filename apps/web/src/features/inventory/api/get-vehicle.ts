import { type DateRangeQuery, type VehicleDetail } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { tenantKey } from '@/lib/query-keys';

export interface GetVehicleParams extends DateRangeQuery {
  organizationId: number;
  dealershipId: number;
  vin: string;
}

/** `getVehicleDetail` (`GET .../inventory/vehicles/{vin}?`start_date&end_date`: the vehicle's facts and its ad results per campaign; 404 when unknown. */
export function getVehicle(
  { organizationId, dealershipId, vin, startDate, endDate }: GetVehicleParams,
  signal?: AbortSignal,
): Promise<VehicleDetail> {
  return callOperation('getVehicleDetail', {
    params: { organization_id: organizationId, dealership_id: dealershipId, vin },
    query: { start_date: startDate, end_date: endDate },
    signal,
  });
}

export const getVehicleQueryOptions = (params: GetVehicleParams) =>
  queryOptions({
    queryKey: tenantKey(params.organizationId, params.dealershipId, 'inventory', 'vehicles', params.vin, {
      startDate: params.startDate,
      endDate: params.endDate,
    }),
    queryFn: ({ signal }) => getVehicle(params, signal),
  });

export function useVehicle(params: GetVehicleParams) {
  return useQuery({
    ...getVehicleQueryOptions(params),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[6] === params.vin ? keepPreviousData(previous) : undefined,
  });
}
