import crypto from 'node:crypto';
import { fileOperations } from '@portal/contracts';

/** Path under which the local storage driver's files are served. */
export const FILES_PATH = fileOperations.getFile.path.replace(/\/\*$/, '');

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

/** Path under which the local storage driver accepts signed uploads. */
export const UPLOADS_PATH = fileOperations.uploadFile.path.replace(/\/\*$/, '');

/** HMAC-SHA256 (base64url) binding an upload to key, content type, maximum size and expiry. */
export function signUpload(
  secret: string,
  key: string,
  contentType: string,
  maxBytes: number,
  expires: number,
): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`PUT\n${key}\n${contentType}\n${maxBytes}\n${expires}`)
    .digest('base64url');
}

/** `/api/uploads/<key>?contentType=..&maxBytes=..&expires=..&signature=..`. */
export function signedUploadPath(
  secret: string,
  key: string,
  contentType: string,
  maxBytes: number,
  expires: number,
): string {
  const encoded = key.split('/').map(encodeURIComponent).join('/');
  const query = new URLSearchParams({
    contentType,
    maxBytes: String(maxBytes),
    expires: String(expires),
    signature: signUpload(secret, key, contentType, maxBytes, expires),
  });
  return `${UPLOADS_PATH}/${encoded}?${query.toString()}`;
}

/** Whether an upload signature is valid for these values (constant-time comparison). */
export function isValidUploadSignature(
  secret: string,
  values: { key: string; contentType: string; maxBytes: number; expires: number },
  signature: string,
): boolean {
  const expected = Buffer.from(signUpload(secret, values.key, values.contentType, values.maxBytes, values.expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
