import {
  firstHttpsImage,
  MAX_THUMBNAILS,
  UNDER_30K_PRICE,
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
