import * as echarts from 'echarts';
import { prepareDmaGeoJson, type DmaFeatureCollection, type DmaMapData } from '@portal/report-charts';
import { cachedGzipDocument, DMA_BOUNDARIES_FILE } from '../../lib/dma-boundaries';

/** The name the DMA outlines are registered under for server-side rendering (as on the page). */
export const DMA_MAP_NAME = 'dma-boundaries';

const readBoundaries = cachedGzipDocument(DMA_BOUNDARIES_FILE);
let prepared: Promise<DmaMapData> | null = null;

/**
 * The DMA outlines prepared for ECharts and registered with the server's ECharts once per process,
 * so PDFs draw the same choropleth the report page draws.
 */
export function dmaMapData(): Promise<DmaMapData> {
  prepared ??= readBoundaries()
    .then((document) => {
      const data = prepareDmaGeoJson(JSON.parse(document.body.toString('utf8')) as DmaFeatureCollection);
      echarts.registerMap(DMA_MAP_NAME, data.geoJson as unknown as Parameters<typeof echarts.registerMap>[1]);
      return data;
    })
    .catch((error: unknown) => {
      prepared = null;
      throw error;
    });
  return prepared;
}
