import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { errorResponseSchema, recordEventBodySchema, tenantParamsSchema } from '@portal/contracts';
import { analyticsEvents } from '../../../db/schema';

/** `POST .../analytics/events` `{ name, properties }` → 204: records e.g. create_campaign (spec 000 §2.1). */
const analytics: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/analytics/events',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Record an analytics event',
        params: tenantParamsSchema,
        body: recordEventBodySchema,
        response: { 204: z.null(), 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await app.db.insert(analyticsEvents).values({
        name: request.body.name,
        userId: request.user!.id,
        organizationId: request.params.organization_id,
        dealershipId: request.params.dealership_id,
        properties: JSON.stringify(request.body.properties),
      });
      return reply.status(204).send(null);
    },
  );
};
export default analytics;
