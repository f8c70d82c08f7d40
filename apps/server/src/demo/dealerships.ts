import {
  addDays,
  cents,
  compareText,
  daysBetween,
  getOrInsert,
  hashSeed,
  RAW,
  readCsv,
  readCsvArrays,
  readRaw,
  toInt,
  type EntityRow,
} from './common';
import { normalizeVehicleName } from '../ingestion/vehicle-names';

/** Reference geography, the demo dealerships and their real inventory (docs/demo-data.md). */

// ---------------------------------------------------------------------------------------------
// Geography

export interface Dma {
  code: number;
  tvHomes: number;
  /** Mean of the boundary's vertices (seed/raw/geo/dma_boundaries.geojson.gz); null when absent. */
  center: { latitude: number; longitude: number } | null;
}

/**
 * DMA names spelled out, by code (seed/raw/dma/dma_full_names.csv, issue 20 §2): Nielsen's table
 * abbreviates 33 of them to 26 characters ('Greenvll-Spart-Ashevll-And'); reports show
 * 'Greenville-Spartanburg-Asheville-Anderson'. A code without an entry keeps Nielsen's name.
 */
export function dmaFullNames(): Map<number, string> {
  return new Map(readCsv(RAW.dmaFullNames).map((r) => [toInt(r.dma_code), r.full_name ?? '']));
}

export function buildDmas(): EntityRow<'dmas'>[] {
  const fullNames = dmaFullNames();
  return readCsv(RAW.dmas).map((r) => ({
    dma_code: toInt(r.dma_code),
    rank: toInt(r.rank),
    name: fullNames.get(toInt(r.dma_code)) ?? r.dma_name ?? '',
    tv_homes: toInt(r.tv_homes),
    pct_of_us: r.pct_of_us ?? '',
  }));
}

export function buildZipDmas(): EntityRow<'zip_dmas'>[] {
  const fullNames = dmaFullNames();
  return readCsvArrays(RAW.zipDmas).map(([zip = '', dma = '', description = '']) => ({
    zip_code: zip.padStart(5, '0'),
    dma_code: toInt(dma),
    dma_description: fullNames.get(toInt(dma)) ?? description,
  }));
}

interface GeoJson {
  features: {
    properties: { dma_code: number | string };
    geometry: { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };
  }[];
}

/** The DMAs with TV homes and a rough center (the mean of their boundary vertices). */
export function loadDmaGeography(dmaRows: EntityRow<'dmas'>[]): Dma[] {
  const centers = new Map<number, { latitude: number; longitude: number }>();
  const geo = JSON.parse(readRaw(RAW.dmaBoundaries).toString('utf8')) as GeoJson;
  for (const feature of geo.features) {
    let lat = 0;
    let lon = 0;
    let n = 0;
    const { geometry } = feature;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    for (const polygon of polygons) {
      for (const [x = 0, y = 0] of polygon[0] ?? []) {
        lon += x;
        lat += y;
        n++;
      }
    }
    if (n > 0) centers.set(Number(feature.properties.dma_code), { latitude: lat / n, longitude: lon / n });
  }
  return dmaRows.map((r) => ({
    code: Number(r.dma_code),
    tvHomes: Number(r.tv_homes),
    center: centers.get(Number(r.dma_code)) ?? null,
  }));
}

/** Great-circle distance in km. */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

// ---------------------------------------------------------------------------------------------
// Dealerships and inventory

export const ORGANIZATION_ID = 1;
/** Rooftops whose sold report is switched on in the demo (documented in docs/demo-data.md). */
const SOLD_REPORT_DEALERSHIPS = new Set([101, 104, 207]);
const SAN_ANTONIO_DMA = 641;
const LAREDO_DMA = 749;

/**
 * Where the Ancira rooftops are drawn (the data has no address): the centroid of a ZIP of their
 * town. Everything else in San Antonio uses the downtown ZIP 78205.
 */
const ANCIRA_ZIPS: [RegExp, string][] = [
  [/laredo/i, '78041'],
  [/eagle pass/i, '78852'],
  [/floresville/i, '78114'],
  [/./, '78205'],
];

/**
 * Telephone area code of each dealership's town, for the fictional 555-01xx caller numbers
 * (by ZIP for Cars.com dealers, by town for Ancira).
 */
