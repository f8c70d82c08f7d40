import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RangeNotSatisfiableError, type ByteRangeSpec, type Storage, type StorageObject } from './types';
import { answerWindowBounds } from '../answer-window';
import { resolveByteRange } from './byte-range';
import { assertSafeStorageKey, contentTypeOf, InvalidStorageKeyError } from './keys';
import { signedFilePath, signedUploadPath } from './signed-urls';

export interface LocalStorageOptions {
  /** Folder that holds the files (created on first write). */
  root: string;
  /** Secret the signed URLs are signed with (the session secret). */
  secret: string;
  /** The current instant (tests pass a fixed clock). */
  now?: (() => Date) | undefined;
}

/**
 * Files on local disk under `root` (default `{DATA_DIR}/storage`). Signed URLs are
 * `/api/files/<key>?expires=<unix>&signature=<HMAC-SHA256>` served by `GET /api/files/*`.
 * Writes go to a temporary file first and are renamed into place, so a reader never sees half a file.
 */
export function createLocalStorage(options: LocalStorageOptions): Storage {
  const root = path.resolve(options.root);
  const now = options.now ?? (() => new Date());

  const fileOf = (key: string) => {
    assertSafeStorageKey(key);
    const file = path.resolve(root, ...key.split('/'));
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  };

  const statFile = async (file: string) => {
    try {
      const stat = await fsp.stat(file);
      return stat.isFile() ? stat : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };

  return {
    kind: 'local',

    async put(key, body) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      try {
        if (body instanceof Readable) await pipeline(body, fs.createWriteStream(temporary));
        else await fsp.writeFile(temporary, body);
        await fsp.rename(temporary, file);
      } finally {
        await fsp.rm(temporary, { force: true });
      }
    },

    async getStream(key: string, range?: ByteRangeSpec): Promise<StorageObject | null> {
      const file = fileOf(key);
      const stat = await statFile(file);
      if (!stat) return null;
      const bytes = resolveByteRange(range, stat.size);
      if (!bytes) throw new RangeNotSatisfiableError(stat.size);
      const body =
        bytes.end < bytes.start ? Readable.from([]) : fs.createReadStream(file, { start: bytes.start, end: bytes.end });
      return { body, contentType: contentTypeOf(key), totalSize: stat.size, ...bytes };
    },

    async exists(key) {
      return (await statFile(fileOf(key))) !== null;
    },

    async signedUrl(key, ttlSeconds) {
      assertSafeStorageKey(key);
      const expires = answerWindowBounds(now()).end.getTime() / 1000 + ttlSeconds;
      return signedFilePath(options.secret, key, expires);
    },

    async signedUploadUrl(key, upload) {
      assertSafeStorageKey(key);
      const expires = Math.floor(now().getTime() / 1000) + upload.ttlSeconds;
      return signedUploadPath(options.secret, key, upload.contentType, upload.maxBytes, expires);
    },

    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
  };
}
