import * as z from 'zod';
import { errorResponseSchema } from '../common/errors';
import { defineOperation, noContentSchema } from '../operations/define';

const keyParamsSchema = z.object({ '*': z.string() });

/**
 * Files of the local storage driver behind signed URLs (ARCHITECTURE.md "Files"): the signature is
 * the credential, so these take no session.
 */
export const fileOperations = {
  getFile: defineOperation({
    id: 'getFile',
    method: 'GET',
    path: '/api/files/*',
    summary: 'A stored file behind a signed URL (supports HTTP Range)',
    tags: ['files'],
    access: 'public',
    params: keyParamsSchema,
    query: z.object({ expires: z.string().max(20).optional(), signature: z.string().max(200).optional() }),
    response: {
      200: z.unknown().describe('The file'),
      206: z.unknown().describe('The requested bytes of the file'),
      400: errorResponseSchema,
      403: errorResponseSchema,
      404: errorResponseSchema,
      416: errorResponseSchema,
    },
  }),
  uploadFile: defineOperation({
    id: 'uploadFile',
    method: 'PUT',
    path: '/api/uploads/*',
    summary: 'Upload a file to a signed URL (local storage)',
    tags: ['files'],
    access: 'public',
    // The signature is the credential, not the session cookie: no CSRF token (docs/security.md).
    csrf: 'origin-only',
    params: keyParamsSchema,
    query: z.object({
      contentType: z.string().max(200).optional(),
      maxBytes: z.string().max(20).optional(),
      expires: z.string().max(20).optional(),
      signature: z.string().max(200).optional(),
    }),
    response: {
      204: noContentSchema,
      400: errorResponseSchema,
      403: errorResponseSchema,
      409: errorResponseSchema,
      413: errorResponseSchema,
      415: errorResponseSchema,
    },
  }),
};
