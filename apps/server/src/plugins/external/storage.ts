import path from 'node:path';
import type { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { createLocalStorage } from '../../lib/storage/local';
import { createS3Storage } from '../../lib/storage/s3';

/** A byte range of a request: `start`–`end` (inclusive; `end` omitted = to the end) or the last `suffix` bytes. */
export type ByteRangeSpec = { start: number; end?: number } | { suffix: number };

/** An object read from storage: the bytes `start`–`end` (inclusive) of `totalSize`. */
export interface StorageObject {
  body: Readable;
  contentType: string;
  totalSize: number;
  start: number;
  end: number;
}

/**
 * Where files live (call recordings, uploads): local disk by default, S3 in production. Keys are
 * relative paths with `/` separators (e.g. `recordings/call-1.mp3`); a key with `..`, a leading
 * `/` or a backslash is refused with InvalidStorageKeyError.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer | Uint8Array | Readable, options?: { contentType?: string }): Promise<void>;
  /** The object (or a byte range of it), or null when there is no such key. Throws RangeNotSatisfiableError. */
  getStream(key: string, range?: ByteRangeSpec): Promise<StorageObject | null>;
  exists(key: string): Promise<boolean>;
  /**
   * A URL the browser can GET without a session (e.g. an <audio> source) for at least `ttlSeconds`:
   * it is signed for the answer window (lib/answer-window.ts) it is asked in and expires `ttlSeconds`
   * after that window ends, so every call inside one window returns the same URL and an answer that
   * carries it can be kept for the window (response cache). Valid `ttlSeconds` to `ttlSeconds` + 30 min.
   */
  signedUrl(key: string, ttlSeconds: number): Promise<string>;
  /**
   * A URL the browser can PUT one file to for `ttlSeconds`, bound to the key, its content type and
   * a maximum size (local driver: `PUT /api/uploads/*`, enforced by that route; S3: a presigned PUT
   * bound to key and content type, and to the exact size when `exactBytes` is given).
   */
  signedUploadUrl(key: string, options: UploadUrlOptions): Promise<string>;
  /** Removes an object (no error when it does not exist). */
  delete(key: string): Promise<void>;
}

export interface UploadUrlOptions {
  contentType: string;
  maxBytes: number;
  ttlSeconds: number;
  exactBytes?: number | undefined;
}

/** The requested range lies outside the object; answered 416 with `Content-Range: bytes *\/{totalSize}`. */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly totalSize: number) {
    super('Range not satisfiable');
  }
}

/**
 * The configured storage: S3 when S3_BUCKET is set, else `{DATA_DIR}/storage` whose signed URLs
 * point at `GET /api/files/*` and are signed with the session secret.
 */
export function createStorage(
  config: Pick<
    Config,
    | 'DATA_DIR'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
  >,
  options: { secret: string; now?: () => Date },
): Storage {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return createLocalStorage({
    root: path.resolve(config.DATA_DIR, 'storage'),
    secret: options.secret,
    now: options.now,
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Exposes the storage the caller created (server.ts, tests) to routes as `app.storage`. */
export default fp(
  async (app, options: { storage: Storage }) => {
    app.decorate('storage', options.storage);
  },
  { name: 'storage' },
);
