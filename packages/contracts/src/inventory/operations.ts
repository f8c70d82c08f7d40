import { errorResponseSchema } from '../common/errors';
import { tenantParamsSchema } from '../common/ids';
import {
  audienceParamsSchema,
  audienceSchema,
  inventorySummarySchema,
  listAudiencesResponseSchema,
  listInventoryDataProvidersQuerySchema,
  listInventoryDataProvidersResponseSchema,
  listInventoryQuerySchema,
  listInventoryResponseSchema,
  uploadInventoryFeedResponseSchema,
} from '../campaign-wizard/api';
import { commonErrors, DEALERSHIP_PATH, defineOperation } from '../operations/define';

/** A dealership's inventory and saved audiences (spec 001 §3, §7 "Inventory and audiences"). */
export const inventoryOperations = {
  listInventoryDataProviders: defineOperation({
    id: 'listInventoryDataProviders',
    method: 'GET',
    path: '/api/admin/inventory_data_providers',
    summary: 'Inventory data providers',
    tags: ['inventory'],
    query: listInventoryDataProvidersQuerySchema,
    response: { 200: listInventoryDataProvidersResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
  }),
  listInventory: defineOperation({
    id: 'listInventory',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/inventory/vehicles`,
    summary: "The dealership's inventory",
    tags: ['inventory'],
    params: tenantParamsSchema,
    query: listInventoryQuerySchema,
    response: { 200: listInventoryResponseSchema, ...commonErrors },
  }),
  getInventorySummary: defineOperation({
    id: 'getInventorySummary',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/inventory/summary`,
    summary: 'Inventory counts and data providers',
    tags: ['inventory'],
    params: tenantParamsSchema,
    response: { 200: inventorySummarySchema, ...commonErrors },
  }),
  uploadInventoryFeed: defineOperation({
    id: 'uploadInventoryFeed',
    method: 'POST',
    path: `${DEALERSHIP_PATH}/inventory/feed`,
    summary: 'Upload an inventory feed (CSV)',
    tags: ['inventory'],
    // The body is the CSV itself (`Content-Type: text/csv`).
    consumes: ['text/csv', 'application/octet-stream'],
    params: tenantParamsSchema,
    response: { 200: uploadInventoryFeedResponseSchema, ...commonErrors },
  }),
  listAudiences: defineOperation({
    id: 'listAudiences',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/audiences`,
    summary: 'Saved marketing audiences',
    tags: ['audiences'],
    params: tenantParamsSchema,
    response: { 200: listAudiencesResponseSchema, ...commonErrors },
  }),
  getAudience: defineOperation({
    id: 'getAudience',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/audiences/:audience_id`,
    summary: 'A saved audience',
    tags: ['audiences'],
    params: audienceParamsSchema,
    response: { 200: audienceSchema, ...commonErrors },
  }),
};
