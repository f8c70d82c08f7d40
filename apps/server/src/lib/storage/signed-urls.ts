import crypto from 'node:crypto';

/** Path under which the local storage driver's files are served. */
export const FILES_PATH = '/api/files';

/** HMAC-SHA256 (base64url) of a key and its expiry (unix seconds) with the server secret. */
export function signFileKey(secret: string, key: string, expires: number): string {
  return crypto.createHmac('sha256', secret).update(`${key}\n${expires}`).digest('base64url');
}

/** `/api/files/<key>?expires=<unix>&signature=<hmac>`, each key segment URL-encoded. */
export function signedFilePath(secret: string, key: string, expires: number): string {
  const encoded = key.split('/').map(encodeURIComponent).join('/');
  return `${FILES_PATH}/${encoded}?expires=${expires}&signature=${signFileKey(secret, key, expires)}`;
}

/** Whether `signature` is the valid signature of key and expires (constant-time comparison). */
export function isValidFileSignature(secret: string, key: string, expires: number, signature: string): boolean {
  const expected = Buffer.from(signFileKey(secret, key, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
