import type { RouteModule } from '../../route-module';
import { inventoryOperations } from '@portal/contracts';
import { registerOperation } from '../../register';
import { listInventoryDataProviders } from '../../../repositories/inventory';

/**
 * `GET /api/admin/inventory_data_providers?pageIndex&pageSize&inventory_data_provider_id` (spec 001 §7)
 * → `{ data: [{ inventory_data_provider_id, name }], pagination: { total } }`: the inventory data
 * providers the portal knows, by id. `inventory_data_provider_id` is one id or comma-joined ids (the
 * ones an inventory summary names); pageSize 1–1000 (default 100). Any signed-in user: the list names
 * listing sources, not tenant data. 400 on a bad query, 401 without a session.
 */
const inventoryDataProviderRoutes: RouteModule = async (app) => {
  registerOperation(app, inventoryOperations.listInventoryDataProviders, async (request) => {
    const { pageIndex, pageSize, inventory_data_provider_id: ids } = request.query;
    const { data, total } = await listInventoryDataProviders(app.db, { pageIndex, pageSize, ids });
    return { data, pagination: { total } };
  });
};
export default inventoryDataProviderRoutes;
