import { errorResponseSchema } from '../common/errors';
import { AGENCY_PATH, AGENCY_ROLES, commonErrors, DEALERSHIP_PATH, defineOperation } from '../operations/define';
import {
  attributedSalesQuerySchema,
  attributedSalesResponseSchema,
  attributionParamsSchema,
  attributionSettingsParamsSchema,
  attributionSettingsSchema,
  attributionSummaryQuerySchema,
  attributionSummarySchema,
  inventoryInsightsQuerySchema,
  inventoryInsightsSchema,
  updateAttributionSettingsBodySchema,
} from './attribution';

const tags = ['attribution'] as const;
const adminErrors = { ...commonErrors, 403: errorResponseSchema };

/**
 * Sales attribution and inventory insights (issue 22 §2–§3, docs/attribution.md). Every user who
 * may open the dealership reads its attributed figures, matched sales and insights; agency
 * administrators (role 2) and staff (role 1) read and change the agency's window, model and aged threshold.
 */
export const attributionOperations = {
  getAttributionSummary: defineOperation({
    id: 'getAttributionSummary',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/attribution`,
    summary: 'Attributed sales, gross, cost per sale and ROAS per campaign and product code, with the rule',
    tags,
    params: attributionParamsSchema,
    query: attributionSummaryQuerySchema,
    response: { 200: attributionSummarySchema, ...commonErrors },
  }),
  listAttributedSales: defineOperation({
    id: 'listAttributedSales',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/attribution/sales`,
    summary: 'The matched sales of a range (optionally one campaign’s) with their evidence, paginated',
    tags,
    params: attributionParamsSchema,
    query: attributedSalesQuerySchema,
    response: { 200: attributedSalesResponseSchema, ...commonErrors },
  }),
  getInventoryInsights: defineOperation({
    id: 'getInventoryInsights',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/inventory-insights`,
    summary: 'Aged vehicles, vehicles advertised after leaving the feed, vehicles not shown for 7 days, sold vehicles',
    tags,
    params: attributionParamsSchema,
    query: inventoryInsightsQuerySchema,
    response: { 200: inventoryInsightsSchema, ...commonErrors },
  }),
  getAttributionSettings: defineOperation({
    id: 'getAttributionSettings',
    method: 'GET',
    path: `${AGENCY_PATH}/attribution-settings`,
    summary: 'The agency’s attribution window, model and aged-inventory threshold (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: attributionSettingsParamsSchema,
    response: { 200: attributionSettingsSchema, ...adminErrors },
  }),
  updateAttributionSettings: defineOperation({
    id: 'updateAttributionSettings',
    method: 'PATCH',
    path: `${AGENCY_PATH}/attribution-settings`,
    summary: 'Change the agency’s attribution window (1–90 days), model or aged threshold (roles 1–2)',
    tags,
    roles: AGENCY_ROLES,
    params: attributionSettingsParamsSchema,
    body: updateAttributionSettingsBodySchema,
    response: { 200: attributionSettingsSchema, ...adminErrors },
  }),
};
