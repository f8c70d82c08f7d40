import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dmaBoundariesSchema, errorResponseSchema, type DmaBoundaries } from '@portal/contracts';
import { cachedGzipDocument, DMA_BOUNDARIES_FILE, matchesEtag } from '../../../lib/dma-boundaries';

/** Reference data shipped with the project, for any signed-in user. */
const referenceRoutes: FastifyPluginAsyncZod<{ dmaBoundariesFile?: string }> = async (app, options) => {
  const dmaBoundaries = cachedGzipDocument(options.dmaBoundariesFile ?? DMA_BOUNDARIES_FILE);

  /**
   * `GET /api/reference/dma-boundaries` → the 210 DMA outlines as a GeoJSON FeatureCollection
   * (`properties.dma_code`, `properties.dma_name`), read and gunzipped once per process. Sent with
   * an ETag and `cache-control: private, max-age=86400`; `If-None-Match` with the same ETag → 304.
   * Clients that accept gzip get the shipped gzip bytes (`content-encoding: gzip`). 401 without a session.
   */
  app.get(
    '/api/reference/dma-boundaries',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['reference'],
        summary: 'DMA boundaries (GeoJSON) for the DMA map',
        response: { 200: dmaBoundariesSchema, 304: z.null(), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const document = await dmaBoundaries();
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      const etag = gzip ? `${document.etag.slice(0, -1)}-gzip"` : document.etag;
      reply.header('etag', etag).header('cache-control', 'private, max-age=86400').header('vary', 'accept-encoding');
      if (matchesEtag(request.headers['if-none-match'], document.etag)) return reply.status(304).send(null);
      reply.header('content-type', 'application/json; charset=utf-8');
      if (gzip) reply.header('content-encoding', 'gzip');
      // Bytes are sent as they are (Fastify does not serialize a Buffer): the 400 kB document is
      // not re-validated on every request; the schema documents its shape.
      const bytes = gzip ? document.gzipped : document.body;
      return reply.send(bytes as unknown as DmaBoundaries);
    },
  );
};
export default referenceRoutes;
