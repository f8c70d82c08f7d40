import type { FastifyRequest } from 'fastify';
import { attributionOperations, ROLE_AGENCY_ADMIN, todayInZone } from '@portal/contracts';
import type { RouteModule } from '../../route-module';
import { registerOperation } from '../../register';
import { forbidden, notFound } from '../../../lib/errors';
import {
  attributionSummary,
  dealershipAttributionContext,
  getAttributionSettings,
  inventoryInsights,
  listAttributedSales,
  updateAttributionSettings,
} from '../../../repositories/attribution';
import { managedCampaigns } from '../../../db/schema';
import { and, eq } from 'drizzle-orm';

/**
 * Sales attribution and inventory insights (issue 22 §2–§3, docs/attribution.md), under a
 * dealership's or an agency's path: the tenant check runs before any query (another agency or a
 * dealership the user may not open: 404). The settings are for roles 1–2 (a dealership user: 403). Attributions
 * are computed when read from the stored sales and exposure (one statement, repositories/attribution/rule.ts),
 * so an answer always reflects the current rows, window and model.
 */
/** The agency's attribution settings are for platform staff and agency administrators (roles 1–2); others 403. */
function requireAgencyAdmin(request: FastifyRequest) {
  if ((request.user?.role_id ?? 3) > ROLE_AGENCY_ADMIN)
    throw forbidden('Only an agency administrator may read or change the attribution settings');
}

const attributionRoutes: RouteModule = async (app, options) => {
  /**
   * `GET .../dealership/{dealership_id}/attribution?startDate&endDate` → `{ rule, has_sales, sales,
   * attributed_sales, campaigns[], products[] }`: money in dollars, `roas` a ratio, `attributed_sales`
   * per campaign a sum of shares.
   */
  registerOperation(app, attributionOperations.getAttributionSummary, async (request) => {
    const { dealership_id: dealershipId } = request.params;
    const { rule } = await dealershipAttributionContext(app.db, dealershipId);
    return attributionSummary(app.db, {
      dealershipId,
      startDate: request.query.startDate,
      endDate: request.query.endDate,
      rule,
    });
  });

  /**
   * `GET .../attribution/sales?startDate&endDate[&campaign_id][&pageIndex&pageSize]` → `{ rule, data,
   * total }`: each attributed (sale, campaign) with its evidence. A campaign not the dealership's: 404.
   */
  registerOperation(app, attributionOperations.listAttributedSales, async (request) => {
    const { dealership_id: dealershipId } = request.params;
    const { startDate, endDate, campaign_id: campaignId, pageIndex, pageSize } = request.query;
    if (campaignId !== undefined) {
      const [campaign] = await app.db
        .select({ id: managedCampaigns.id })
        .from(managedCampaigns)
        .where(and(eq(managedCampaigns.id, campaignId), eq(managedCampaigns.dealershipId, dealershipId)));
      if (!campaign) throw notFound('Campaign not found');
    }
    const { rule } = await dealershipAttributionContext(app.db, dealershipId);
    const page = await listAttributedSales(app.db, {
      dealershipId,
      startDate,
      endDate,
      campaignId,
      pageIndex,
      pageSize,
    });
    return { rule, ...page };
  });

  /**
   * `GET .../dealership/{dealership_id}/inventory-insights[?as_of]` → the four sections on `as_of`
   * (the agency's today by default).
   */
  registerOperation(app, attributionOperations.getInventoryInsights, async (request) => {
    const { dealership_id: dealershipId } = request.params;
    const context = await dealershipAttributionContext(app.db, dealershipId);
    const asOf = request.query.as_of ?? todayInZone(options.clock(), context.timeZone);
    return inventoryInsights(app.db, { dealershipId, asOf, agedDays: context.agedDays, rule: context.rule });
  });

  /** `GET /api/agencies/{organization_id}/attribution-settings` → `{ window_days, model, aged_inventory_days }` (roles 1–2). */
  registerOperation(app, attributionOperations.getAttributionSettings, async (request) => {
    requireAgencyAdmin(request);
    return getAttributionSettings(app.db, request.params.organization_id);
  });

  /** `PATCH .../attribution-settings` `{ window_days?, model?, aged_inventory_days? }` → the settings (roles 1–2). */
  registerOperation(app, attributionOperations.updateAttributionSettings, async (request) => {
    requireAgencyAdmin(request);
    return updateAttributionSettings(app.db, request.params.organization_id, request.body, options.clock());
  });
};
export default attributionRoutes;
