import { productCatalog, type CampaignStatus, type CampaignType, type ProductCode } from '@portal/contracts';
import type { Dealership } from './dealerships';

/** The demo's campaign plan: which product codes each dealership runs, with which status and source. */

export type Source = 'tabmo' | 'adwords' | 'kag';

interface ProductPlan {
  /** Campaign name theme, also the headline of the campaign's first creative. */
  theme: string;
  /** Typical CPM of the channel, for the booked impressions of pending campaigns. */
  cpm: number;
}

/** Every code of productCatalog with its demo theme and CPM; type and source follow the code's family. */
const PRODUCT_PLANS: Record<ProductCode, ProductPlan> = {
  AUDIENCE: { theme: 'In-Market Shoppers', cpm: 10 },
  FBD: { theme: 'Facebook Dynamic', cpm: 6 },
  DYN: { theme: 'Dynamic Social Inventory', cpm: 6 },
  DYD: { theme: 'Used Inventory', cpm: 8 },
  OTT: { theme: 'Streaming TV', cpm: 28 },
  CTV: { theme: 'Connected TV', cpm: 30 },
  VID: { theme: 'Pre-Roll Video', cpm: 20 },
  MVD: { theme: 'Mobile Video', cpm: 18 },
  TRV: { theme: 'YouTube TrueView', cpm: 15 },
  DSL: { theme: 'Social Lead Forms', cpm: 9 },
  FDL: { theme: 'Facebook Lead Ads', cpm: 9 },
  VLA: { theme: 'Vehicle Listings', cpm: 4 },
  MVA: { theme: 'Managed Vehicle Listings', cpm: 4 },
  DSP: { theme: 'Brand Awareness', cpm: 7 },
  DOH: { theme: 'Digital Billboards', cpm: 12 },
  MOB: { theme: 'Mobile Conquest', cpm: 6 },
  INV: { theme: 'Inventory Search', cpm: 4 },
  MIV: { theme: 'Managed Inventory Search', cpm: 4 },
  SEM: { theme: 'Brand Search', cpm: 4 },
  MSE: { theme: 'Managed Search', cpm: 4 },
  AZD: { theme: 'Amazon Shoppers', cpm: 9 },
  LKN: { theme: 'Professional Audience', cpm: 12 },
  FDS: { theme: 'Facebook Dynamic Social', cpm: 6 },
  AUD: { theme: 'Streaming Audio', cpm: 15 },
  DSC: { theme: 'Discovery Feed', cpm: 6 },
  FML: { theme: 'Marketplace Listings', cpm: 6 },
  AZV: { theme: 'Amazon Streaming Video', cpm: 22 },
  PMX: { theme: 'Performance Max', cpm: 5 },
  MPX: { theme: 'Managed Performance Max', cpm: 5 },
  AVP: { theme: 'Addressable Video', cpm: 30 },
  LOP: { theme: 'Local Offers', cpm: 7 },
  TIK: { theme: 'TikTok Awareness', cpm: 7 },
  TTI: { theme: 'TikTok Inventory', cpm: 7 },
  NAT: { theme: 'Native Content', cpm: 8 },
  LBP: { theme: 'Lead Programmatic', cpm: 9 },
  EVT: { theme: 'Event Promotion', cpm: 10 },
};

export const productType = (code: ProductCode): CampaignType => productCatalog[code].family;
export const productTheme = (code: ProductCode) => PRODUCT_PLANS[code].theme;
export const productCpm = (code: ProductCode) => PRODUCT_PLANS[code].cpm;

/** Search codes run on AdWords keyword groups, social codes on KAG ads, all others on TabMo campaigns. */
export function productSource(code: ProductCode): Source {
  const family = productCatalog[code].family;
  return family === 'search' ? 'adwords' : family === 'social' ? 'kag' : 'tabmo';
}

export function productVendor(code: ProductCode): string {
  const source = productSource(code);
  if (source === 'adwords') return 'Google Ads';
  if (source === 'tabmo') return 'TabMo';
  return code === 'LKN' ? 'LinkedIn' : code === 'TIK' || code === 'TTI' ? 'TikTok' : 'Meta';
}

/** Codes whose ads show vehicles of the dealership's inventory (campaign_vehicles). */
export const INVENTORY_CODES = new Set<ProductCode>([
  'DYD',
  'DYN',
  'FBD',
  'VLA',
  'MVA',
  'INV',
  'MIV',
  'TTI',
  'FML',
  'PMX',
  'MPX',
]);
/** Codes with tracked phone calls. */
export const CALL_CODES = new Set<ProductCode>(['DYD', 'DOH', 'SEM', 'MSE', 'INV', 'MIV', 'VLA', 'MVA', 'PMX', 'MPX']);
/** Codes that deliver leads. */
export const LEAD_CODES = new Set<ProductCode>(['DSL', 'FDL', 'LBP', 'FDS']);
/** Codes with walk-in (location visit) measurement. */
export const WALK_IN_CODES = new Set<ProductCode>(['DOH', 'LOP']);

