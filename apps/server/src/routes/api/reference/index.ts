import type { RouteModule } from '../../route-module';
import { asc, eq, sql } from 'drizzle-orm';
import { type DmaBoundaries, referenceOperations } from '@portal/contracts';
import { registerOperation } from '../../register';
import { dmas, zipDmas } from '../../../db/schema';
import { cachedGzipDocument, DMA_BOUNDARIES_FILE, matchesEtag } from '../../../lib/dma-boundaries';

/** Reference data shipped with the project, for any signed-in user. */
const referenceRoutes: RouteModule = async (app, options) => {
  const dmaBoundaries = cachedGzipDocument(options.dmaBoundariesFile ?? DMA_BOUNDARIES_FILE);

  /**
   * `GET /api/reference/dma-boundaries` → the 210 DMA outlines as a GeoJSON FeatureCollection
   * (`properties.dma_code`, `properties.dma_name`), read and gunzipped once per process. Sent with
   * an ETag and `cache-control: private, max-age=86400`; `If-None-Match` with the same ETag → 304.
   * Clients that accept gzip get the shipped gzip bytes (`content-encoding: gzip`). 401 without a session.
   */
  registerOperation(app, referenceOperations.getDmaBoundaries, async (request, reply) => {
    const document = await dmaBoundaries();
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const etag = gzip ? `${document.etag.slice(0, -1)}-gzip"` : document.etag;
    reply.header('etag', etag).header('cache-control', 'private, max-age=86400').header('vary', 'accept-encoding');
    // No payload at all (not `null`): a 304 has no body, and `fastify.inject` (light-my-request 6.6)
    // reports a `null` payload as the text 'null'.
    if (matchesEtag(request.headers['if-none-match'], document.etag))
      return reply.status(304).send(undefined as unknown as null);
    reply.header('content-type', 'application/json; charset=utf-8');
    if (gzip) reply.header('content-encoding', 'gzip');
    // Bytes are sent as they are (Fastify does not serialize a Buffer): the 400 kB document is
    // not re-validated on every request; the schema documents its shape.
    const bytes = gzip ? document.gzipped : document.body;
    return reply.send(bytes as unknown as DmaBoundaries);
  });

  /**
   * `GET /api/reference/media-markets` → `{ data: [{ rank, dma, tv_homes, percent_of_usa, dma_code }] }`:
   * the 210 Nielsen DMAs by rank (spec 001 §3 "Media market table"). 401 without a session.
   */
  registerOperation(app, referenceOperations.listMediaMarkets, async (_request, reply) => {
    const rows = await app.db.select().from(dmas).orderBy(asc(dmas.rank));
    reply.header('cache-control', 'private, max-age=86400');
    return {
      data: rows.map((r) => ({
        rank: r.rank,
        dma: r.name,
        tv_homes: r.tvHomes,
        percent_of_usa: r.pctOfUs,
        dma_code: r.dmaCode,
      })),
    };
  });

  let zipTable: string | null = null;
  /**
   * `GET /api/reference/zip-dmas` → `{ "<zip>": "<media market name>", … }` (about 41,000 ZIP codes;
   * the name of the DMA as `/media-markets` lists it, else the file's dma_description),
   * built once per process and cached by the browser for a day; the wizard loads it lazily when
   * the ZIP helper is first used. 401 without a session.
   */
  registerOperation(app, referenceOperations.getZipDmas, async (_request, reply) => {
    if (zipTable === null) {
      // The media market's name as the location picker lists it (the ZIP file abbreviates it).
      const rows = await app.db
        .select({ zip: zipDmas.zipCode, name: sql<string>`coalesce(${dmas.name}, ${zipDmas.dmaDescription})` })
        .from(zipDmas)
        .leftJoin(dmas, eq(dmas.dmaCode, zipDmas.dmaCode))
        .orderBy(asc(zipDmas.zipCode));
      zipTable = JSON.stringify(Object.fromEntries(rows.map((r) => [r.zip, r.name])));
    }
    reply.header('cache-control', 'private, max-age=86400').header('content-type', 'application/json; charset=utf-8');
    // Sent as prepared JSON: the 41,000-entry table is not re-validated on every request.
    return reply.send(zipTable as unknown as Record<string, string>);
  });
};
export default referenceRoutes;
