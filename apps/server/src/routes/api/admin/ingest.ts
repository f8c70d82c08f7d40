import multipart from '@fastify/multipart';
import type { RouteModule } from '../../route-module';
import { ingestionOperations, ROLE_PLATFORM_STAFF } from '@portal/contracts';
import { registerOperation } from '../../register';
import { ApiError, forbidden } from '../../../lib/errors';
import { ingestBuffers } from '../../../ingestion';
import { requestAlertEvaluation } from '../../../jobs/alert-evaluation';

const MAX_FILE_BYTES = 200 * 1024 * 1024;

/**
 * `POST /api/admin/ingest` (multipart/form-data, one part per file named `{entity}.csv|json`,
 * docs/ingestion.md) → 200 `{ files: [{ file, entity, rows }] }`. Platform staff (role 1) only:
 * 403 otherwise. Any bad row → 422 with every error by file, line and column, and nothing loaded.
 */
const ingestRoute: RouteModule = async (app, options) => {
  await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 50 } });
  registerOperation(app, ingestionOperations.ingest, async (request, reply) => {
    if (request.user!.role_id !== ROLE_PLATFORM_STAFF) throw forbidden('Only platform staff may ingest data');
    if (!request.isMultipart())
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the files as multipart/form-data');
    const uploads: Array<{ name: string; content: Buffer }> = [];
    for await (const part of request.files()) {
      const content = await part.toBuffer();
      uploads.push({ name: part.filename, content });
    }
    // An inventory file is the lot's snapshot of today, by the app's clock (docs/ingestion.md).
    const outcome = await ingestBuffers(app.db, uploads, { now: options.clock() });
    if (!outcome.ok) {
      return reply.status(422).send({
        error: {
          code: 'VALIDATION_FAILED' as const,
          message: 'Nothing was loaded: fix the listed rows and send the files again',
          files: outcome.errors,
        },
      });
    }
    await requestAlertEvaluation(app);
    return outcome.result;
  });
};
export default ingestRoute;
