import { describe, expect, it } from 'vitest';
import {
  audienceList,
  budgetWithRecommendation,
  buildFilterPayload,
  creativeFileError,
  creativesAfterChoosing,
  emptyFilterState,
  filterSummary,
  firstHttpsImage,
  matchingPreset,
  presetRange,
  restoreFilterState,
  vehicleStatesOf,
  vendorCampaignName,
} from '../src/campaign-wizard/rules';

describe('tiles to vehicle states (spec 001 §4)', () => {
  it('maps each tile and their union, in the order New, Used, Certified used', () => {
    expect(vehicleStatesOf(['all'])).toEqual(['New', 'Used', 'Certified used']);
    expect(vehicleStatesOf(['new'])).toEqual(['New']);
    expect(vehicleStatesOf(['used'])).toEqual(['Used', 'Certified used']);
    expect(vehicleStatesOf(['used', 'new'])).toEqual(['New', 'Used', 'Certified used']);
  });
  it('no tile, or only Under $30k, means all three states', () => {
    expect(vehicleStatesOf([])).toEqual(['New', 'Used', 'Certified used']);
    expect(vehicleStatesOf(['under30k'])).toEqual(['New', 'Used', 'Certified used']);
  });
});

describe('filter payload: custom vs any (spec 001 §4)', () => {
  it('sends every custom value null (booleans 0) while groups are any, even with values typed', () => {
    const state = emptyFilterState();
    state.makes.allowed = ['Honda'];
    state.price = { mode: 'any', lowest: 1000, highest: 9000, excludeNoPrice: true };
    state.age = { mode: 'any', min: 1, max: 2, sixtyDays: true };
    const payload = buildFilterPayload(state);
    const { allowed_vehicle_states, no_price_only, exclude_if_no_price, ...rest } = payload;
    expect(allowed_vehicle_states).toBe('New,Used,Certified used');
    expect(no_price_only).toBe(0);
    expect(exclude_if_no_price).toBe(0);
    expect(Object.values(rest).every((v) => v === null)).toBe(true);
  });
  it('sends the values of custom groups, comma-joined lists, and never sets body, year or location fields', () => {
    const state = emptyFilterState();
    state.tiles = ['new'];
    state.makes = { mode: 'custom', allowed: ['Honda', ' Toyota '], disallowed: [] };
    state.models = { mode: 'custom', allowed: [], disallowed: ['Civic'] };
    state.price = { mode: 'custom', lowest: 5000, highest: 45000, excludeNoPrice: true };
    state.mileage = { mode: 'custom', lowest: null, highest: 60000 };
    state.stock = { mode: 'custom', allowed: ['N', 'P'], disallowed: ['W'] };
    state.age = { mode: 'custom', min: 3, max: null, sixtyDays: false };
    expect(buildFilterPayload(state)).toEqual({
      allowed_vehicle_states: 'New',
      allowed_makes: 'Honda,Toyota',
      disallowed_makes: null,
      allowed_models: null,
      disallowed_models: 'Civic',
      lowest_allowed_price: 5000,
      highest_allowed_price: 45000,
      no_price_only: 0,
      exclude_if_no_price: 1,
      lowest_allowed_mileage: null,
      highest_allowed_mileage: 60000,
      allowed_stock_number_prefixes: 'N,P',
      disallowed_stock_number_prefixes: 'W',
      minimum_age_days: 3,
      maximum_age_days: null,
      allowed_body_substrings: null,
      disallowed_body_substrings: null,
      earliest_allowed_year: null,
      latest_allowed_year: null,
      allowed_locations: null,
      disallowed_locations: null,
    });
  });
  it('Under $30k sets the highest price to 30000; a lower custom highest price is kept', () => {
    const state = emptyFilterState();
    state.tiles = ['under30k'];
    expect(buildFilterPayload(state).highest_allowed_price).toBe(30000);
    state.price = { mode: 'custom', lowest: null, highest: 45000, excludeNoPrice: false };
    expect(buildFilterPayload(state).highest_allowed_price).toBe(30000);
    state.price.highest = 20000;
    expect(buildFilterPayload(state).highest_allowed_price).toBe(20000);
  });
  it('the 60-day option sets the maximum age to 60', () => {
    const state = emptyFilterState();
    state.age = { mode: 'custom', min: null, max: 90, sixtyDays: true };
    expect(buildFilterPayload(state).maximum_age_days).toBe(60);
  });
});