/**
 * The order in which codes are dealt to dealerships. The 13 codes of the first demo come first
 * (DYD, SEM, FBD, AUDIENCE, VID are the dealer user's dealership 101), then the rest; no three
 * codes in a row lack a search or social code, so every dealership gets one to be its active
 * campaign.
 */
export const CODE_CYCLE: ProductCode[] = [
  'DYD',
  'SEM',
  'FBD',
  'AUDIENCE',
  'VID',
  'VLA',
  'OTT',
  'DYN',
  'MOB',
  'INV',
  'DSP',
  'AUD',
  'DSL',
  'DOH',
  'MSE',
  'CTV',
  'FDL',
  'AZD',
  'MVA',
  'MVD',
  'LKN',
  'DSC',
  'MIV',
  'TRV',
  'FDS',
  'LOP',
  'PMX',
  'AZV',
  'FML',
  'NAT',
  'MPX',
  'AVP',
  'TIK',
  'LBP',
  'TTI',
  'EVT',
];

export const FIRST_CLIENT_CAMPAIGN_ID = 100001;

export interface PlannedCampaign {
  id: number;
  dealership: Dealership;
  code: ProductCode;
  status: CampaignStatus;
}

/**
 * Statuses depend only on the data, never on `today`, so every build has the same plan.
 *
 * - Dealership i runs `8 − (3i mod 5)` campaigns (4-8); the last one (two when it has 7 or more)
 *   is pending.
 * - The running slots of all dealerships, in dealership order, take consecutive codes of
 *   CODE_CYCLE; then each pending slot takes the next code of the cycle its dealership lacks.
 * - Each dealership's first search or social campaign is active; the TabMo campaigns that run to
 *   the end of the data feed more active campaigns (DYD first), one per dealership, as long as
 *   the dealership keeps an ended one. Everything else is ended.
 */
export function planCampaigns(dealerships: Dealership[], tabmoActivePool: number): PlannedCampaign[] {
  let cycle = 0;
  const nextCode = () => CODE_CYCLE[cycle++ % CODE_CYCLE.length] as ProductCode;
  const counts = dealerships.map((_, index) => 8 - ((index * 3) % 5));
  const perDealership = dealerships.map((dealership, index) => {
    const count = counts[index] ?? 4;
    const running = count - (count >= 7 ? 2 : 1);
    return Array.from({ length: running }, (): PlannedCampaign => ({
      id: 0,
      dealership,
      code: nextCode(),
      status: 'ended',
    }));
  });
  perDealership.forEach((campaigns, index) => {
    const pending = (counts[index] ?? 4) - campaigns.length;
    const dealership = dealerships[index] as Dealership;
    for (let k = 0; k < pending; k++) {
      let code = nextCode();
      while (campaigns.some((c) => c.code === code)) code = nextCode();
      campaigns.push({ id: 0, dealership, code, status: 'pending' });
    }
  });

  let tabmoActive = 0;
  for (const campaigns of perDealership) {
    const running = campaigns.filter((c) => c.status !== 'pending');
    const anchor = running.find((c) => productSource(c.code) !== 'tabmo') ?? running[0];
    if (anchor) {
      if (productSource(anchor.code) === 'tabmo') tabmoActive++;
      anchor.status = 'active';
    }
  }
  for (const preferDyd of [true, false]) {
    for (const campaigns of perDealership) {
      if (tabmoActive >= tabmoActivePool) break;
      const ended = campaigns.filter((c) => c.status === 'ended');
      const pick = ended.find((c) => productSource(c.code) === 'tabmo' && (!preferDyd || c.code === 'DYD'));
      if (
        pick &&
        ended.length >= 2 &&
        !campaigns.some((c) => c.status === 'active' && productSource(c.code) === 'tabmo')
      ) {
        pick.status = 'active';
        tabmoActive++;
      }
    }
  }
  if (tabmoActive > tabmoActivePool) {
    throw new Error(
      `Demo plan needs ${tabmoActive} TabMo campaigns that run to the end; the data has ${tabmoActivePool}`,
    );
  }
  const plan: PlannedCampaign[] = [];
  for (const campaigns of perDealership) {
    for (const campaign of campaigns) {
      campaign.id = FIRST_CLIENT_CAMPAIGN_ID + plan.length;
      plan.push(campaign);
    }
  }
  return plan;
}
