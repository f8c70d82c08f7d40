import { type dmaBoundariesSchema } from '@portal/contracts';
import { prepareDmaGeoJson, type DmaMapData } from '@portal/report-charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ResponseOf } from '@/lib/api-client';

/** `GET /api/reference/dma-boundaries`: the 210 DMAs as GeoJSON, prepared for ECharts (names and bounds per code). */
export function getDmaBoundaries(signal?: AbortSignal): Promise<DmaMapData> {
  return api
    .get<ResponseOf<typeof dmaBoundariesSchema>>('/api/reference/dma-boundaries', { signal })
    .then((geoJson) => prepareDmaGeoJson(geoJson));
}

/** Reference data: fetched once per session, when the first map is shown. */
export const getDmaBoundariesQueryOptions = () =>
  queryOptions({
    queryKey: ['reference', 'dma-boundaries'],
    queryFn: ({ signal }) => getDmaBoundaries(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useDmaBoundaries(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getDmaBoundariesQueryOptions(), enabled: options.enabled ?? true });
}
