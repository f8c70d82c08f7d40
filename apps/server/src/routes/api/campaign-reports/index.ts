import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import audienceRoutes from './audiences';
import breakdownRoutes from './breakdowns';
import displayRoutes from './display';
import engagementRoutes from './engagement';
import reportRoutes from './report';
import searchRoutes from './search';
import vehicleRoutes from './vehicles';

/**
 * Campaign report calls (spec 000 §2.5–§2.7, §7) under
 * `/api/agencies/{organization_id}/dealership/{dealership_id}`. `requireTenant` runs before every
 * handler; every handler then loads the campaign by (campaign_id, dealership_id) and answers 404
 * 'Campaign not found' when it is not the dealership's. Ranges are inclusive dealership-local days
 * (`start_date`, `end_date`); counts are whole numbers, money in dollars, percents in percent units
 * (null = N/A).
 */
const campaignReportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(reportRoutes);
  await app.register(audienceRoutes);
  await app.register(breakdownRoutes);
  await app.register(displayRoutes);
  await app.register(searchRoutes);
  await app.register(vehicleRoutes);
  await app.register(engagementRoutes);
};
export default campaignReportRoutes;
