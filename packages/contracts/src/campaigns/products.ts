import * as z from 'zod';

/**
 * Managed campaign product codes. Every code has a report route named by its lower-cased code
 * (spec 000 §2.2); shared pages are grouped by `family`. `AUDIENCE` is the audience campaign type,
 * whose report route is `audience`.
 */
export const productCatalog = {
  AUDIENCE: { name: 'Audience Targeting', family: 'audience' },
  FBD: { name: 'Facebook Dynamic Ads', family: 'social' },
  DYN: { name: 'Dynamic Social Inventory Ads', family: 'social' },
  DYD: { name: 'Dynamic Inventory Display', family: 'display' },
  OTT: { name: 'OTT Streaming TV', family: 'video' },
  CTV: { name: 'Connected TV', family: 'video' },
  VID: { name: 'Online Video', family: 'video' },
  MVD: { name: 'Mobile Video', family: 'video' },
  TRV: { name: 'TrueView Video', family: 'video' },
  DSL: { name: 'Dealer Social Leads', family: 'social' },
  FDL: { name: 'Facebook Dynamic Leads', family: 'social' },
  VLA: { name: 'Vehicle Listing Ads', family: 'search' },
  MVA: { name: 'Managed Vehicle Ads', family: 'search' },
  DSP: { name: 'Programmatic Display', family: 'display' },
  DOH: { name: 'Digital Out-of-Home', family: 'ooh' },
  MOB: { name: 'Mobile Display', family: 'display' },
  INV: { name: 'Inventory Search Ads', family: 'search' },
  MIV: { name: 'Managed Inventory Search', family: 'search' },
  SEM: { name: 'Search Engine Marketing', family: 'search' },
  MSE: { name: 'Managed Search', family: 'search' },
  AZD: { name: 'Amazon Display', family: 'display' },
  LKN: { name: 'LinkedIn Ads', family: 'social' },
  FDS: { name: 'Facebook Dynamic Social', family: 'social' },
  AUD: { name: 'Streaming Audio', family: 'audio' },
  DSC: { name: 'Discovery Ads', family: 'display' },
  FML: { name: 'Facebook Marketplace Listings', family: 'social' },
  AZV: { name: 'Amazon Video', family: 'video' },
  PMX: { name: 'Performance Max', family: 'search' },
  MPX: { name: 'Managed Performance Max', family: 'search' },
  AVP: { name: 'Addressable Video Plus', family: 'video' },
  LOP: { name: 'Local Offers Program', family: 'display' },
  TIK: { name: 'TikTok Ads', family: 'social' },
  TTI: { name: 'TikTok Inventory Ads', family: 'social' },
  NAT: { name: 'Native Ads', family: 'display' },
  LBP: { name: 'Lead-Based Programmatic', family: 'display' },
  EVT: { name: 'Event Promotion', family: 'events' },
} as const satisfies Record<string, { name: string; family: string }>;

export type ProductCode = keyof typeof productCatalog;
export const productCodes = Object.keys(productCatalog) as [ProductCode, ...ProductCode[]];
export const productCodeSchema = z.enum(productCodes);

export const productFamilies = ['audience', 'social', 'display', 'video', 'search', 'ooh', 'audio', 'events'] as const;
export type ProductFamily = (typeof productFamilies)[number];

/** The report route segment of a product code: its lower-cased code (spec 000 §2.3). */
export function reportRouteSegment(productCode: string): string {
  return productCode.toLowerCase();
}

/** Managed campaign statuses as ingested; `active` shows as success, the others as warning. */
export const campaignStatuses = ['active', 'pending', 'ended', 'paused'] as const;
export const campaignStatusSchema = z.enum(campaignStatuses);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

/** Campaign types of the managed list item (spec 000 §3): audience, or the channel of the product. */
export const campaignTypes = ['audience', 'display', 'social', 'search', 'video', 'audio', 'ooh', 'events'] as const;
export const campaignTypeSchema = z.enum(campaignTypes);
export type CampaignType = z.infer<typeof campaignTypeSchema>;
