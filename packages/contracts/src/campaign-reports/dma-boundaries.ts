import * as z from 'zod';

/**
 * `GET /api/reference/dma-boundaries` — the 210 Nielsen DMA outlines as a GeoJSON
 * FeatureCollection (simplified MultiPolygons, WGS 84 longitude/latitude). Each feature's
 * `properties.dma_code` joins the `dma_code` of the DMA breakdowns; `dma_name` is the DMA's name.
 * Sent with an ETag and `cache-control: private, max-age=86400` (304 on If-None-Match).
 */
export const dmaBoundaryFeatureSchema = z.object({
  type: z.literal('Feature'),
  properties: z.looseObject({ dma_code: z.number().int(), dma_name: z.string() }),
  geometry: z.looseObject({ type: z.string(), coordinates: z.array(z.unknown()) }),
});
export const dmaBoundariesSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(dmaBoundaryFeatureSchema),
});
export type DmaBoundaries = z.infer<typeof dmaBoundariesSchema>;