const AREA_CODES: Record<string, string> = {
  '85015': '602', // Phoenix, AZ
  '75093': '972', // Plano, TX
  '63123': '314', // St. Louis, MO
  '30096': '770', // Duluth, GA
  '33181': '305', // North Miami, FL
  '95129': '408', // San Jose, CA
  '29607': '864', // Greenville, SC
  '43125': '614', // Groveport, OH
  '78041': '956', // Laredo, TX
  '78852': '830', // Eagle Pass, TX
  '78114': '830', // Floresville, TX
  '78205': '210', // San Antonio, TX
};

export interface Dealership {
  id: number;
  name: string;
  shortName: string;
  street: string | null;
  /** Town for addresses: the end of the street field (Cars.com) or the Ancira town. */
  town: string;
  state: string;
  zip: string | null;
  dmaCode: number | null;
  /** The point drawn for the dealership: its ZIP centroid (Ancira: a ZIP of its town). */
  location: { latitude: number; longitude: number };
  areaCode: string;
  /** Listings in the source file, in file order. */
  listings: Record<string, string>[];
}

/** A readable short name for campaign names: drops marketing suffixes and long brand lists. */
function shortName(name: string): string {
  return name
    .replace(/\s+-\s+.*$/, '')
    .replace(/\bAutomotive\s+/, '')
    .replace(/\s+Delivery Center$/, '')
    .replace(/Chrysler Jeep Dodge Ram/i, 'CJDR')
    .replace(/Chrysler Dodge Jeep Ram/i, 'CDJR')
    .replace(/Volkswagen/, 'VW')
    .trim();
}

export const missing = (value: string | undefined) =>
  value === undefined || value.trim() === '' || value === '–' ? null : value.trim();

const ANCIRA_TOWNS: Record<string, string> = {
  '78041': 'Laredo',
  '78852': 'Eagle Pass',
  '78114': 'Floresville',
  '78205': 'San Antonio',
};

export function loadDealerships(zipToDma: Map<string, number>): Dealership[] {
  const centroids = new Map(
    readCsv(RAW.zipCentroids).map((r) => [
      r.zip ?? '',
      { latitude: Number(r.latitude), longitude: Number(r.longitude) },
    ]),
  );
  const centroid = (zip: string) => {
    const point = centroids.get(zip);
    if (!point) throw new Error(`No ZIP centroid for ${zip} in ${RAW.zipCentroids}`);
    return point;
  };

  // Cars.com: the 8 dealer sellers of the subset, ranked as when they were picked (SOURCES.md).
  const sellers = new Map<string, Record<string, string>[]>();
  for (const row of readCsv(RAW.carscom)) {
    if (row.SellerType !== 'Dealer') continue;
    getOrInsert(sellers, row.SellerName ?? '', () => []).push(row);
  }
  const stockedVins = (rows: Record<string, string>[]) =>
    new Set(rows.filter((r) => missing(r['Stock#']) !== null).map((r) => r.VIN)).size;
  const ranked = [...sellers.entries()].sort(
    ([nameA, a], [nameB, b]) => stockedVins(b) - stockedVins(a) || compareText(nameA, nameB),
  );
  const carscom = ranked.map(([name, listings], index): Dealership => {
    const first = listings[0] ?? {};
    const zip = missing(first.Zipcode)?.padStart(5, '0') ?? null;
    const street = missing(first.StreetName);
    return {
      id: 101 + index,
      name,
      shortName: shortName(name),
      street,
      // The street field ends with the town; the town is its last word(s) after the street type.
      town: /\b(?:Rd|Pkwy|Blvd|Ave|St|Dr|Hwy)\s+(.+)$/.exec(street ?? '')?.[1] ?? '',
      state: first.State ?? '',
      zip,
      dmaCode: zip === null ? null : (zipToDma.get(zip) ?? null),
      location: centroid(zip ?? ''),
      areaCode: AREA_CODES[zip ?? ''] ?? '555',
      listings,
    };
  });

  // Ancira: one dealership per rooftop, in name order; the data has no street or ZIP.
  const rooftops = new Map<string, Record<string, string>[]>();
  for (const row of readCsv(RAW.ancira)) getOrInsert(rooftops, row.dealership ?? '', () => []).push(row);
  const ancira = [...rooftops.keys()].sort(compareText).map((name, index): Dealership => {
    const zip = ANCIRA_ZIPS.find(([pattern]) => pattern.test(name))?.[1] ?? '78205';
    return {
      id: 201 + index,
      name,
      shortName: shortName(name),
      street: null,
      town: ANCIRA_TOWNS[zip] ?? 'San Antonio',
      state: 'TX',
      zip: null,
      dmaCode: /laredo/i.test(name) ? LAREDO_DMA : SAN_ANTONIO_DMA,
      location: centroid(zip),
      areaCode: AREA_CODES[zip] ?? '210',
      listings: rooftops.get(name) ?? [],
    };
  });
  return [...carscom, ...ancira];
}

