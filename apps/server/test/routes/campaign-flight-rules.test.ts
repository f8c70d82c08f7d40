import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inventoryFilterFieldsSchema,
  MAX_CAMPAIGN_BUDGET,
  productFlightLimits,
  vendorCampaignName,
} from '@portal/contracts';
import { TEST_TODAY } from '../constants';
import { authHeaders, build, login, type TestContext } from '../helper';

/**
 * Issue 25 item 5: impossible flights and budgets are refused by the server with 422 and the
 * field's path, on the draft's details save and on both creation calls. The app's clock is
 * TEST_NOW (noon in Chicago on TEST_TODAY, the demo organization's zone).
 */
let t: TestContext;
let agency: string;
const base = '/api/agencies/1/dealership/101';
const DEALERSHIP = 'EchoPark Automotive Greenville';
const PACING = 1763200000;

beforeAll(async () => {
  t = await build();
  agency = await login(t.app, 'agency@demo.test');
});
afterAll(async () => t.close());

const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url: `${base}${url}`, headers: authHeaders(agency), payload });

const day = (offset: number) => {
  const date = new Date(`${TEST_TODAY}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

async function newDraft(product_code: string) {
  const response = await call('POST', '/campaigns', { pacing_id: PACING, product_code, is_incomplete: 1 });
  expect(response.statusCode).toBe(201);
  return response.json().link_campaign_id as number;
}

const nullFilters = () =>
  Object.fromEntries(
    Object.keys(inventoryFilterFieldsSchema.shape).map((k) => [
      k,
      k === 'no_price_only' || k === 'exclude_if_no_price' ? 0 : null,
    ]),
  );

const valid = { start_date: day(0), end_date: day(30), budget: 5000 };

/** Each refused value: the change to a valid body, the field the 422 names. */
const refused = (product: keyof typeof productFlightLimits): Array<[string, object, string]> => [
  ['a start in 2020', { start_date: '2020-01-15', end_date: '2020-01-20' }, 'start_date'],
  ['a start yesterday', { start_date: day(-1) }, 'start_date'],
  ['an end before the start', { start_date: day(10), end_date: day(5) }, 'end_date'],
  [
    'a flight longer than the product allows',
    { end_date: day(productFlightLimits[product].maxFlightDays) },
    'end_date',
  ],
  ['a budget of $1', { budget: 1 }, 'budget'],
  ['a budget of $0', { budget: 0 }, 'budget'],
  ['a budget of -$50', { budget: -50 }, 'budget'],
  ['a budget under the minimum', { budget: productFlightLimits[product].minBudget - 0.01 }, 'budget'],
  ['a budget over the maximum', { budget: MAX_CAMPAIGN_BUDGET + 1 }, 'budget'],
  ['a budget of 1e9', { budget: 1e9 }, 'budget'],
];

function expect422(response: { statusCode: number; body: string; json(): unknown }, path: string, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(422);
  const error = (response.json() as { error: { code: string; details: Array<{ path: string; message: string }> } })
    .error;
  expect(error.code).toBe('VALIDATION_FAILED');
  expect(
    error.details.map((d) => d.path),
    what,
  ).toContain(path);
}

describe('flight and budget rules (issue 25 item 5)', () => {
  it("the draft's details save refuses each impossible value with 422 at the field", async () => {
    const id = await newDraft('OTT');
    for (const [what, change, path] of refused('OTT')) {
      const response = await call('PATCH', `/campaigns/${id}`, {
        link_campaign_id: id,
        data: { ...valid, ...change, zip: '29601', campaign_display_name: 'Flight' },
      });
      expect422(response, path, what);
    }
    const saved = await call('PATCH', `/campaigns/${id}`, { link_campaign_id: id, data: valid });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(valid);
    // The last day the product allows and its minimum budget are accepted.
    const edge = await call('PATCH', `/campaigns/${id}`, {
      end_date: day(productFlightLimits.OTT.maxFlightDays - 1),
      budget: productFlightLimits.OTT.minBudget,
    });
    expect(edge.statusCode, edge.body).toBe(200);
  });

  it('the non-inventory creation call refuses each impossible value with 422 at the field', async () => {
    const id = await newDraft('MOB');
    const body = {
      ...valid,
      link_campaign_id: id,
      notes: '',
      zip: '29601',
      pacing_id: PACING,
      campaign_display_name: 'Flight',
      vendor_campaign_name: vendorCampaignName(DEALERSHIP, 'Flight', 'MOB', PACING),
      campaign_type: 'Non Inventory Campaign',
      objective: 'awareness',
      audience: ['None'],
      primary_kpi: null,
      secondary_kpi: null,
      tertiary_kpi: null,
      product: 'Mobile Display',
      product_code: 'MOB',
      creatives: '',
    };
    for (const [what, change, path] of refused('MOB'))
      expect422(await call('POST', '/campaigns/create-noninventory-campaign', { ...body, ...change }), path, what);
    const created = await call('POST', '/campaigns/create-noninventory-campaign', body);
    expect(created.statusCode, created.body).toBe(201);
  });

  it('the inventory creation call refuses each impossible value with 422 at the field', async () => {
    const id = await newDraft('DYD');
    const body = {
      ...valid,
      ...nullFilters(),
      link_campaign_id: id,
      notes: '',
      zip: '29601',
      pacing_id: PACING,
      campaign_display_name: 'Flight',
      vendor_campaign_name: vendorCampaignName(DEALERSHIP, 'Flight', 'DYD', PACING),
      product: 'Dynamic Inventory Display',
      product_code: 'DYD',
      is_active: 1,
      allowed_vehicle_states: 'New',
      inventory_data_providers: '',
      inventory_data_provider_clients: '',
    };
    for (const [what, change, path] of refused('DYD'))
      expect422(await call('POST', '/campaigns/create-inventory-campaign', { ...body, ...change }), path, what);
    const created = await call('POST', '/campaigns/create-inventory-campaign', body);
    expect(created.statusCode, created.body).toBe(201);
  });
});
