import path from 'node:path';

/** A storage key that could leave the storage root or is not a plain relative path. */
export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}

/**
 * A storage key is a relative path of `/`-separated segments: no `..` or `.` segment, no empty
 * segment, no leading `/`, no backslash, no drive letter, no control character, at most 1,024 characters.
 */
export function isSafeStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(key) || key.startsWith('/') || /^[a-z]:/i.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function assertSafeStorageKey(key: string): void {
  if (!isSafeStorageKey(key)) throw new InvalidStorageKeyError(key);
}

const contentTypes: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** The Content-Type served for a key, from its extension (unknown: application/octet-stream). */
export function contentTypeOf(key: string): string {
  return contentTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}
