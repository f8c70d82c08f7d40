import { monthEnd, shiftMonthStart } from '../common/calendar';
import { formatDollars, formatInteger } from '../common/format';
import {
  creativeMessages,
  creativeUploadRules,
  MAX_AGE_OPTION_DAYS,
  RECOMMENDED_BUDGET,
  UNDER_30K_PRICE,
  vehicleStates,
  type NonInventoryProductCode,
  type VehicleState,
} from './constants';

/* ---------- Inventory filters (spec 001 §2.6, §4 "Filter rules") ---------- */

export const suggestionTiles = ['all', 'new', 'used', 'under30k'] as const;
export type SuggestionTile = (typeof suggestionTiles)[number];
export const suggestionTileLabels: Record<SuggestionTile, string> = {
  all: 'All cars',
  new: 'New cars',
  used: 'Used cars',
  under30k: 'Under $30k',
};

export type GroupMode = 'any' | 'custom';
export interface InventoryFilterState {
  tiles: SuggestionTile[];
  makes: { mode: GroupMode; allowed: string[]; disallowed: string[] };
  models: { mode: GroupMode; allowed: string[]; disallowed: string[] };
  price: { mode: GroupMode; lowest: number | null; highest: number | null; excludeNoPrice: boolean };
  mileage: { mode: GroupMode; lowest: number | null; highest: number | null };
  stock: { mode: GroupMode; allowed: string[]; disallowed: string[] };
  age: { mode: GroupMode; min: number | null; max: number | null; sixtyDays: boolean };
}

export function emptyFilterState(): InventoryFilterState {
  return {
    tiles: [],
    makes: { mode: 'any', allowed: [], disallowed: [] },
    models: { mode: 'any', allowed: [], disallowed: [] },
    price: { mode: 'any', lowest: null, highest: null, excludeNoPrice: false },
    mileage: { mode: 'any', lowest: null, highest: null },
    stock: { mode: 'any', allowed: [], disallowed: [] },
    age: { mode: 'any', min: null, max: null, sixtyDays: false },
  };
}

/** The inventory filter fields of spec 001 §3, as the draft and the creation call carry them. */
export interface InventoryFilterFields {
  allowed_makes: string | null;
  disallowed_makes: string | null;
  allowed_models: string | null;
  disallowed_models: string | null;
  lowest_allowed_price: number | null;
  highest_allowed_price: number | null;
  no_price_only: 0 | 1;
  exclude_if_no_price: 0 | 1;
  lowest_allowed_mileage: number | null;
  highest_allowed_mileage: number | null;
  allowed_stock_number_prefixes: string | null;
  disallowed_stock_number_prefixes: string | null;
  minimum_age_days: number | null;
  maximum_age_days: number | null;
  allowed_body_substrings: string | null;
  disallowed_body_substrings: string | null;
  earliest_allowed_year: number | null;
  latest_allowed_year: number | null;
  allowed_locations: string | null;
  disallowed_locations: string | null;
}

/**
 * Vehicle states of the ticked tiles: All cars → New, Used, Certified used; New cars → New; Used
 * cars → Used, Certified used; Under $30k alone or no tile → all three. Always in the order of §9.
 */
export function vehicleStatesOf(tiles: readonly SuggestionTile[]): VehicleState[] {
  const states = new Set<VehicleState>();
  if (tiles.includes('all')) vehicleStates.forEach((s) => states.add(s));
  if (tiles.includes('new')) states.add('New');
  if (tiles.includes('used')) {
    states.add('Used');
    states.add('Certified used');
  }
  if (states.size === 0) vehicleStates.forEach((s) => states.add(s));
  return vehicleStates.filter((s) => states.has(s));
}

const joined = (values: string[]) => {
  const list = values.map((v) => v.trim()).filter(Boolean);
  return list.length ? list.join(',') : null;
};

/**
 * The fields sent for the filter step (spec 001 §4): custom values only for groups set to
 * 'custom', otherwise null (booleans 0); Under $30k sets the highest price to 30000 (a lower custom
 * highest price is kept); the 60-day option sets the maximum age to 60. The body, year and location
 * fields are never set by the wizard (null).
 */
export function buildFilterPayload(state: InventoryFilterState): InventoryFilterFields & {
  allowed_vehicle_states: string;
} {
  const c = <T>(mode: GroupMode, value: T): T | null => (mode === 'custom' ? value : null);
  let highest = c(state.price.mode, state.price.highest);
  if (state.tiles.includes('under30k'))
    highest = highest !== null && highest < UNDER_30K_PRICE ? highest : UNDER_30K_PRICE;
  let maximumAge = c(state.age.mode, state.age.max);
  if (state.age.mode === 'custom' && state.age.sixtyDays) maximumAge = MAX_AGE_OPTION_DAYS;
  return {
    allowed_vehicle_states: vehicleStatesOf(state.tiles).join(','),
    allowed_makes: c(state.makes.mode, joined(state.makes.allowed)),
    disallowed_makes: c(state.makes.mode, joined(state.makes.disallowed)),
    allowed_models: c(state.models.mode, joined(state.models.allowed)),
    disallowed_models: c(state.models.mode, joined(state.models.disallowed)),
    lowest_allowed_price: c(state.price.mode, state.price.lowest),
    highest_allowed_price: highest,
    no_price_only: 0,
    exclude_if_no_price: state.price.mode === 'custom' && state.price.excludeNoPrice ? 1 : 0,
    lowest_allowed_mileage: c(state.mileage.mode, state.mileage.lowest),
    highest_allowed_mileage: c(state.mileage.mode, state.mileage.highest),
    allowed_stock_number_prefixes: c(state.stock.mode, joined(state.stock.allowed)),
    disallowed_stock_number_prefixes: c(state.stock.mode, joined(state.stock.disallowed)),
    minimum_age_days: c(state.age.mode, state.age.min),
    maximum_age_days: maximumAge,
    allowed_body_substrings: null,
    disallowed_body_substrings: null,
    earliest_allowed_year: null,
    latest_allowed_year: null,
    allowed_locations: null,
    disallowed_locations: null,
  };
}

