import type { RouteModule } from '../../route-module';
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
const campaignReportRoutes: RouteModule = async (app, options) => {
  await app.register(reportRoutes, options);
  await app.register(audienceRoutes, options);
  await app.register(breakdownRoutes, options);
  await app.register(displayRoutes, options);
  await app.register(searchRoutes, options);
  await app.register(vehicleRoutes, options);
  await app.register(engagementRoutes, options);
};
export default campaignReportRoutes;
