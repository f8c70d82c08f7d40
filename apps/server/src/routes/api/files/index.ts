import type { RouteModule } from '../../route-module';
import { fileOperations } from '@portal/contracts';
import { registerOperation } from '../../register';
import { ApiError, forbidden, notFound } from '../../../lib/errors';
import { parseRangeHeader } from '../../../lib/storage/byte-range';
import { isSafeStorageKey } from '../../../lib/storage/keys';
import { isValidFileSignature } from '../../../lib/storage/signed-urls';
import { RangeNotSatisfiableError } from '../../../lib/storage';

/**
 * Files of the local storage driver behind signed URLs (ARCHITECTURE.md "Files"). The signature
 * is the credential, so no session is needed: an <audio> element can load and seek a recording.
 */
const filesRoutes: RouteModule = async (app, options) => {
  /**
   * `GET /api/files/{key}?expires={unix seconds}&signature={HMAC-SHA256}` → the file's bytes with
   * its Content-Type (e.g. audio/mpeg) and `Accept-Ranges: bytes`; a single `Range: bytes=a-b`
   * answers 206 with that slice and `Content-Range`. Errors: 400 for a key with `..`, a leading
   * `/` or a backslash; 403 for a missing, wrong or expired signature; 404 when there is no such
   * file; 416 for a range outside the file.
   */
  registerOperation(app, fileOperations.getFile, async (request, reply) => {
    const key = request.params['*'];
    if (!isSafeStorageKey(key)) throw new ApiError(400, 'BAD_REQUEST', 'Invalid file key');
    const { expires, signature } = request.query;
    const expiresAt = Number(expires);
    if (!expires || !signature || !Number.isInteger(expiresAt))
      throw forbidden('This link is not valid: it has no signature');
    if (!isValidFileSignature(options.sessionSecret, key, expiresAt, signature))
      throw forbidden('This link is not valid');
    const remaining = expiresAt - Math.floor(options.clock().getTime() / 1000);
    if (remaining < 0) throw forbidden('This link has expired');

    const range = parseRangeHeader(request.headers.range);
    let object;
    try {
      object = await app.storage.getStream(key, range);
    } catch (error) {
      if (!(error instanceof RangeNotSatisfiableError)) throw error;
      reply.header('content-range', `bytes */${error.totalSize}`);
      throw new ApiError(416 as number, 'BAD_REQUEST', 'The requested range is outside the file');
    }
    if (!object) throw notFound('File not found');
    reply
      .header('content-type', object.contentType)
      .header('accept-ranges', 'bytes')
      .header('cache-control', `private, max-age=${remaining}`)
      .header('content-length', String(object.end - object.start + 1));
    if (range) {
      reply.status(206).header('content-range', `bytes ${object.start}-${object.end}/${object.totalSize}`);
    }
    return reply.send(object.body);
  });
};
export default filesRoutes;
