import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reportParamsSchema,
  reportRangeQuerySchema,
  topVehiclesResponseSchema,
  vehicleDetailSchema,
  vehicleParamsSchema,
  vehiclesPageSchema,
  vehicleTableColumns,
  type VehicleRow,
} from '@portal/contracts';
import { csvPercent, type CsvColumn } from '../../../lib/csv';
import { notFound } from '../../../lib/errors';
import { getVehicleDetail } from '../../../repositories/campaign-reports/inventory-vehicle';
import { getTopVehicles } from '../../../repositories/campaign-reports/top-vehicles';
import { countVehicles, listVehicles } from '../../../repositories/campaign-reports/vehicles';
import { csvColumnsOf, loadCampaign, rangeOf, registerReportTable, reportErrors } from './shared';

const tags = ['campaign-reports'];

const vehicleValues = {
  description: (row: VehicleRow) => row.description,
  vin_number: (row: VehicleRow) => row.vin_number,
  facebook_product_vendor_id: (row: VehicleRow) => row.facebook_product_vendor_id,
  vehicle_state: (row: VehicleRow) => row.vehicle_state,
  impressions: (row: VehicleRow) => row.impressions,
  clicks: (row: VehicleRow) => row.clicks,
  ctr: (row: VehicleRow) => csvPercent(row.ctr),
};

/**
 * The three vehicles calls of spec 000 §7 share one table: the generic one, FBD/DYN's Top
 * Performing Vehicles (§2.6: Vehicle, VIN, Impressions, Interactions, CTR) and DYD's (§2.7:
 * Vehicle, VIN, Stock, State, Impressions, Clicks, CTR).
 */
const vehicleTables: Array<{ path: string; summary: string; csv: Array<CsvColumn<VehicleRow>>; table: string }> = [
  {
    path: '/campaigns/:campaign_id/vehicles',
    summary: 'Vehicles of a campaign',
    csv: csvColumnsOf('vehicles', vehicleValues),
    table: 'Vehicles',
  },
  {
    path: '/campaigns/fbd/:campaign_id/vehicles',
    summary: 'Top Performing Vehicles (FBD, DYN)',
    csv: csvColumnsOf('socialVehicles', vehicleValues),
    table: 'TopPerformingVehicles',
  },
  {
    path: '/campaigns/dyd/:campaign_id/vehicles',
    summary: 'Vehicles table (DYD)',
    csv: csvColumnsOf('vehicles', vehicleValues),
    table: 'Vehicles',
  },
];

/** Vehicle tables, highlight vehicles and the vehicle page (spec 000 §2.6, §2.7, §3, §7). */
const vehicleRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `GET .../campaigns/{campaign_id}/vehicles`, `.../campaigns/fbd/{campaign_id}/vehicles`,
   * `.../campaigns/dyd/{campaign_id}/vehicles` with `pageIndex&pageSize&sorting&filters&start_date&end_date`
   * → `{ data: [{ description, vin_number, facebook_product_vendor_id (stock), vehicle_state,
   * impressions, clicks, ctr }], pagination: { total } }` over the range. Default sort impressions
   * descending, ties by VIN; sort ids: description, vin_number, facebook_product_vendor_id,
   * vehicle_state, impressions, clicks, ctr (any other → 400). Filters: `vehicle_state` (one or
   * more), `description` and `vin_number` (text contained, any case).
   * `GET {the same path}/csv?sorting&filters&start_date&end_date` → text/csv of every vehicle of
   * the filtered, sorted set (streamed). Headers: Vehicle, VIN, Stock, State, Impressions,
   * Clicks, CTR (fbd: Vehicle, VIN, Impressions, Interactions, CTR); CTR as '2.50%'. File
   * `{campaign}_Vehicles_{start}_{end}.csv` (fbd: `_TopPerformingVehicles_`).
   */
  for (const definition of vehicleTables) {
    registerReportTable(app, {
      path: definition.path,
      summary: definition.summary,
      pageSchema: vehiclesPageSchema,
      columns: vehicleTableColumns,
      params: (campaign, query) => ({ campaign, ...rangeOf(query), ...query }),
      list: listVehicles,
      count: countVehicles,
      csv: { fileLabel: definition.table, columns: () => definition.csv },
    });
  }

  /**
   * `GET .../campaigns/dyd/{campaign_id}/top-vehicles?start_date&end_date` (spec 000 §2.7) →
   * `{ highestCtr, mostClicked, mostViewed, averages: { impressions, clicks, ctr } }`. Highest CTR
   * among vehicles with at least 100 impressions (all vehicles with impressions when none has
   * 100); each highlight has description, log_vin_number, log_image_url (the inventory field) and
   * image_url (its first https URL), impressions, clicks, ctr; null when no vehicle qualifies.
   * Averages are per vehicle with impressions (two decimals); their ctr is total clicks ÷ impressions.
   */
  app.get(
    '/campaigns/dyd/:campaign_id/top-vehicles',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'Highlight vehicles: highest CTR, most clicked, most viewed',
        params: reportParamsSchema,
        querystring: reportRangeQuerySchema,
        response: { 200: topVehiclesResponseSchema, ...reportErrors },
      },
    },
    async (request) => {
      const campaign = await loadCampaign(app.db, request.params);
      return getTopVehicles(app.db, { campaign, range: rangeOf(request.query) });
    },
  );

  /**
   * `GET .../inventory/vehicles/{vin}?start_date&end_date` → `{ vin, vehicle, totals, campaigns }`:
   * the dealership's vehicle facts (null when not in its inventory) and the vehicle's impressions,
   * clicks and CTR per campaign of the dealership over the range. 400 for a malformed VIN; 404 when
   * the dealership has neither the vehicle nor campaign results for it.
   */
  app.get(
    '/inventory/vehicles/:vin',
    {
      config: { responseCache: true },
      schema: {
        tags,
        summary: 'A vehicle of the inventory with its campaign results',
        params: vehicleParamsSchema,
        querystring: reportRangeQuerySchema,
        response: { 200: vehicleDetailSchema, ...reportErrors },
      },
    },
    async (request) => {
      const detail = await getVehicleDetail(app.db, {
        dealershipId: request.params.dealership_id,
        vin: request.params.vin,
        ...rangeOf(request.query),
      });
      if (!detail) throw notFound('Vehicle not found');
      return detail;
    },
  );
};
export default vehicleRoutes;
