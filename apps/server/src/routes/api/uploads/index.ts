import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { RouteModule } from '../../route-module';
import { creativeUploadRules, fileOperations, type NonInventoryProductCode } from '@portal/contracts';
import { registerOperation } from '../../register';
import { ApiError, forbidden } from '../../../lib/errors';
import { isSafeStorageKey } from '../../../lib/storage/keys';
import { isValidUploadSignature } from '../../../lib/storage/signed-urls';
import { isAllowedCreative } from '../../../lib/storage/sniff';
import { findUploadByKey, markUploadStored, unmarkUploadStored } from '../../../repositories/creative-uploads';

/** The largest upload any signed URL may allow (creatives: 100 MB, spec 001 §5). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/**
 * Signed uploads of the local storage driver (ARCHITECTURE.md "Files"). The signature is the
 * credential (the browser PUTs without cookies, as it would to S3).
 */
const uploadsRoutes: RouteModule = async (app, options) => {
  // Any content type arrives as a stream; the handler reads it with the signed size limit.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  /**
   * `PUT /api/uploads/{key}?contentType&maxBytes&expires&signature` with the file as the body →
   * 204 once stored. The signature binds key, content type, maximum size (bytes) and expiry (unix
   * seconds). The key must be in the uploads ledger (written when the URL was signed) with that
   * type, and the URL takes one PUT: the ledger row records size, SHA-256 and time (issue 18 item 2).
   * Errors: 400 bad key; 403 missing, wrong or expired signature, or a key the ledger does not hold;
   * 409 a file was already stored for this link; 413 body larger than `maxBytes`; 415 `Content-Type`
   * header other than the signed one, or bytes that are not a type of the creative's kind in
   * `creativeAllowedTypes` (sniffed with file-type; SVG, HTML, JavaScript never stored: item 10).
   */
  registerOperation(
    app,
    fileOperations.uploadFile,
    async (request, reply) => {
      const key = request.params['*'];
      if (!isSafeStorageKey(key)) throw new ApiError(400, 'BAD_REQUEST', 'Invalid file key');
      const { contentType, maxBytes, expires, signature } = request.query;
      const values = { key, contentType: contentType ?? '', maxBytes: Number(maxBytes), expires: Number(expires) };
      if (!contentType || !signature || !Number.isInteger(values.maxBytes) || !Number.isInteger(values.expires))
        throw forbidden('This upload link is not valid: it has no signature');
      if (!isValidUploadSignature(options.sessionSecret, values, signature))
        throw forbidden('This upload link is not valid');
      if (values.expires < Math.floor(options.clock().getTime() / 1000))
        throw forbidden('This upload link has expired');
      const upload = await findUploadByKey(app.db, { storageKey: key });
      const rule = upload ? creativeUploadRules[upload.productCode as NonInventoryProductCode] : undefined;
      if (!upload || !rule || upload.deletedAt || upload.declaredType !== contentType.toLowerCase())
        throw forbidden('This upload link is not valid');
      const declared = String(request.headers['content-type'] ?? '');
      if (declared.split(';')[0]!.trim().toLowerCase() !== contentType.toLowerCase())
        throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `This link accepts ${contentType} only`);
      const length = Number(request.headers['content-length']);
      const limit = Math.min(values.maxBytes, MAX_UPLOAD_BYTES);
      const tooLarge = () =>
        new ApiError(413, 'PAYLOAD_TOO_LARGE', `File size must not exceed ${Math.round(limit / 1024 / 1024)}MB`);
      if (Number.isFinite(length) && length > limit) throw tooLarge();

      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of request.body as Readable) {
        size += (chunk as Buffer).length;
        if (size > limit) {
          // The rest of the body stays unread: the connection cannot carry another request, so the
          // answer closes it (else the half-read request held it open until the server's timeout).
          void reply.header('connection', 'close');
          throw tooLarge();
        }
        chunks.push(chunk as Buffer);
      }
      const bytes = Buffer.concat(chunks);
      if (!(await isAllowedCreative(bytes, contentType, rule.kind)))
        throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Please see below for accepted file types');
      const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
      const stored = await markUploadStored(app.db, {
        storageKey: key,
        file: { sizeBytes: size, sha256, storedAt: options.clock() },
      });
      if (!stored) throw new ApiError(409, 'CONFLICT', 'A file was already uploaded to this link');
      try {
        await app.storage.put(key, bytes, { contentType });
      } catch (error) {
        await unmarkUploadStored(app.db, { storageKey: key });
        throw error;
      }
      return reply.status(204).send(null);
    },
    { bodyLimit: MAX_UPLOAD_BYTES + 1024 },
  );
};
export default uploadsRoutes;
