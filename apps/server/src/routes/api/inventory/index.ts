import type { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import type { RouteModule } from '../../route-module';
import { inventoryOperations, localDate, vehicleStates } from '@portal/contracts';
import { registerOperation } from '../../register';
import { ApiError, notFound } from '../../../lib/errors';
import { getOrganization } from '../../../repositories/dealerships';
import {
  getAudience,
  getInventorySummary,
  listAudiences,
  listInventory,
  upsertInventoryFeed,
  type FeedVehicle,
} from '../../../repositories/inventory';
import { normalizeVehicleName } from '../../../ingestion/vehicle-names';

/** The largest inventory feed accepted (about 50,000 vehicles). */
const MAX_FEED_BYTES = 20 * 1024 * 1024;
const FEED_COLUMNS = ['vin', 'year', 'make', 'model', 'vehicle_state'] as const;

/** Parses an inventory feed CSV (docs/campaign-wizard.md); throws 400 with the line of the first bad row. */
export function parseInventoryFeed(text: string): FeedVehicle[] {
  let records: Array<Record<string, string>>;
  try {
    records = parse(text, {
      columns: (h: string[]) => h.map((c) => c.trim().toLowerCase()),
      skip_empty_lines: true,
      bom: true,
      trim: true,
    });
  } catch (error) {
    throw new ApiError(400, 'VALIDATION_FAILED', `The file is not a valid CSV: ${(error as Error).message}`);
  }
  if (records.length === 0) throw new ApiError(400, 'VALIDATION_FAILED', 'The feed has no vehicles');
  const missing = FEED_COLUMNS.filter((c) => !(c in records[0]!));
  if (missing.length) throw new ApiError(400, 'VALIDATION_FAILED', `Missing columns: ${missing.join(', ')}`);
  const number = (value: string | undefined, line: number, column: string) => {
    if (value === undefined || value === '') return null;
    const n = Number(value.replace(/[$,]/g, ''));
    if (!Number.isFinite(n) || n < 0)
      throw new ApiError(400, 'VALIDATION_FAILED', `Line ${line}: ${column} is not a number`);
    return n;
  };
  const seen = new Set<string>();
  return records.map((r, index) => {
    const line = index + 2;
    const vin = (r.vin ?? '').toUpperCase();
    if (!/^[A-HJ-NPR-Z0-9]{11,17}$/.test(vin))
      throw new ApiError(400, 'VALIDATION_FAILED', `Line ${line}: vin is not a VIN`);
    if (seen.has(vin)) throw new ApiError(400, 'VALIDATION_FAILED', `Line ${line}: vin ${vin} appears twice`);
    seen.add(vin);
    const year = number(r.year, line, 'year');
    if (year === null || !Number.isInteger(year) || year < 1900 || year > 2100)
      throw new ApiError(400, 'VALIDATION_FAILED', `Line ${line}: year is not a model year`);
    const state = vehicleStates.find((s) => s.toLowerCase() === (r.vehicle_state ?? '').toLowerCase());
    if (!state)
      throw new ApiError(400, 'VALIDATION_FAILED', `Line ${line}: vehicle_state must be ${vehicleStates.join(', ')}`);
    if (!r.make || !r.model) throw new ApiError(400, 'VALIDATION_FAILED', `Line ${line}: make and model are required`);
    const mileage = number(r.mileage, line, 'mileage');
    return {
      vin,
      stockNumber: r.stock_number || null,
      year,
      ...normalizeVehicleName({ make: r.make, model: r.model, trim: r.trim }),
      vehicleState: state,
      price: number(r.price, line, 'price'),
      mileage: mileage === null ? null : Math.round(mileage),
      imageUrl: r.image_url || null,
    };
  });
}

/** A dealership's inventory and saved audiences (spec 001 §3, §7 "Inventory and audiences"). */
const inventoryRoutes: RouteModule = async (app, options) => {
  app.addContentTypeParser(['text/csv', 'application/octet-stream'], (_request, payload, done) => done(null, payload));

  const today = async (organizationId: number) => {
    const organization = await getOrganization(app.db, { organizationId });
    return localDate(options.clock(), organization?.timeZone ?? 'America/Chicago');
  };

  /**
   * `GET .../inventory/vehicles?pageIndex&pageSize` (the wizard asks for pageSize 99999) →
   * `{ data: vehicle[], pagination: { total } }`; `vehicle_state_id` 1 new, 2 used, 3 certified
   * used; `days_on_lot` from the day the vehicle was first seen; price in dollars.
   */
  registerOperation(app, inventoryOperations.listInventory, async (request) => {
    const { data, total } = await listInventory(app.db, {
      dealershipId: request.params.dealership_id,
      ...request.query,
      today: await today(request.params.organization_id),
    });
    return { data, pagination: { total } };
  });

  /** `GET .../inventory/summary` → `{ totalVehicles, newVehicles, usedVehicles, inventoryDataProviders, inventoryDataProviderClients }`. */
  registerOperation(app, inventoryOperations.getInventorySummary, async (request) =>
    getInventorySummary(app.db, { dealershipId: request.params.dealership_id }),
  );

  /**
   * `POST .../inventory/feed` with a CSV body (`Content-Type: text/csv`; columns vin, year, make,
   * model, vehicle_state (New, Used, Certified used), optional stock_number, trim, price, mileage,
   * image_url) → `{ inserted, updated, totalVehicles }`. Make, model and trim are normalised
   * (`normalizeVehicleName`: 'Alfa' / 'Romeo Giulia' → 'Alfa Romeo' / 'Giulia'). Vehicles are upserted by VIN; 400 names the
   * line of the first bad row and nothing is stored.
   */
  registerOperation(
    app,
    inventoryOperations.uploadInventoryFeed,
    async (request) => {
      let text: string;
      if (typeof request.body === 'string') text = request.body;
      else if (request.body && typeof (request.body as Readable).on === 'function') {
        const chunks: Buffer[] = [];
        for await (const chunk of request.body as Readable) chunks.push(chunk as Buffer);
        text = Buffer.concat(chunks).toString('utf8');
      } else throw new ApiError(400, 'VALIDATION_FAILED', 'Send the feed as text/csv');
      const rows = parseInventoryFeed(text);
      const result = await upsertInventoryFeed(app.db, {
        dealershipId: request.params.dealership_id,
        rows,
        today: await today(request.params.organization_id),
      });
      const summary = await getInventorySummary(app.db, { dealershipId: request.params.dealership_id });
      return { ...result, totalVehicles: summary.totalVehicles };
    },
    { bodyLimit: MAX_FEED_BYTES },
  );

  /** `GET .../audiences` → `{ data: audience[] }`: the dealership's saved audiences by name. */
  registerOperation(app, inventoryOperations.listAudiences, async (request) => ({
    data: await listAudiences(app.db, { dealershipId: request.params.dealership_id }),
  }));

  /** `GET .../audiences/{audience_id}` → the audience; 404 when it is not this dealership's. */
  registerOperation(app, inventoryOperations.getAudience, async (request) => {
    const audience = await getAudience(app.db, {
      dealershipId: request.params.dealership_id,
      audienceId: request.params.audience_id,
    });
    if (!audience) throw notFound('Audience not found');
    return audience;
  });
};
export default inventoryRoutes;