export function buildDealershipRows(dealerships: Dealership[]): EntityRow<'dealerships'>[] {
  return dealerships.map((d, index) => ({
    id: d.id,
    organization_id: ORGANIZATION_ID,
    name: d.name,
    street: d.street,
    city: null,
    state: d.state,
    zip: d.zip,
    dma_code: d.dmaCode,
    enable_facebook_campaign_conversions: index % 2 === 0 ? 1 : 0,
    has_sold_report_source: SOLD_REPORT_DEALERSHIPS.has(d.id) ? 1 : 0,
  }));
}

function carscomVehicle(dealershipId: number, r: Record<string, string>): EntityRow<'inventory_vehicles'> {
  const price = /^\$([\d,]+)/.exec(r.Price ?? '');
  const mileage = missing(r.Mileage);
  return {
    dealership_id: dealershipId,
    vin: r.VIN ?? '',
    stock_number: missing(r['Stock#']),
    year: toInt(r.Year),
    // Cars.com splits the title at the first space: 'Alfa' / 'Romeo Giulia Base', 'Mazda' / 'CX-5 Grand Touring'.
    ...normalizeVehicleName({ make: r.Make ?? '', model: r.Model ?? '' }),
    body_style: null,
    vehicle_state: /certified$/i.test(r['Used/New'] ?? '') ? 'Certified used' : 'Used',
    price: price?.[1] ? Number(price[1].replaceAll(',', '')) : null,
    mileage: mileage === null ? null : toInt(mileage),
    exterior_color: missing(r.ExteriorColor),
    image_url: null,
    first_seen_date: null,
  };
}

function anciraVehicle(dealershipId: number, latest: Record<string, string>): EntityRow<'inventory_vehicles'> {
  const price = toInt(latest.price);
  return {
    dealership_id: dealershipId,
    vin: latest.vin_num ?? '',
    stock_number: null,
    year: toInt(latest.year),
    ...normalizeVehicleName({ make: latest.make ?? '', model: latest.model ?? '', trim: missing(latest.trim) }),
    body_style: missing(latest.body_style),
    vehicle_state: 'Used',
    price: price >= 0 ? price : null,
    mileage: missing(latest.mileage) === null ? null : toInt(latest.mileage),
    exterior_color: missing(latest.ext_color),
    image_url: null,
    // The first appearance comes from the snapshots (inventory_snapshots, shifted to end today).
    first_seen_date: null,
  };
}