const split = (value: string | null | undefined) =>
  value
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [];
const present = (...values: unknown[]) => values.some((v) => v !== null && v !== undefined && v !== '' && v !== 0);

/**
 * The filter step restored from a saved draft (spec 001 §4): a group is 'custom' when any of its
 * values is saved; a highest price of 30000 ticks Under $30k (and alone does not make the price
 * group custom); 'New' ticks New cars; 'Used,Certified used' ticks Used cars; all three tick All cars.
 */
export function restoreFilterState(
  draft: Partial<InventoryFilterFields> & { allowed_vehicle_states?: string | null },
): InventoryFilterState {
  const state = emptyFilterState();
  const states = split(draft.allowed_vehicle_states);
  const key = [...states].sort().join(',');
  if (key === 'New') state.tiles.push('new');
  else if (key === 'Certified used,Used') state.tiles.push('used');
  else if (key === 'Certified used,New,Used') state.tiles.push('all');
  const under30k = draft.highest_allowed_price === UNDER_30K_PRICE;
  if (under30k) state.tiles.push('under30k');
  if (present(draft.allowed_makes, draft.disallowed_makes))
    state.makes = { mode: 'custom', allowed: split(draft.allowed_makes), disallowed: split(draft.disallowed_makes) };
  if (present(draft.allowed_models, draft.disallowed_models))
    state.models = { mode: 'custom', allowed: split(draft.allowed_models), disallowed: split(draft.disallowed_models) };
  const highest = under30k ? null : (draft.highest_allowed_price ?? null);
  if (present(draft.lowest_allowed_price, highest, draft.exclude_if_no_price))
    state.price = {
      mode: 'custom',
      lowest: draft.lowest_allowed_price ?? null,
      highest,
      excludeNoPrice: draft.exclude_if_no_price === 1,
    };
  if (present(draft.lowest_allowed_mileage, draft.highest_allowed_mileage))
    state.mileage = {
      mode: 'custom',
      lowest: draft.lowest_allowed_mileage ?? null,
      highest: draft.highest_allowed_mileage ?? null,
    };
  if (present(draft.allowed_stock_number_prefixes, draft.disallowed_stock_number_prefixes))
    state.stock = {
      mode: 'custom',
      allowed: split(draft.allowed_stock_number_prefixes),
      disallowed: split(draft.disallowed_stock_number_prefixes),
    };
  if (present(draft.minimum_age_days, draft.maximum_age_days))
    state.age = {
      mode: 'custom',
      min: draft.minimum_age_days ?? null,
      max: draft.maximum_age_days ?? null,
      sixtyDays: draft.maximum_age_days === MAX_AGE_OPTION_DAYS,
    };
  return state;
}

/** A filter value as the review shows it (issue 25 item 11): prices '$30,000', mileages '80,000 mi', lists as typed. */
function formatFilterValue(key: keyof InventoryFilterFields, value: string | number): string {
  if (typeof value !== 'number') return value;
  if (key === 'lowest_allowed_price' || key === 'highest_allowed_price') return formatDollars(Math.round(value));
  if (key === 'lowest_allowed_mileage' || key === 'highest_allowed_mileage') return `${formatInteger(value)} mi`;
  return formatInteger(value);
}

/** Review lines for 'Cars to promote' (spec 001 §2.8): null means 'All cars'; true values show as Yes; prices and mileages formatted. */
export function filterSummary(fields: InventoryFilterFields & { allowed_vehicle_states: string }): Array<{
  label: string;
  value: string;
}> | null {
  const labels: Array<[keyof InventoryFilterFields, string]> = [
    ['allowed_makes', 'Allowed makes'],
    ['disallowed_makes', 'Disallowed makes'],
    ['allowed_models', 'Allowed models'],
    ['disallowed_models', 'Disallowed models'],
    ['lowest_allowed_price', 'Lowest price'],
    ['highest_allowed_price', 'Highest price'],
    ['exclude_if_no_price', 'Exclude vehicles with no price'],
    ['lowest_allowed_mileage', 'Lowest mileage'],
    ['highest_allowed_mileage', 'Highest mileage'],
    ['allowed_stock_number_prefixes', 'Allowed stock number prefixes'],
    ['disallowed_stock_number_prefixes', 'Disallowed stock number prefixes'],
    ['minimum_age_days', 'Minimum days on lot'],
    ['maximum_age_days', 'Maximum days on lot'],
  ];
  const lines: Array<{ label: string; value: string }> = [];
  if (fields.allowed_vehicle_states.split(',').length < vehicleStates.length)
    lines.push({ label: 'Vehicle states', value: fields.allowed_vehicle_states.split(',').join(', ') });
  for (const [key, label] of labels) {
    const value = fields[key];
    if (value === null || value === 0 || value === '') continue;
    lines.push({ label, value: key === 'exclude_if_no_price' ? 'Yes' : formatFilterValue(key, value) });
  }
  return lines.length ? lines : null;
}

