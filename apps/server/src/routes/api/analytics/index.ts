import type { RouteModule } from '../../route-module';
import { analyticsOperations } from '@portal/contracts';
import { registerOperation } from '../../register';
import { analyticsEvents } from '../../../db/schema';

/** `POST .../analytics/events` `{ name, properties }` → 204: records e.g. create_campaign (spec 000 §2.1). */
const analytics: RouteModule = async (app) => {
  registerOperation(app, analyticsOperations.recordEvent, async (request, reply) => {
    await app.db.insert(analyticsEvents).values({
      name: request.body.name,
      userId: request.user!.id,
      organizationId: request.params.organization_id,
      dealershipId: request.params.dealership_id,
      properties: JSON.stringify(request.body.properties),
    });
    return reply.status(204).send(null);
  });
};
export default analytics;