describe('restore from a draft (spec 001 §4)', () => {
  it('ticks tiles from the saved states and price', () => {
    expect(restoreFilterState({ allowed_vehicle_states: 'New' }).tiles).toEqual(['new']);
    expect(restoreFilterState({ allowed_vehicle_states: 'Used,Certified used' }).tiles).toEqual(['used']);
    expect(restoreFilterState({ allowed_vehicle_states: 'New,Used,Certified used' }).tiles).toEqual(['all']);
    const under = restoreFilterState({ allowed_vehicle_states: 'New', highest_allowed_price: 30000 });
    expect(under.tiles).toEqual(['new', 'under30k']);
    expect(under.price.mode).toBe('any');
  });
  it('restores a group to custom when its values exist, else any', () => {
    const state = restoreFilterState({
      allowed_makes: 'Honda,Toyota',
      lowest_allowed_price: 1000,
      highest_allowed_price: 50000,
      exclude_if_no_price: 1,
      maximum_age_days: 60,
      disallowed_stock_number_prefixes: 'W',
    });
    expect(state.makes).toEqual({ mode: 'custom', allowed: ['Honda', 'Toyota'], disallowed: [] });
    expect(state.price).toEqual({ mode: 'custom', lowest: 1000, highest: 50000, excludeNoPrice: true });
    expect(state.age).toEqual({ mode: 'custom', min: null, max: 60, sixtyDays: true });
    expect(state.stock).toEqual({ mode: 'custom', allowed: [], disallowed: ['W'] });
    expect(state.models.mode).toBe('any');
    expect(state.mileage.mode).toBe('any');
  });
  it('round-trips: restoring what was sent sends the same again', () => {
    const state = emptyFilterState();
    state.tiles = ['used', 'under30k'];
    state.models = { mode: 'custom', allowed: ['F-150'], disallowed: [] };
    state.mileage = { mode: 'custom', lowest: 10, highest: 20 };
    const sent = buildFilterPayload(state);
    expect(buildFilterPayload(restoreFilterState(sent))).toEqual(sent);
  });
});

describe('review summary', () => {
  it("is null ('All cars') without filters and lists filters with true as Yes", () => {
    expect(filterSummary(buildFilterPayload(emptyFilterState()))).toBeNull();
    const state = emptyFilterState();
    state.tiles = ['new'];
    state.price = { mode: 'custom', lowest: null, highest: null, excludeNoPrice: true };
    expect(filterSummary(buildFilterPayload(state))).toEqual([
      { label: 'Vehicle states', value: 'New' },
      { label: 'Exclude vehicles with no price', value: 'Yes' },
    ]);
  });
  it('formats prices and mileages (issue 25 item 11)', () => {
    const state = emptyFilterState();
    state.price = { mode: 'custom', lowest: 12500, highest: 45000, excludeNoPrice: false };
    state.mileage = { mode: 'custom', lowest: null, highest: 80000 };
    expect(filterSummary(buildFilterPayload(state))).toEqual([
      { label: 'Lowest price', value: '$12,500' },
      { label: 'Highest price', value: '$45,000' },
      { label: 'Highest mileage', value: '80,000 mi' },
    ]);
  });
});