/* ---------- Dates and budget (spec 001 §4) ---------- */

export type DatePreset = 'eom' | 'next_month';
export const datePresetLabels: Record<DatePreset, string> = {
  eom: 'Today to end of this month',
  next_month: 'Next month',
};

/** The range of a preset on `today` (YYYY-MM-DD): eom = today to the last day of this month; next_month = its first to last day. */
export function presetRange(preset: DatePreset, today: string): { start: string; end: string } {
  if (preset === 'eom') return { start: today, end: monthEnd(today) };
  const next = shiftMonthStart(today, 1);
  return { start: next, end: monthEnd(next) };
}

/** The preset whose range the dates match (re-selection rule), or null (the preset is cleared). */
export function matchingPreset(start: string | null, end: string | null, today: string): DatePreset | null {
  if (!start || !end) return null;
  for (const preset of ['eom', 'next_month'] as const) {
    const range = presetRange(preset, today);
    if (range.start === start && range.end === end) return preset;
  }
  return null;
}

/** Turning on the recommended budget sets it to 5000; turning it off keeps what was there. */
export function budgetWithRecommendation(useRecommended: boolean, budget: number | null): number | null {
  return useRecommended ? RECOMMENDED_BUDGET : budget;
}

/* ---------- Product and creatives (spec 001 §4, §5) ---------- */

/** Choosing a product keeps its own creatives and resets every other product's to empty. */
export function creativesAfterChoosing<T>(
  creatives: Partial<Record<string, T[]>>,
  chosen: string,
): Partial<Record<string, T[]>> {
  const next: Partial<Record<string, T[]>> = {};
  for (const code of Object.keys(creatives)) next[code] = code === chosen ? creatives[code] : [];
  if (!(chosen in next)) next[chosen] = [];
  return next;
}

/**
 * The message a creative file is refused with (spec 001 §5, issue 18 item 10), or null when it is
 * accepted: spaces in the name, then the type (the extension, and the browser's MIME type when it
 * gives one, must be in the product's kind of `creativeAllowedTypes`), then the size.
 */
export function creativeFileError(
  product: NonInventoryProductCode,
  file: { name: string; size: number; type: string },
): string | null {
  const rule = creativeUploadRules[product];
  if (/\s/.test(file.name)) return creativeMessages.spaces;
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const type = file.type.toLowerCase();
  if (!rule.extensions.includes(extension) || (type !== '' && !rule.mimeTypes.includes(type)))
    return creativeMessages.wrongType;
  if (file.size > rule.maxMb * 1024 * 1024) return creativeMessages.tooLarge(rule.maxMb);
  return null;
}

/**
 * The file types a creative input of the product accepts, for an `accept` attribute or
 * react-dropzone's `accept` (`{ mime type: ['.ext', …] }`): the product's kind in `creativeAllowedTypes`.
 */
export function creativeAccept(product: NonInventoryProductCode): Record<string, string[]> {
  const rule = creativeUploadRules[product];
  return Object.fromEntries(rule.mimeTypes.map((mime) => [mime, rule.extensions.map((e) => `.${e}`)]));
}

/* ---------- Names and lists of the creation call (spec 001 §7) ---------- */

/** '{dealership name} - {campaign name} [{PRODUCT CODE}{pacing id}]'. */
export function vendorCampaignName(
  dealershipName: string,
  campaignName: string,
  productCode: string,
  pacingId: number,
) {
  return `${dealershipName} - ${campaignName} [${productCode.toUpperCase()}${pacingId}]`;
}

/** The audience list of the non-inventory call: 'name (size)' per audience, or ['None']. */
export function audienceList(useCustomAudience: boolean, audiences: Array<{ name: string; size: number }>): string[] {
  if (!useCustomAudience || audiences.length === 0) return ['None'];
  return audiences.map((a) => `${a.name} (${a.size})`);
}

/** The first https URL of an image_url holding several URLs separated by |, ||||, comma or semicolon. */
export function firstHttpsImage(imageUrl: string | null | undefined): string | null {
  if (!imageUrl) return null;
  return (
    imageUrl
      .split(/\|\|\|\||\||,|;/)
      .map((part) => part.trim())
      .find((part) => /^https:\/\//i.test(part)) ?? null
  );
}

/** pacing_id: unix time in seconds. */
export const pacingIdAt = (now: Date) => Math.floor(now.getTime() / 1000);
