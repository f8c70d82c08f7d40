import {
  reportSectionNames,
  type AudienceMetrics,
  type CampaignReport,
  type CampaignsSummary,
  type ConversionsResponse,
  type DealershipDetail,
  type DisplayMetrics,
  type ManagedCampaign,
  type SocialMetrics,
  type TopVehiclesResponse,
  type VehicleRow,
} from '@portal/contracts';

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

// Report pages (features/campaign-reports, features/inventory).

export function campaignReportFactory(
  overrides: {
    campaign?: Partial<CampaignReport['campaign']>;
    totals?: Partial<CampaignReport['totals']>;
    sections?: Partial<CampaignReport['sections']>;
    daily?: CampaignReport['daily'];
    range?: CampaignReport['range'];
  } = {},
): CampaignReport {
  const sections = Object.fromEntries(reportSectionNames.map((name) => [name, 0])) as CampaignReport['sections'];
  return {
    campaign: {
      client_campaign_id: 100001,
      client_campaign_display_name: 'Used Inventory DYD',
      vendor_campaign_name: null,
      product_code: 'DYD',
      product_name: 'Dynamic Inventory Display',
      family: 'display',
      campaign_status: 'active',
      start_date: '2026-02-01',
      end_date: '2026-03-31',
      dealership_id: 2,
      dealership_name: 'Sunrise Motors',
      budget: 5000,
      demand_local_net: 3750,
      booked_impressions: 150000,
      show_roas: false,
      show_site_list: false,
      show_ad_previews: false,
      enable_facebook_campaign_conversions: false,
      ...overrides.campaign,
    },
    range: overrides.range ?? { start_date: '2026-02-01', end_date: '2026-02-03' },
    totals: {
      impressions: 120000,
      clicks: 480,
      views: 0,
      reach: null,
      spend: 1500,
      conversions: 0,
      sales: 0,
      calls: 0,
      leads: 0,
      video_25: 0,
      video_50: 0,
      video_75: 0,
      video_100: 0,
      ctr: 0.4,
      vtr: 0,
      frequency: null,
      delivery: 80,
      completion_25: 0,
      completion_50: 0,
      completion_75: 0,
      completion_100: 0,
      ...overrides.totals,
    },
    daily: overrides.daily ?? [
      {
        date: '2026-02-01',
        impressions: 40000,
        clicks: 160,
        views: 0,
        reach: null,
        spend: 500,
        conversions: 0,
        sales: 0,
        calls: 0,
        leads: 0,
        video_100: 0,
        ctr: 0.4,
      },
    ],
    sections: { ...sections, ...overrides.sections },
  };
}

export function vehicleRowFactory(index: number, overrides: Partial<VehicleRow> = {}): VehicleRow {
  return {
    description: `2020 Vehicle ${index}`,
    vin_number: `1HGCM82633A${String(100000 + index).slice(-6)}`,
    facebook_product_vendor_id: `STK${index}`,
    vehicle_state: 'Used',
    impressions: 10000 - index * 100,
    clicks: 50 - index,
    ctr: 0.5,
    days_on_lot: 20 + index,
    ...overrides,
  };
}

export function displayMetricsFactory(overrides: Partial<DisplayMetrics> = {}): DisplayMetrics {
  return {
    client_campaign_display_name: 'Used Inventory DYD',
    show_roas: false,
    show_site_list: false,
    show_ad_previews: false,
    impressions: 120000,
    clicks: 480,
    ctr: 0.4,
    booked_impressions: 150000,
    delivery: 80,
    calls: 0,
    sales: 7,
    metrics: [{ date: '2026-02-01', impressions: 40000, clicks: 160, ctr: 0.4 }],
    ...overrides,
  };
}

export function conversionsFactory(overrides: Partial<ConversionsResponse> = {}): ConversionsResponse {
  return {
    values: [{ tag_id: 4, tag_name: 'VDP View', type: 'key_site_action', count: 406 }],
    page_views: 406,
    time_to_convert: 0.4,
    time_to_convert_label: '<1 day',
    unique_site_visitors: 276,
    key_pages: [{ tag_id: 4, tag_name: 'VDP View', count: 183 }],
    utm_sources: [{ utm_source: 'google', count: 65 }],
    utm_campaigns: [{ utm_campaign: 'spring', count: 20 }],
    roas: null,
    ...overrides,
  };
}

export function topVehiclesFactory(overrides: Partial<TopVehiclesResponse> = {}): TopVehiclesResponse {
  const vehicle = (description: string, vin: string, impressions: number, clicks: number, ctr: number) => ({
    description,
    log_vin_number: vin,
    log_image_url: null,
    image_url: `https://img.test/${vin}.jpg`,
    impressions,
    clicks,
    ctr,
  });
  return {
    highestCtr: vehicle('2018 Lexus RX 350', '2T2ZZMCA5JC101174', 9000, 27, 0.3),
    mostClicked: vehicle('2020 Mitsubishi Outlander', 'JA4AR3AU9LU020462', 171500, 86, 0.05),
    mostViewed: vehicle('2021 Toyota Corolla', '5YFEPMAE1MP123456', 200000, 40, 0.02),
    averages: { impressions: 20000, clicks: 20, ctr: 0.1 },
    ...overrides,
  };
}

export function socialMetricsFactory(overrides: Partial<SocialMetrics> = {}): SocialMetrics {
  return {
    impressions: 2159120,
    clicks: 3729,
    ctr: 0.17,
    reach: 778894,
    frequency: 2.77,
    sales: 95,
    conversions: 12,
    metrics: [{ date: '2026-02-01', impressions: 500000, clicks: 900, ctr: 0.18 }],
    deviceMetrics: [{ placement: 'Facebook Feed', impressions: 827453 }],
    demographicData: [{ age: '25-34', male: 1000, female: 1200 }],
    geoInsightsMetroData: [{ dma: 'Laredo', dma_code: 749, impressions: 1536813 }],
    conversionsMetrics: null,
    ...overrides,
  };
}

export function audienceMetricsFactory(overrides: Partial<AudienceMetrics> = {}): AudienceMetrics {
  return {
    overallMetrics: { impressions: 741844, clicks: 30710, ctr: 4.14 },
    metrics: [{ date: '2026-02-01', impressions: 20000, clicks: 800, ctr: 4 }],
    audience: {
      trends: [
        { date: '2026-02-01', customersSize: 42000 },
        { date: '2026-02-02', customersSize: 50772 },
      ],
      size: 50772,
      change_percent: 18.9,
    },
    ...overrides,
  };
}
