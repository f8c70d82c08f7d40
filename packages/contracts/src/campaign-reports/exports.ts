/**
 * CSV exports of the report tables (spec 000 §2.6, §2.7, §4, §7): each export streams the whole
 * filtered and sorted set over the range. `columns` are the row keys in the order and with the
 * header texts the page's table shows, with the unit of a percent or duration column in the header
 * ('CTR (%)', 'Duration (m:ss)'; issue 25 item 14); `fileName` is the table part of the file name
 * `{campaign name}_{fileName}_{start}_{end}.csv`. Percents are written as bare numbers with two
 * decimals ('2.50', empty when there is none), dates as MM/DD/YYYY (dealership-local), durations as m:ss.
 */
export const reportCsvTables = {
  /** DYD and the generic vehicles call: Vehicle, VIN, Stock, State, Impressions, Clicks, CTR. */
  vehicles: {
    fileName: 'Vehicles',
    columns: [
      { key: 'description', header: 'Vehicle' },
      { key: 'vin_number', header: 'VIN' },
      { key: 'facebook_product_vendor_id', header: 'Stock' },
      { key: 'vehicle_state', header: 'State' },
      { key: 'impressions', header: 'Impressions' },
      { key: 'clicks', header: 'Clicks' },
      { key: 'ctr', header: 'CTR (%)' },
    ],
  },
  /** FBD / DYN Top Performing Vehicles (spec 000 §2.6): clicks are shown as Interactions. */
  socialVehicles: {
    fileName: 'TopPerformingVehicles',
    columns: [
      { key: 'description', header: 'Vehicle' },
      { key: 'vin_number', header: 'VIN' },
      { key: 'impressions', header: 'Impressions' },
      { key: 'clicks', header: 'Interactions' },
      { key: 'ctr', header: 'CTR (%)' },
    ],
  },
  phoneCalls: {
    fileName: 'PhoneCalls',
    columns: [
      { key: 'phone_number', header: 'Caller' },
      { key: 'datetime', header: 'Date' },
      { key: 'duration', header: 'Duration (m:ss)' },
    ],
  },
  sites: {
    fileName: 'TopPerformingSites',
    columns: [
      { key: 'SITE', header: 'Site' },
      { key: 'AD_SIZES', header: 'Ad Sizes' },
      { key: 'IMPRESSIONS', header: 'Impressions' },
    ],
  },
  creatives: {
    fileName: 'Creatives',
    columns: [
      { key: 'creative_name', header: 'Creative' },
      { key: 'creative_size', header: 'Size' },
      { key: 'impressions', header: 'Impressions' },
      { key: 'clicks', header: 'Clicks' },
      { key: 'ctr', header: 'CTR (%)' },
    ],
  },
  keywords: {
    fileName: 'Keywords',
    columns: [
      { key: 'keyword', header: 'Keyword' },
      { key: 'impressions', header: 'Impressions' },
      { key: 'clicks', header: 'Clicks' },
      { key: 'ctr', header: 'CTR (%)' },
      { key: 'impression_share', header: 'Impression Share (%)' },
      { key: 'click_share', header: 'Click Share (%)' },
    ],
  },
  leads: {
    fileName: 'Leads',
    columns: [
      { key: 'datetime', header: 'Date' },
      { key: 'lead_type', header: 'Type' },
      { key: 'contact_name', header: 'Contact' },
      { key: 'vehicle_vin', header: 'Vehicle VIN' },
      { key: 'status', header: 'Status' },
    ],
  },
} as const satisfies Record<string, { fileName: string; columns: ReadonlyArray<{ key: string; header: string }> }>;

export type ReportCsvTable = keyof typeof reportCsvTables;
