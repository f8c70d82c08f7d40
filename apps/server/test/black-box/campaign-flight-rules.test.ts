import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productFlightLimits, todayInZone, vendorCampaignName } from '@portal/contracts';
import { startPortal, type Portal, type PortalSession } from './portal-process';

/**
 * Issue 25 item 5 against the real portal process over HTTP: a 2020 start, an end before the start,
 * a flight over the product's limit and budgets of $1, $0, -$50 and 1e9 are refused with 422 and
 * the field's path, on the draft's details save and on both creation calls. Dates are relative to
 * today in the dealership organization's zone (the process runs on the real clock).
 */
describe('black-box: campaign flight and budget rules (issue 25 item 5)', () => {
  let portal: Portal;
  let agency: PortalSession;
  let base: string;
  let today: string;
  let dealershipName: string;
  const PACING = 1763200000;

  beforeAll(async () => {
    portal = await startPortal();
    agency = await portal.signIn('agency@demo.test');
    base = `/api/agencies/${agency.user.organization_id}/dealership/101`;
    const dealership = (await (await agency.fetch(base)).json()) as {
      name: string;
      organization: { time_zone: string };
    };
    dealershipName = dealership.name;
    today = todayInZone(new Date(), dealership.organization.time_zone);
  });
  afterAll(async () => {
    await portal?.stop();
  });

  const day = (offset: number) => {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };
  const send = (method: string, path: string, json: unknown) => agency.fetch(`${base}${path}`, { method, json });
  const newDraft = async (product_code: string) => {
    const response = await send('POST', '/campaigns', { pacing_id: PACING, product_code, is_incomplete: 1 });
    expect(response.status).toBe(201);
    return ((await response.json()) as { link_campaign_id: number }).link_campaign_id;
  };
  const refused = (product: keyof typeof productFlightLimits): Array<[string, object, string]> => [
    ['a 2020 flight', { start_date: '2020-01-15', end_date: '2020-01-20' }, 'start_date'],
    ['an end before the start', { start_date: day(10), end_date: day(5) }, 'end_date'],
    ['a flight over the limit', { end_date: day(productFlightLimits[product].maxFlightDays + 1) }, 'end_date'],
    ['$1', { budget: 1 }, 'budget'],
    ['$0', { budget: 0 }, 'budget'],
    ['-$50', { budget: -50 }, 'budget'],
    ['1e9', { budget: 1e9 }, 'budget'],
  ];
  async function expect422(response: Response, path: string, what: string) {
    const body = (await response.json()) as { error: { details?: Array<{ path: string }> } };
    expect(response.status, `${what}: ${JSON.stringify(body)}`).toBe(422);
    expect(body.error.details?.map((d) => d.path)).toContain(path);
  }
  const valid = () => ({ start_date: day(1), end_date: day(20), budget: 5000 });
  const common = (id: number, product_code: string) => ({
    ...valid(),
    link_campaign_id: id,
    notes: '',
    zip: '29601',
    pacing_id: PACING,
    campaign_display_name: 'Flight',
    vendor_campaign_name: vendorCampaignName(dealershipName, 'Flight', product_code, PACING),
    product_code,
  });

  it('refuses them on the draft details save', async () => {
    const id = await newDraft('MOB');
    for (const [what, change, path] of refused('MOB'))
      await expect422(
        await send('PATCH', `/campaigns/${id}`, { link_campaign_id: id, data: { ...valid(), ...change } }),
        path,
        what,
      );
  });

  it('refuses them on the non-inventory creation call', async () => {
    const id = await newDraft('MOB');
    const body = {
      ...common(id, 'MOB'),
      campaign_type: 'Non Inventory Campaign',
      objective: 'awareness',
      audience: ['None'],
      primary_kpi: null,
      secondary_kpi: null,
      tertiary_kpi: null,
      product: 'Mobile Display',
      creatives: '',
    };
    for (const [what, change, path] of refused('MOB'))
      await expect422(
        await send('POST', '/campaigns/create-noninventory-campaign', { ...body, ...change }),
        path,
        what,
      );
  });

  it('refuses them on the inventory creation call', async () => {
    const id = await newDraft('VLA');
    const filters = {
      allowed_makes: null,
      disallowed_makes: null,
      allowed_models: null,
      disallowed_models: null,
      lowest_allowed_price: null,
      highest_allowed_price: null,
      no_price_only: 0,
      exclude_if_no_price: 0,
      lowest_allowed_mileage: null,
      highest_allowed_mileage: null,
      allowed_stock_number_prefixes: null,
      disallowed_stock_number_prefixes: null,
      minimum_age_days: null,
      maximum_age_days: null,
      allowed_body_substrings: null,
      disallowed_body_substrings: null,
      earliest_allowed_year: null,
      latest_allowed_year: null,
      allowed_locations: null,
      disallowed_locations: null,
    };
    const body = {
      ...common(id, 'VLA'),
      ...filters,
      product: 'Google Vehicle Ads',
      is_active: 1,
      allowed_vehicle_states: 'New',
      inventory_data_providers: '',
      inventory_data_provider_clients: '',
    };
    for (const [what, change, path] of refused('VLA'))
      await expect422(await send('POST', '/campaigns/create-inventory-campaign', { ...body, ...change }), path, what);
  });
});
