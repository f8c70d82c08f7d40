import { describe, expect, it } from 'vitest';
import type { Draft } from '@portal/contracts';
import {
  initialWizardState,
  inventoryCampaignBody,
  nonInventoryCampaignBody,
  stateFromDraft,
  detailsData,
  stepOrder,
} from './wizard-state';

const draft = (patch: Partial<Draft>): Draft => ({
  link_campaign_id: 7,
  product_code: 'DYD',
  pacing_id: 1763200000,
  campaign_display_name: null,
  notes: null,
  start_date: null,
  end_date: null,
  budget: null,
  objective: null,
  zip: null,
  creatives: null,
  allowed_vehicle_states: null,
  is_incomplete: 1,
  updated_at: '2026-11-15T00:00:00.000Z',
  ...patch,
});

describe('step orders (docs/campaign-wizard.md)', () => {
  it('inventory follows readings B/C and non-inventory reading A, six steps each', () => {
    expect(stepOrder.inventory).toEqual(['type', 'product', 'filters', 'details', 'review', 'success']);
    expect(stepOrder.non_inventory).toEqual(['type', 'product', 'objective', 'details', 'review', 'launch']);
  });
});

describe('restore from a draft (spec 001 §4)', () => {
  it('prefills an inventory draft with its tiles and custom groups', () => {
    const state = stateFromDraft(
      draft({
        allowed_vehicle_states: 'Used,Certified used',
        highest_allowed_price: 30000,
        allowed_makes: 'Ford',
        zip: 'Greenville-Spartanburg-Asheville-Anderson,Columbia, SC,29601',
        campaign_display_name: 'Trucks',
        budget: 2500,
      }),
    );
    expect(state.campaignType).toBe('inventory');
    expect(state.filters.tiles).toEqual(['used', 'under30k']);
    expect(state.filters.makes).toEqual({ mode: 'custom', allowed: ['Ford'], disallowed: [] });
    // A market's own comma ('Columbia, SC') does not split it.
    expect(state.locations).toEqual(['Greenville-Spartanburg-Asheville-Anderson', 'Columbia, SC', '29601']);
    expect(state).toMatchObject({ campaignName: 'Trucks', budget: 2500, linkCampaignId: 7, termsAccepted: true });
  });
  it('prefills a non-inventory draft with its objective and creatives', () => {
    const state = stateFromDraft(
      draft({ product_code: 'AUD', objective: 'conversion', creatives: 'creatives/link/a.mp3' }),
    );
    expect(state).toMatchObject({ campaignType: 'non_inventory', objective: 'conversion', customCreatives: true });
    expect(state.creatives).toEqual({ AUD: ['creatives/link/a.mp3'] });
  });
  it('keeps the chosen audiences through the draft: details save → resume → creation body (issue 25 item 2)', () => {
    const entered = {
      ...initialWizardState(),
      campaignType: 'non_inventory' as const,
      product: 'MOB' as const,
      objective: 'awareness' as const,
      linkCampaignId: 7,
      pacingId: 1763200000,
      campaignName: 'Service push',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      budget: 5000,
      locations: ['29601'],
      useCustomAudience: true,
      audiences: [
        { id: 3, name: 'Service customers', size: 5000 },
        { id: 4, name: 'Lease ending', size: 1200 },
      ],
    };
    const saved = detailsData(entered);
    expect(saved.audiences).toEqual(entered.audiences);
    const resumed = stateFromDraft(draft({ product_code: 'MOB', objective: 'awareness', ...saved }));
    expect(nonInventoryCampaignBody(resumed, 'D')).toEqual(nonInventoryCampaignBody(entered, 'D'));
    expect(nonInventoryCampaignBody(resumed, 'D').audience).toEqual([
      'Service customers (5000)',
      'Lease ending (1200)',
    ]);
    // No custom audience is saved as null and resumes as none.
    expect(detailsData({ ...entered, useCustomAudience: false }).audiences).toBeNull();
  });
});

describe('creation bodies (spec 001 §7)', () => {
  const filled = {
    ...initialWizardState(),
    linkCampaignId: 7,
    pacingId: 1763200000,
    campaignName: ' Winter ',
    notes: 'n',
    startDate: '2026-12-01',
    endDate: '2026-12-31',
    budget: 5000,
    locations: ['A', '29601'],
  };
  it('inventory: name format, product name, providers and the filter fields', () => {
    const body = inventoryCampaignBody(
      { ...filled, campaignType: 'inventory', product: 'VLA' },
      'EchoPark',
      {
        totalVehicles: 3,
        newVehicles: 1,
        usedVehicles: 2,
        inventoryDataProviders: { inventory_data_provider_ids: [1, 2] },
        inventoryDataProviderClients: ['101'],
      },
      ['Cars.com', 'Dealer feed'],
    );
    expect(body).toMatchObject({
      vendor_campaign_name: 'EchoPark - Winter [VLA1763200000]',
      product: 'Google Vehicle Ads',
      product_code: 'VLA',
      is_active: 1,
      zip: 'A,29601',
      allowed_vehicle_states: 'New,Used,Certified used',
      inventory_data_providers: 'Cars.com,Dealer feed',
      inventory_data_provider_clients: '101',
      highest_allowed_price: null,
      exclude_if_no_price: 0,
    });
  });
  it("non-inventory: audiences as 'name (size)' or None, creatives only when custom", () => {
    const state = {
      ...filled,
      campaignType: 'non_inventory' as const,
      product: 'MOB' as const,
      objective: 'awareness' as const,
      creatives: { MOB: ['creatives/link/a.png'] },
    };
    expect(nonInventoryCampaignBody(state, 'EchoPark')).toMatchObject({
      campaign_type: 'Non Inventory Campaign',
      audience: ['None'],
      creatives: '',
      product: 'Mobile Display',
    });
    expect(
      nonInventoryCampaignBody(
        {
          ...state,
          customCreatives: true,
          useCustomAudience: true,
          audiences: [{ id: 1, name: 'Service', size: 900 }],
        },
        'EchoPark',
      ),
    ).toMatchObject({ audience: ['Service (900)'], creatives: 'creatives/link/a.png' });
  });
  it('non-inventory: the KPI goals, which no step of spec 001 §2 asks for, are sent as null', () => {
    const body = nonInventoryCampaignBody(
      { ...filled, campaignType: 'non_inventory', product: 'OTT', objective: 'conversion' },
      'EchoPark',
    );
    expect([body.primary_kpi, body.secondary_kpi, body.tertiary_kpi]).toEqual([null, null, null]);
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['primary_kpi', 'secondary_kpi', 'tertiary_kpi']));
  });
});
