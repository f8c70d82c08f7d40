import type { Readable } from 'node:stream';

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
