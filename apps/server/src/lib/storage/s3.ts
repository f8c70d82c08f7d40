import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { RangeNotSatisfiableError, type ByteRangeSpec, type Storage, type StorageObject } from './types';
import { answerWindowBounds } from '../answer-window';
import { assertSafeStorageKey, contentTypeOf } from './keys';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, …); unset: AWS. */
  endpoint?: string | undefined;
  forcePathStyle?: boolean | undefined;
  /** Static credentials; unset: the SDK's default chain (environment, instance role, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** A client to use instead of building one (tests). */
  client?: S3Client;
  /** The current instant (tests pass a fixed clock). */
  now?: (() => Date) | undefined;
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const nameOf = (error: unknown) => (error as { name?: string }).name;

function rangeHeader(range: ByteRangeSpec): string {
  if ('suffix' in range) return `bytes=-${range.suffix}`;
  return `bytes=${range.start}-${range.end ?? ''}`;
}

async function toBuffer(body: Buffer | Uint8Array | Readable): Promise<Uint8Array> {
  if (!(body instanceof Readable)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * Files in an S3 bucket (or an S3-compatible store). Signed URLs are S3 presigned GET URLs, so the
 * browser fetches recordings from the bucket directly; ranges are passed through to S3.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client =
    options.client ??
    new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
  const Bucket = options.bucket;
  const now = options.now ?? (() => new Date());

  const head = async (key: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: key }));
    } catch (error) {
      if (statusOf(error) === 404 || nameOf(error) === 'NotFound' || nameOf(error) === 'NoSuchKey') return null;
      throw error;
    }
  };

  return {
    kind: 's3',

    async put(key, body, putOptions) {
      assertSafeStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: await toBuffer(body),
          ContentType: putOptions?.contentType ?? contentTypeOf(key),
        }),
      );
    },

    async getStream(key: string, range?: ByteRangeSpec): Promise<StorageObject | null> {
      assertSafeStorageKey(key);
      let response;
      try {
        response = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: rangeHeader(range) } : {}) }),
        );
      } catch (error) {
        if (statusOf(error) === 404 || nameOf(error) === 'NoSuchKey') return null;
        if (statusOf(error) === 416 || nameOf(error) === 'InvalidRange') {
          const found = await head(key);
          if (!found) return null;
          throw new RangeNotSatisfiableError(found.ContentLength ?? 0);
        }
        throw error;
      }
      const length = response.ContentLength ?? 0;
      const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(response.ContentRange ?? '');
      const [start, end, totalSize] = contentRange
        ? [Number(contentRange[1]), Number(contentRange[2]), Number(contentRange[3])]
        : [0, length - 1, length];
      return {
        body: response.Body as Readable,
        contentType: response.ContentType ?? contentTypeOf(key),
        totalSize,
        start,
        end,
      };
    },

    async exists(key) {
      assertSafeStorageKey(key);
      return (await head(key)) !== null;
    },

    async signedUrl(key, ttlSeconds) {
      assertSafeStorageKey(key);
      // Signed at the start of the answer window: the same URL for every call inside it.
      const { start, end } = answerWindowBounds(now());
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), {
        signingDate: start,
        expiresIn: (end.getTime() - start.getTime()) / 1000 + ttlSeconds,
      });
    },

    async signedUploadUrl(key, upload) {
      assertSafeStorageKey(key);
      const command = new PutObjectCommand({
        Bucket,
        Key: key,
        ContentType: upload.contentType,
        ...(upload.exactBytes !== undefined ? { ContentLength: upload.exactBytes } : {}),
      });
      // Content-Type (and Content-Length when known) are signed headers: S3 refuses a PUT that differs.
      return getSignedUrl(client, command, {
        expiresIn: upload.ttlSeconds,
        signableHeaders: new Set(['content-type', ...(upload.exactBytes !== undefined ? ['content-length'] : [])]),
      });
    },

    async delete(key) {
      assertSafeStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
