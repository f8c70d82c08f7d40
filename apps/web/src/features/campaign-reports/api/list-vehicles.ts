import { type vehiclesPageSchema, type VehicleRow } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { callOperation } from '@/lib/api-client';
import { reportPathParams, tableQuery, tableQueryKey, type ReportTableParams } from './report-params';

export type { VehicleRow };
export type VehiclesPage = z.infer<typeof vehiclesPageSchema>;

/**
 * Which vehicles call a page uses (spec 000 §7): `fbd` → `.../campaigns/fbd/{id}/vehicles` (social
 * dynamic), `dyd` → `.../campaigns/dyd/{id}/vehicles`, `campaign` → `.../campaigns/{id}/vehicles`.
 */
export type VehiclesSource = 'fbd' | 'dyd' | 'campaign';

export interface ListVehiclesParams extends ReportTableParams {
  source: VehiclesSource;
}

/** The vehicles operation of each source, and its CSV export. */
export const vehiclesOperations = {
  fbd: { page: 'listSocialVehicles', csv: 'listSocialVehiclesCsv' },
  dyd: { page: 'listDisplayVehicles', csv: 'listDisplayVehiclesCsv' },
  campaign: { page: 'listCampaignVehicles', csv: 'listCampaignVehiclesCsv' },
} as const satisfies Record<VehiclesSource, { page: string; csv: string }>;

export function listVehicles(params: ListVehiclesParams, signal?: AbortSignal): Promise<VehiclesPage> {
  return callOperation(vehiclesOperations[params.source].page, {
    params: reportPathParams(params),
    query: tableQuery(params),
    signal,
  });
}

export const listVehiclesQueryOptions = (params: ListVehiclesParams) =>
  queryOptions({
    queryKey: tableQueryKey(params, 'listVehicles', { source: params.source }),
    queryFn: ({ signal }) => listVehicles(params, signal),
  });

export function useVehicles(params: ListVehiclesParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...listVehiclesQueryOptions(params),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}
