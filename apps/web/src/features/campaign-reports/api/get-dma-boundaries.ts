import { prepareDmaGeoJson, type DmaMapData } from '@portal/report-charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { sharedKey } from '@/lib/query-keys';

/** `getDmaBoundaries`: the 210 DMAs as GeoJSON, prepared for ECharts (names and bounds per code). */
export function getDmaBoundaries(signal?: AbortSignal): Promise<DmaMapData> {
  return callOperation('getDmaBoundaries', { signal }).then((geoJson) => prepareDmaGeoJson(geoJson));
}

/** Reference data: fetched once per session, when the first map is shown. */
export const getDmaBoundariesQueryOptions = () =>
  queryOptions({
    queryKey: sharedKey('reference', 'dma-boundaries'),
    queryFn: ({ signal }) => getDmaBoundaries(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useDmaBoundaries(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getDmaBoundariesQueryOptions(), enabled: options.enabled ?? true });
}
