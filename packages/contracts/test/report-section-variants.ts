import { reportSectionNames, type CampaignReport } from '../src';

/**
 * Two reports of a product code that together switch every section condition of the catalogue both
 * ways (used by the web and PDF parity tests): `every` — every breakdown has rows, every setting is
 * on, every total is above 0; `fewest` — delivery (impressions) but no breakdown rows, no setting on,
 * no clicks, calls, leads or conversions.
 */
export function reportSectionVariants(base: CampaignReport, productCode: string, family: string) {
  const campaign = { ...base.campaign, product_code: productCode, family, product_name: `${productCode} product` };
  const every: CampaignReport = {
    ...base,
    campaign: {
      ...campaign,
      booked_impressions: 150_000,
      show_roas: true,
      show_site_list: true,
      show_ad_previews: true,
      enable_facebook_campaign_conversions: true,
    },
    totals: { ...base.totals, impressions: 120_000, clicks: 480, calls: 3, leads: 4, conversions: 5 },
    sections: Object.fromEntries(reportSectionNames.map((name) => [name, 1])) as CampaignReport['sections'],
  };
  const fewest: CampaignReport = {
    ...base,
    campaign: {
      ...campaign,
      booked_impressions: null,
      show_roas: false,
      show_site_list: false,
      show_ad_previews: false,
      enable_facebook_campaign_conversions: false,
    },
    totals: { ...base.totals, impressions: 120_000, clicks: 0, calls: 0, leads: 0, conversions: 0 },
    sections: Object.fromEntries(reportSectionNames.map((name) => [name, 0])) as CampaignReport['sections'],
  };
  return { every, fewest };
}
