import { type vehiclesPageSchema, type VehicleRow } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type * as z from 'zod';
import { api, type ResponseOf } from '@/lib/api-client';
import {
  campaignsApiPath,
  tableQuery,
  tableQueryKey,
  type ReportParams,
  type ReportTableParams,
} from './report-params';

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

/** The vehicles table path; its CSV export is the same path + `/csv`. */
export function listVehiclesPath(params: ReportParams & { source: VehiclesSource }): string {
  const prefix = params.source === 'campaign' ? '' : `/${params.source}`;
  return `${campaignsApiPath(params)}${prefix}/${params.campaignId}/vehicles`;
}

export function listVehicles(params: ListVehiclesParams, signal?: AbortSignal): Promise<VehiclesPage> {
  return api.get<ResponseOf<typeof vehiclesPageSchema>>(listVehiclesPath(params), {
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
