import {
  firstHttpsImage,
  MAX_THUMBNAILS,
  UNDER_30K_PRICE,
  type InventoryFilterFields,
  type InventoryVehicle,
  type SuggestionTile,
} from '@portal/contracts';

/** Whether a vehicle belongs to a suggestion tile (spec 001 §2.6; vehicle_state_id 1 is new). */
export function inTile(tile: SuggestionTile, vehicle: InventoryVehicle): boolean {
  switch (tile) {
    case 'all':
      return true;
    case 'new':
      return vehicle.vehicle_state_id === 1;
    case 'used':
      return vehicle.vehicle_state_id !== 1;
    case 'under30k':
      return vehicle.price !== null && vehicle.price < UNDER_30K_PRICE;
  }
}

/** Up to 10 vehicles of a tile that have an https image, with that image. */
export function tileThumbnails(tile: SuggestionTile, vehicles: InventoryVehicle[]) {
  const out: Array<{ vehicle: InventoryVehicle; image: string }> = [];
  for (const vehicle of vehicles) {
    if (out.length >= MAX_THUMBNAILS) break;
    if (!inTile(tile, vehicle)) continue;
    const image = firstHttpsImage(vehicle.image_url);
    if (image) out.push({ vehicle, image });
  }
  return out;
}

/** Distinct sorted values of a field (make or model options). */
export function distinct(vehicles: InventoryVehicle[], pick: (v: InventoryVehicle) => string): string[] {
  return [...new Set(vehicles.map(pick).filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

const lower = (values: string | null) =>
  (values ?? '')
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);

/**
 * Whether a vehicle passes the filter fields the step sends (issue 25 item 10; `buildFilterPayload`,
 * spec 001 §4 "Filter rules"): its state among the allowed states; make and model among the allowed
 * ones (when any) and not among the disallowed (case-insensitive); price, mileage and days on lot
 * within the bounds (a vehicle without a price passes the price bounds unless `exclude_if_no_price`;
 * without a mileage or days on lot it passes those bounds); stock number starting with an allowed
 * prefix (when any) and with no disallowed one.
 */
export function matchesFilters(
  vehicle: InventoryVehicle,
  filters: InventoryFilterFields & { allowed_vehicle_states: string },
): boolean {
  const states = lower(filters.allowed_vehicle_states);
  if (states.length > 0 && !states.includes(vehicle.vehicle_state.toLowerCase())) return false;
  const listed = (value: string, allowed: string | null, disallowed: string | null) => {
    const yes = lower(allowed);
    const text = value.toLowerCase();
    return (yes.length === 0 || yes.includes(text)) && !lower(disallowed).includes(text);
  };
  if (!listed(vehicle.raw_make, filters.allowed_makes, filters.disallowed_makes)) return false;
  if (!listed(vehicle.raw_model, filters.allowed_models, filters.disallowed_models)) return false;
  const within = (value: number | null, lowest: number | null, highest: number | null) =>
    value === null || ((lowest === null || value >= lowest) && (highest === null || value <= highest));
  if (vehicle.price === null && filters.exclude_if_no_price === 1) return false;
  if (!within(vehicle.price, filters.lowest_allowed_price, filters.highest_allowed_price)) return false;
  if (!within(vehicle.mileage, filters.lowest_allowed_mileage, filters.highest_allowed_mileage)) return false;
  if (!within(vehicle.days_on_lot, filters.minimum_age_days, filters.maximum_age_days)) return false;
  const stock = (vehicle.stock_number ?? '').toLowerCase();
  const allowedPrefixes = lower(filters.allowed_stock_number_prefixes);
  if (allowedPrefixes.length > 0 && !allowedPrefixes.some((prefix) => stock.startsWith(prefix))) return false;
  if (lower(filters.disallowed_stock_number_prefixes).some((prefix) => stock.startsWith(prefix))) return false;
  return true;
}
