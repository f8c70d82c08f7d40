import type { RouteModule } from '../route-module';
import { authOperations } from '@portal/contracts';
import { registerOperation } from '../register';

/** `GET /api/health` → `{ status: 'ok' }` once the database answers; 503 with the error shape otherwise. */
const health: RouteModule = async (app) => {
  registerOperation(app, authOperations.health, async (_request, reply) => {
    try {
      await app.database.ping();
    } catch {
      return reply
        .status(503)
        .send({ error: { code: 'SERVICE_UNAVAILABLE', message: 'The database does not answer' } });
    }
    return { status: 'ok' as const };
  });
};
export default health;
