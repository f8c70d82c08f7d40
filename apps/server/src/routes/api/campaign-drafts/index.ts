import type { RouteModule } from '../../route-module';
import creationRoutes from './creation';
import creativeRoutes from './creatives';
import draftRoutes from './drafts';

/**
 * Campaign creation (spec 001 §4, §7) under `/api/agencies/{organization_id}/dealership/{dealership_id}/campaigns`:
 * drafts (drafts.ts), creatives (creatives.ts) and the two creation calls (creation.ts); the checks
 * they share are in checks.ts. Every route runs `requireTenant` first; drafts are looked up by id and
 * dealership, so another dealership's draft is 404.
 */
const campaignDraftRoutes: RouteModule = async (app, options) => {
  await app.register(draftRoutes, options);
  await app.register(creativeRoutes, options);
  await app.register(creationRoutes, options);
};
export default campaignDraftRoutes;
