import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/** The DMA outlines shipped with the project (seed/raw/SOURCES.md "geo/dma_boundaries.geojson.gz"). */
export const DMA_BOUNDARIES_FILE = fileURLToPath(
  new URL('../../seed/raw/geo/dma_boundaries.geojson.gz', import.meta.url),
);

export interface CachedDocument {
  /** The GeoJSON text as bytes. */
  body: Buffer;
  /** The gzipped bytes as shipped, for clients that accept gzip. */
  gzipped: Buffer;
  /** Strong ETag of the document (quoted). */
  etag: string;
}

/**
 * Reads and gunzips the file once per process and keeps it in memory; concurrent first callers
 * share one read. A failed read is not cached, so the next request tries again.
 */
export function cachedGzipDocument(file: string): () => Promise<CachedDocument> {
  let pending: Promise<CachedDocument> | null = null;
  return () => {
    pending ??= fsp.readFile(file).then(
      (gzipped) => {
        const body = gunzipSync(gzipped);
        const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
        return { body, gzipped, etag };
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
}

/** Whether an If-None-Match header names `etag` (weak comparison, `*` matches anything). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag || tag === `${etag.slice(0, -1)}-gzip"`);
}