describe('dates and budget (spec 001 §4)', () => {
  it('eom is today to the end of the month; next_month the whole next month', () => {
    expect(presetRange('eom', '2026-11-15')).toEqual({ start: '2026-11-15', end: '2026-11-30' });
    expect(presetRange('next_month', '2026-11-15')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(presetRange('next_month', '2026-12-31')).toEqual({ start: '2027-01-01', end: '2027-01-31' });
    expect(presetRange('eom', '2028-02-03')).toEqual({ start: '2028-02-03', end: '2028-02-29' });
  });
  it('dates matching a preset re-select it; others clear it', () => {
    expect(matchingPreset('2026-11-15', '2026-11-30', '2026-11-15')).toBe('eom');
    expect(matchingPreset('2026-12-01', '2026-12-31', '2026-11-15')).toBe('next_month');
    expect(matchingPreset('2026-12-01', '2026-12-30', '2026-11-15')).toBeNull();
    expect(matchingPreset(null, '2026-12-30', '2026-11-15')).toBeNull();
  });
  it('the recommended budget is 5000; turning it off keeps the budget', () => {
    expect(budgetWithRecommendation(true, 1200)).toBe(5000);
    expect(budgetWithRecommendation(false, 1200)).toBe(1200);
  });
});

describe('product and creatives (spec 001 §4, §5)', () => {
  it("choosing a product resets the other products' creatives", () => {
    expect(creativesAfterChoosing({ MOB: ['a', 'b'], AUD: ['c'] }, 'AUD')).toEqual({ MOB: [], AUD: ['c'] });
    expect(creativesAfterChoosing({ MOB: ['a'] }, 'VID')).toEqual({ MOB: [], VID: [] });
  });
  it("refuses spaces, types outside the kind's allow-list and sizes with the spec messages", () => {
    const MB = 1024 * 1024;
    expect(creativeFileError('MOB', { name: 'my ad.png', size: 10, type: 'image/png' })).toBe(
      'Remove spaces from file name',
    );
    expect(creativeFileError('MOB', { name: 'ad.gif', size: 10, type: 'image/gif' })).toBeNull();
    expect(creativeFileError('MOB', { name: 'ad.webp', size: 10, type: 'image/webp' })).toBeNull();
    expect(creativeFileError('MOB', { name: 'ad.svg', size: 10, type: 'image/svg+xml' })).toBe(
      'Please see below for accepted file types',
    );
    expect(creativeFileError('MOB', { name: 'ad.jpg', size: MB + 1, type: 'image/jpeg' })).toBe(
      'File size must not exceed 1MB',
    );
    expect(creativeFileError('MOB', { name: 'ad.jpg', size: MB, type: 'image/jpeg' })).toBeNull();
    expect(creativeFileError('AUD', { name: 'spot.wav', size: 100 * MB, type: 'audio/wav' })).toBeNull();
    expect(creativeFileError('AUD', { name: 'spot.mp4', size: 10, type: 'video/mp4' })).toBe(
      'Please see below for accepted file types',
    );
    expect(creativeFileError('VID', { name: 'spot.mp4', size: 100 * MB + 1, type: 'video/mp4' })).toBe(
      'File size must not exceed 100MB',
    );
    expect(creativeFileError('OTT', { name: 'spot.mov', size: 5, type: 'video/quicktime' })).toBeNull();
    expect(creativeFileError('VID', { name: 'spot.webm', size: 5, type: '' })).toBeNull();
    // Video takes video only: HTML, SVG, JavaScript or an unknown extension are refused (issue 18 item 10).
    for (const [name, type] of [
      ['page.html', 'text/html'],
      ['spot.mp4', 'text/html'],
      ['art.svg', 'image/svg+xml'],
      ['app.js', 'application/javascript'],
      ['anything.xyz', ''],
    ] as const)
      expect(creativeFileError('VID', { name, size: 5, type }), name).toBe('Please see below for accepted file types');
  });
});

describe('creation call fields (spec 001 §7)', () => {
  it('vendor_campaign_name and the audience list', () => {
    expect(vendorCampaignName('EchoPark', 'Winter', 'mob', 1763200000)).toBe('EchoPark - Winter [MOB1763200000]');
    expect(audienceList(false, [{ name: 'A', size: 3 }])).toEqual(['None']);
    expect(audienceList(true, [])).toEqual(['None']);
    expect(
      audienceList(true, [
        { name: 'A', size: 3 },
        { name: 'B', size: 1200 },
      ]),
    ).toEqual(['A (3)', 'B (1200)']);
  });
  it('uses the first https URL of image_url whatever the separator', () => {
    expect(firstHttpsImage('http://a/1.jpg|https://b/2.jpg|https://c/3.jpg')).toBe('https://b/2.jpg');
    expect(firstHttpsImage('http://a/1.jpg||||https://b/2.jpg')).toBe('https://b/2.jpg');
    expect(firstHttpsImage('https://a/1.jpg, https://b/2.jpg')).toBe('https://a/1.jpg');
    expect(firstHttpsImage('http://a/1.jpg;https://b/2.jpg')).toBe('https://b/2.jpg');
    expect(firstHttpsImage('http://a/1.jpg')).toBeNull();
    expect(firstHttpsImage(null)).toBeNull();
  });
});
