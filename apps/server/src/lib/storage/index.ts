import path from 'node:path';
import type { Config } from '../../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './types';

export type { ByteRangeSpec, Storage, StorageObject, UploadUrlOptions } from './types';
export { RangeNotSatisfiableError } from './types';

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
