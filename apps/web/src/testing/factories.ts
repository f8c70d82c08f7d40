import { type CampaignsSummary, type DealershipDetail, type ManagedCampaign } from '@portal/contracts';

let nextCampaignId = 100001;

export function managedCampaignFactory(overrides: Partial<ManagedCampaign> = {}): ManagedCampaign {
  const id = overrides.client_campaign_id ?? nextCampaignId++;
  return {
    client_campaign_id: id,
    client_campaign_display_name: `Campaign ${id}`,
    campaign_status: 'active',
    start_date: '2026-01-05',
    end_date: '2026-03-31',
    product_code: 'DYD',
    product_name: 'Dynamic Inventory Display',
    campaign_type: 'display',
    vendor: null,
    impressions: 120000,
    clicks: 480,
    views: 0,
    ctr: 0.4,
    budget: 5000,
    demand_local_net: 3750,
    booked_impressions: 150000,
    ...overrides,
  };
}

export function dealershipFactory(overrides: Partial<DealershipDetail> = {}): DealershipDetail {
  return {
    id: 2,
    organization_id: 1,
    name: 'Sunrise Motors',
    street: null,
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    dma_code: 635,
    dma_name: 'Austin',
    enable_facebook_campaign_conversions: false,
    has_sold_report_source: false,
    organization: { id: 1, name: 'Demo Agency', show_budget_type: null, time_zone: 'America/Chicago' },
    ...overrides,
  };
}

export function campaignsSummaryFactory(overrides: Partial<CampaignsSummary> = {}): CampaignsSummary {
  return {
    start_date: '2026-03-01',
    end_date: '2026-03-15',
    active_campaigns: 3,
    impressions: 250000,
    clicks: 1200,
    ...overrides,
  };
}
