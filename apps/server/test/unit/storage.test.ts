import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand, PutObjectCommand, S3Client, type GetObjectCommand } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { copyRecordings } from '../../src/demo/load-demo';
import { parseRangeHeader, resolveByteRange } from '../../src/lib/storage/byte-range';
import { isSafeStorageKey } from '../../src/lib/storage/keys';
import { createLocalStorage } from '../../src/lib/storage/local';
import { createS3Storage } from '../../src/lib/storage/s3';
import { createStorage, RangeNotSatisfiableError } from '../../src/lib/storage';

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

const folders: string[] = [];
async function tempDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-storage-unit-'));
  folders.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of folders.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

describe('storage keys and byte ranges', () => {
  it('accepts relative keys and refuses .., absolute paths, backslashes and empty segments', () => {
    expect(isSafeStorageKey('recordings/call-1.mp3')).toBe(true);
    expect(isSafeStorageKey('a/b c/d..e.mp3')).toBe(true);
    for (const key of ['', '..', 'a/../b', '/etc/passwd', 'a\\b', 'a//b', './a', 'C:/x', 'a/\u0000b', 'x'.repeat(1025)])
      expect(isSafeStorageKey(key), JSON.stringify(key)).toBe(false);
  });

  it('parses one byte range and resolves it against the size', () => {
    expect(parseRangeHeader(undefined)).toBeUndefined();
    expect(parseRangeHeader('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRangeHeader('bytes=100-')).toEqual({ start: 100 });
    expect(parseRangeHeader('bytes=-5')).toEqual({ suffix: 5 });
    expect(parseRangeHeader('bytes=9-3')).toBeUndefined();
    expect(parseRangeHeader('bytes=0-1,4-5')).toBeUndefined();
    expect(parseRangeHeader('items=0-1')).toBeUndefined();
    expect(resolveByteRange({ start: 0, end: 99 }, 50)).toEqual({ start: 0, end: 49 });
    expect(resolveByteRange({ suffix: 500 }, 50)).toEqual({ start: 0, end: 49 });
    expect(resolveByteRange({ start: 50 }, 50)).toBeNull();
    expect(resolveByteRange({ suffix: 0 }, 50)).toBeNull();
    expect(resolveByteRange(undefined, 0)).toEqual({ start: 0, end: -1 });
  });
});

describe('local storage', () => {
  it('puts, reads ranges, knows what exists and signs URLs with an expiry', async () => {
    const root = await tempDir();
    const storage = createLocalStorage({ root, secret: 's'.repeat(32), now: () => new Date('2026-11-15T00:00:00Z') });
    await storage.put('recordings/a.mp3', Buffer.from('0123456789'));
    await storage.put('recordings/b.mp3', Readable.from([Buffer.from('abc'), Buffer.from('def')]));
    expect(await storage.exists('recordings/a.mp3')).toBe(true);
    expect(await storage.exists('recordings')).toBe(false);
    const whole = (await storage.getStream('recordings/b.mp3'))!;
    expect(whole).toMatchObject({ contentType: 'audio/mpeg', totalSize: 6, start: 0, end: 5 });
    expect((await readAll(whole.body)).toString()).toBe('abcdef');
    const slice = (await storage.getStream('recordings/a.mp3', { start: 2, end: 4 }))!;
    expect((await readAll(slice.body)).toString()).toBe('234');
    await expect(storage.getStream('recordings/a.mp3', { start: 10 })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    expect(await storage.getStream('recordings/none.mp3')).toBeNull();
    // Signed for the half hour 00:00–00:30 UTC: expires 15 minutes after it ends (00:45 = 1794703500).
    const url = await storage.signedUrl('recordings/a b.mp3', 900);
    expect(url).toMatch(/^\/api\/files\/recordings\/a%20b\.mp3\?expires=1794703500&signature=[\w-]{43}$/);
    expect(await fs.readdir(path.join(root, 'recordings'))).toEqual(['a.mp3', 'b.mp3']);
  });

  it('signs the same URL for every call inside one half hour, a new one in the next', async () => {
    const at = (instant: string) =>
      createLocalStorage({ root: '/nonexistent', secret: 's'.repeat(32), now: () => new Date(instant) }).signedUrl(
        'recordings/a.mp3',
        900,
      );
    const first = await at('2026-11-15T00:00:00Z');
    expect(await at('2026-11-15T00:29:59.999Z')).toBe(first);
    const next = await at('2026-11-15T00:30:00Z');
    expect(next).not.toBe(first);
    expect(new URLSearchParams(next.split('?')[1]).get('expires')).toBe(String(1794701700 + 3600));
  });

  it('is the default; S3 when S3_BUCKET is set', () => {
    const base = { DATA_DIR: '/tmp/x', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false };
    expect(createStorage(base, { secret: 'x' }).kind).toBe('local');
    expect(createStorage({ ...base, S3_BUCKET: 'portal-files' }, { secret: 'x' }).kind).toBe('s3');
  });
});

describe('S3 storage', () => {
  function fakeS3(objects: Map<string, { body: Buffer; type: string }>) {
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: 'http://s3.test',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' },
    });
    const sent: unknown[] = [];
    const notFound = () =>
      Object.assign(new Error('not found'), { name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
    client.send = (async (command: unknown) => {
      sent.push(command);
      if (command instanceof PutObjectCommand) {
        objects.set(command.input.Key!, {
          body: Buffer.from(command.input.Body as Uint8Array),
          type: command.input.ContentType!,
        });
        return {};
      }
      const key = (command as GetObjectCommand | HeadObjectCommand).input.Key!;
      const object = objects.get(key);
      if (!object) throw notFound();
      if (command instanceof HeadObjectCommand) return { ContentLength: object.body.length };
      const range = (command as GetObjectCommand).input.Range;
      const match = /^bytes=(\d+)-(\d*)$/.exec(range ?? '');
      if (!match)
        return { Body: Readable.from([object.body]), ContentLength: object.body.length, ContentType: object.type };
      const start = Number(match[1]);
      if (start >= object.body.length)
        throw Object.assign(new Error('range'), { name: 'InvalidRange', $metadata: { httpStatusCode: 416 } });
      const end = Math.min(match[2] ? Number(match[2]) : object.body.length - 1, object.body.length - 1);
      return {
        Body: Readable.from([object.body.subarray(start, end + 1)]),
        ContentLength: end - start + 1,
        ContentRange: `bytes ${start}-${end}/${object.body.length}`,
        ContentType: object.type,
      };
    }) as S3Client['send'];
    return { client, sent };
  }

  it('puts, reads byte ranges, answers missing keys and presigns GET URLs', async () => {
    const objects = new Map<string, { body: Buffer; type: string }>();
    const { client, sent } = fakeS3(objects);
    let now = new Date('2026-11-15T00:10:00Z');
    const storage = createS3Storage({ bucket: 'portal-files', region: 'us-east-1', client, now: () => now });
    await storage.put('recordings/c.mp3', Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    expect(objects.get('recordings/c.mp3')).toEqual({ body: Buffer.from('hello world'), type: 'audio/mpeg' });
    expect((sent[0] as PutObjectCommand).input.Bucket).toBe('portal-files');
    expect(await storage.exists('recordings/c.mp3')).toBe(true);
    expect(await storage.exists('recordings/none.mp3')).toBe(false);
    const slice = (await storage.getStream('recordings/c.mp3', { start: 6 }))!;
    expect(slice).toMatchObject({ totalSize: 11, start: 6, end: 10, contentType: 'audio/mpeg' });
    expect((await readAll(slice.body)).toString()).toBe('world');
    const whole = (await storage.getStream('recordings/c.mp3'))!;
    expect(whole).toMatchObject({ totalSize: 11, start: 0, end: 10 });
    await expect(storage.getStream('recordings/c.mp3', { start: 20 })).rejects.toMatchObject({ totalSize: 11 });
    expect(await storage.getStream('recordings/none.mp3')).toBeNull();
    await expect(storage.put('../x', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);

    // Signed at the start of the half hour it is asked in, valid until 15 minutes after it ends.
    const signed = await storage.signedUrl('recordings/c.mp3', 900);
    const url = new URL(signed);
    expect(`${url.origin}${url.pathname}`).toBe('http://s3.test/portal-files/recordings/c.mp3');
    expect(url.searchParams.get('X-Amz-Date')).toBe('20261115T000000Z');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('2700');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    now = new Date('2026-11-15T00:29:59Z');
    expect(await storage.signedUrl('recordings/c.mp3', 900)).toBe(signed);
    now = new Date('2026-11-15T00:30:00Z');
    expect(new URL(await storage.signedUrl('recordings/c.mp3', 900)).searchParams.get('X-Amz-Date')).toBe(
      '20261115T003000Z',
    );
  });
});

describe('copyRecordings (demo loader)', () => {
  it('copies every file of the folder under recordings/, skipping keys that exist; a missing folder copies nothing', async () => {
    const source = await tempDir();
    await fs.mkdir(path.join(source, 'nested'), { recursive: true });
    await fs.writeFile(path.join(source, 'call-1.mp3'), 'one');
    await fs.writeFile(path.join(source, 'nested', 'call-2.mp3'), 'two');
    const storage = createLocalStorage({ root: await tempDir(), secret: 'x' });
    expect(await copyRecordings(storage, source)).toBe(2);
    expect(await storage.exists('recordings/call-1.mp3')).toBe(true);
    expect((await readAll((await storage.getStream('recordings/nested/call-2.mp3'))!.body)).toString()).toBe('two');
    expect(await copyRecordings(storage, source)).toBe(0);
    expect(await copyRecordings(storage, path.join(source, 'does-not-exist'))).toBe(0);
  });
});
