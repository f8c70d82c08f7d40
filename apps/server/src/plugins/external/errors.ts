import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorResponse } from '@portal/contracts';
import { ApiError } from '../../lib/errors';

const codeOfStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** node-postgres reports a connection that died mid-query, or never came, by message only. */
const lostConnectionMessage =
  /Connection terminated|connection timeout|Client has encountered a connection error|Connection is not open/i;

/** Whether an error, or one it wraps (Drizzle wraps the driver's as `cause`), is a lost database connection. */
function isLostDatabase(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (connectionErrorCodes.has(String(code)) || lostConnectionMessage.test(String(message ?? ''))) return true;
    current = cause;
  }
  return false;
}

/** Whether an error, or one it wraps, is the pool's wait for a free connection running out. */
function isPoolBusy(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (/timeout exceeded when trying to connect/i.test(String((current as { message?: unknown }).message ?? '')))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

/**
 * One error shape for the whole API (STYLE habit 9): `{ error: { code, message, details? } }`.
 * Request validation → 400 VALIDATION_FAILED with a detail per field; client errors keep their
 * status; a lost database → 503; anything else → 500 with internals hidden (and logged).
 */
export default fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: ErrorResponse;
    if (error instanceof ApiError) {
      status = error.statusCode;
      if (error.headers) void reply.headers(error.headers);
      body = {
        error: { code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
      };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const details = error.validation.map((issue) => ({
        path: [
          error.validationContext === 'querystring' ? 'query' : error.validationContext,
          ...(issue.instancePath ? issue.instancePath.split('/').filter(Boolean) : []),
        ].join('.'),
        message: issue.message ?? 'Invalid value',
      }));
      body = { error: { code: 'VALIDATION_FAILED', message: 'The request is not valid', details } };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      body = { error: { code: 'INTERNAL', message: 'Internal server error' } };
    } else if (isPoolBusy(error)) {
      // Every connection of the pool stayed busy for its whole wait (db/client.ts): the server is
      // saturated, not broken — 503 with a hint to retry, not a 500.
      status = 503;
      request.log.warn({ err: error }, 'database pool busy');
      void reply.header('retry-after', '1');
      body = { error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is busy; try again in a moment' } };
    } else if (isLostDatabase(error)) {
      status = 503;
      request.log.error({ err: error }, 'database unavailable');
      body = {
        error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable; try again shortly' },
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { error: { code: codeOfStatus[status] ?? 'BAD_REQUEST', message: error.message } };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      body = { error: { code: 'INTERNAL', message: 'Internal server error' } };
    }
    return reply.status(status).send(body);
  });
});