export function buildInventory(dealerships: Dealership[]): EntityRow<'inventory_vehicles'>[] {
  const rows: EntityRow<'inventory_vehicles'>[] = [];
  for (const d of dealerships) {
    if (d.id < 200) {
      const seen = new Set<string>();
      for (const listing of d.listings) {
        if (seen.has(listing.VIN ?? '')) continue;
        seen.add(listing.VIN ?? '');
        rows.push(carscomVehicle(d.id, listing));
      }
      continue;
    }
    // Ancira snapshots: the latest row of each VIN at this rooftop (its history: buildInventoryHistory).
    const latest = new Map<string, Record<string, string>>();
    for (const listing of d.listings) {
      const entry = latest.get(listing.vin_num ?? '');
      if (entry === undefined || (listing.alert_dt ?? '') >= (entry.alert_dt ?? ''))
        latest.set(listing.vin_num ?? '', listing);
    }
    for (const listing of latest.values()) rows.push(anciraVehicle(d.id, listing));
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Inventory history and derived sales (issue 22 §4)

/** The newest Ancira snapshot day: it becomes the load day ("today"). */
export const ANCIRA_LAST_SNAPSHOT = '2022-04-01';
/** Derived gross of a derived sale, as fractions of the last listed price (docs/demo-data.md). */
export const DERIVED_FRONT_GROSS = 0.06;
export const DERIVED_BACK_GROSS = 0.03;

/** When a vehicle was on the lot: from its arrival up to (not including) `until`. */
export interface OnLot {
  /** Its first snapshot day, or for a vehicle first seen in a later snapshot a derived arrival day after the previous one. */
  from: string;
  /** The derived sale day of a vehicle that left the feed; null while it is on the lot. */
  until: string | null;
}

export interface InventoryHistory {
  snapshots: EntityRow<'inventory_snapshots'>[];
  sales: EntityRow<'vehicle_sales'>[];
  /** dealership id → VIN → the days it was on the lot (Ancira only; other vehicles always). */
  onLot: Map<number, Map<string, OnLot>>;
}

/**
 * The dated snapshots of every dealership's lot and the sales derived from them:
 *
 * - Ancira rooftops: their three real snapshots (2021-08-28, 2021-08-30, 2022-04-01), every date
 *   shifted by the same number of days so 2022-04-01 is `today`; each VIN's listed price that day
 *   (−1 → empty). A VIN absent from the rooftop's newest snapshot left the feed: it becomes a sale
 *   dated a deterministic day after its last appearance, up to the next snapshot day (FNV-1a of
 *   rooftop and VIN), at its last listed price, deal type `used` (the data lists used vehicles),
 *   front and back gross 6 % and 3 % of that price, `gross_derived` 1, no customer ZIP. A VIN
 *   first seen in a later snapshot arrived a deterministic day after the snapshot before it (its
 *   `first_seen_date`, `onLot.from`), so the lot between snapshots holds both the vehicles not
 *   yet sold and those already arrived.
 * - Cars.com dealers: one snapshot of their current inventory, dated `today`.
 */
export function buildInventoryHistory(dealerships: Dealership[], today: string): InventoryHistory {
  const snapshots: EntityRow<'inventory_snapshots'>[] = [];
  const sales: EntityRow<'vehicle_sales'>[] = [];
  const onLot = new Map<number, Map<string, OnLot>>();
  const shift = daysBetween(ANCIRA_LAST_SNAPSHOT, today);
  for (const d of dealerships) {
    if (d.id < 200) {
      const seen = new Set<string>();
      for (const listing of d.listings) {
        const vin = listing.VIN ?? '';
        if (seen.has(vin)) continue;
        seen.add(vin);
        const price = /^\$([\d,]+)/.exec(listing.Price ?? '');
        snapshots.push({
          dealership_id: d.id,
          vin,
          snapshot_date: today,
          price: price?.[1] ? Number(price[1].replaceAll(',', '')) : null,
        });
      }
      continue;
    }
    const byVin = new Map<string, Map<string, number | null>>();
    const days = new Set<string>();
    for (const listing of d.listings) {
      const day = addDays(listing.alert_dt ?? '', shift);
      days.add(day);
      const price = toInt(listing.price);
      getOrInsert(byVin, listing.vin_num ?? '', () => new Map()).set(day, price >= 0 ? price : null);
    }
    const sortedDays = [...days].sort(compareText);
    const newest = sortedDays[sortedDays.length - 1]!;
    const lot = new Map<string, OnLot>();
    onLot.set(d.id, lot);
    for (const vin of [...byVin.keys()].sort(compareText)) {
      const prices = byVin.get(vin)!;
      const seenDays = [...prices.keys()].sort(compareText);
      for (const day of seenDays)
        snapshots.push({ dealership_id: d.id, vin, snapshot_date: day, price: prices.get(day)! });
      const last = seenDays[seenDays.length - 1]!;
      const first = seenDays[0]!;
      // A vehicle first seen in a later snapshot arrived some day after the one before it.
      const previous = sortedDays.filter((day) => day < first).pop();
      const from =
        previous === undefined
          ? first
          : addDays(previous, 1 + (hashSeed(d.id, vin, 'arrived') % daysBetween(previous, first)));
      if (last === newest) {
        lot.set(vin, { from, until: null });
        continue;
      }
      const gone = sortedDays.find((day) => day > last)!;
      const soldDate = addDays(last, 1 + (hashSeed(d.id, vin, 'sold') % daysBetween(last, gone)));
      const price = prices.get(last) ?? null;
      lot.set(vin, { from, until: soldDate });
      sales.push({
        dealership_id: d.id,
        vin,
        sold_date: soldDate,
        deal_type: 'used',
        sale_price: price,
        front_gross: price === null ? null : cents(price * DERIVED_FRONT_GROSS),
        back_gross: price === null ? null : cents(price * DERIVED_BACK_GROSS),
        customer_zip: null,
        gross_derived: 1,
      });
    }
  }
  return { snapshots, sales, onLot };
}
