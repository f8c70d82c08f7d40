import * as z from 'zod';
import { errorResponseSchema } from '../common/errors';
import { defineOperation } from '../operations/define';
import { ingestionErrorSchema, ingestionResultSchema } from './entities';

/** Data loading by platform staff (docs/ingestion.md). */
export const ingestionOperations = {
  ingest: defineOperation({
    id: 'ingest',
    method: 'POST',
    path: '/api/admin/ingest',
    summary: 'Ingest campaign data files (role 1)',
    tags: ['admin'],
    roles: [1],
    // multipart/form-data, one part per file named `{entity}.csv|json`.
    consumes: ['multipart/form-data'],
    response: {
      200: ingestionResultSchema,
      401: errorResponseSchema,
      403: errorResponseSchema,
      415: errorResponseSchema,
      422: z.object({ error: errorResponseSchema.shape.error.extend({ files: z.array(ingestionErrorSchema) }) }),
    },
  }),
};
