import type { RouteModule } from '../../route-module';
import { campaignReportOperations, type VehicleRow } from '@portal/contracts';
import { registerOperation } from '../../register';
import { csvPercent, type CsvColumn } from '../../../lib/csv';
import { notFound } from '../../../lib/errors';
import { getVehicleDetail } from '../../../repositories/campaign-reports/inventory-vehicle';
import { getTopVehicles } from '../../../repositories/campaign-reports/top-vehicles';
import { countVehicles, listVehicles } from '../../../repositories/campaign-reports/vehicles';
import { csvColumnsOf, loadCampaign, rangeOf, registerReportTable, type ReportTableOperations } from './shared';

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
const vehicleTables: Array<{ operations: ReportTableOperations; csv: Array<CsvColumn<VehicleRow>>; table: string }> = [
  {
    operations: {
      page: campaignReportOperations.listCampaignVehicles,
      csv: campaignReportOperations.listCampaignVehiclesCsv,
    },
    csv: csvColumnsOf('vehicles', vehicleValues),
    table: 'Vehicles',
  },
  {
    operations: {
      page: campaignReportOperations.listSocialVehicles,
      csv: campaignReportOperations.listSocialVehiclesCsv,
    },
    csv: csvColumnsOf('socialVehicles', vehicleValues),
    table: 'TopPerformingVehicles',
  },
  {
    operations: {
      page: campaignReportOperations.listDisplayVehicles,
      csv: campaignReportOperations.listDisplayVehiclesCsv,
    },
    csv: csvColumnsOf('vehicles', vehicleValues),
    table: 'Vehicles',
  },
];

/** Vehicle tables, highlight vehicles and the vehicle page (spec 000 §2.6, §2.7, §3, §7). */
const vehicleRoutes: RouteModule = async (app) => {
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
      operations: definition.operations,
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
  registerOperation(app, campaignReportOperations.getTopVehicles, async (request) => {
    const campaign = await loadCampaign(request.reportDb, request.params);
    return getTopVehicles(request.reportDb, { campaign, range: rangeOf(request.query) });
  });

  /**
   * `GET .../inventory/vehicles/{vin}?start_date&end_date` → `{ vin, vehicle, totals, campaigns }`:
   * the dealership's vehicle facts (null when not in its inventory) and the vehicle's impressions,
   * clicks and CTR per campaign of the dealership over the range. 400 for a malformed VIN; 404 when
   * the dealership has neither the vehicle nor campaign results for it.
   */
  registerOperation(app, campaignReportOperations.getVehicleDetail, async (request) => {
    const detail = await getVehicleDetail(request.reportDb, {
      dealershipId: request.params.dealership_id,
      vin: request.params.vin,
      ...rangeOf(request.query),
    });
    if (!detail) throw notFound('Vehicle not found');
    return detail;
  });
};
export default vehicleRoutes;
