import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { errorResponseSchema } from '@portal/contracts';

/** `GET /api/health` → `{ status: 'ok' }` once the database answers; 503 with the error shape otherwise. */
const health: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database readiness',
        response: { 200: z.object({ status: z.literal('ok') }), 503: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
      } catch {
        return reply
          .status(503)
          .send({ error: { code: 'SERVICE_UNAVAILABLE', message: 'The database does not answer' } });
      }
      return { status: 'ok' as const };
    },
  );
};
export default health;
