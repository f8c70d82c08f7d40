import { VENDOR_GOOGLE_ADS, VENDOR_META, type AccountOption, type PlatformStatusName } from '@portal/contracts';
import { addDays, compareText, dateShifter, daysBetween, RAW, readCsv, readCsvArrays, toInt } from '../../demo/common';
import type { PlatformCampaign, ProductDailyRow } from './types';

/**
 * Demo ad accounts of the sandbox connector, built deterministically from the real ad datasets in
 * `seed/raw/ads` (SOURCES.md), dates shifted like the demo (apps/server/src/demo) so the newest
 * day of data is yesterday:
 * - Google Ads: two customers under one manager; AdWords keyword ids, in numeric order, dealt
 *   round-robin to 8 campaigns; a campaign's product rows are its keywords (item id = keyword id),
 *   titled as the vehicle listings a dealership's shopping campaign advertises: a real vehicle of
 *   the demo inventory ("2020 Dodge Charger Scat Pack", distinct within a campaign), since the
 *   AdWords file has almost no keyword strings; daily rows their sum.
 * - Meta: one ad account per KAG `xyz_campaign_id`, one campaign per age group; its ads (item id =
 *   ad_id) go round-robin over the flight's days like the demo's social campaigns, titled by an ad
 *   concept, the audience and an interest name (`adTitle`) instead of bare numbers.
 * Every third campaign starts paused. Flights start 4 to 10 weeks before today, open-ended.
 */
export interface SandboxCampaign extends PlatformCampaign {
  account: AccountOption;
  rows: ProductDailyRow[];
}

export interface SandboxData {
  accounts: AccountOption[];
  campaigns: SandboxCampaign[];
}

const GOOGLE_MANAGER = '9000000001';
const GOOGLE_CAMPAIGNS = 8;

let adwordsCache: string[][] | null = null;
let kagCache: Record<string, string>[] | null = null;
let vehicleCache: string[] | null = null;

/**
 * The distinct "year make model trim" titles of the demo's real inventory (Cars.com listings and
 * Ancira snapshots, seed/raw/inventory), sorted.
 */
function vehicleTitles(): string[] {
  vehicleCache ??= [
    ...new Set(
      [
        ...readCsv(RAW.carscom).map((r) => `${r.Year ?? ''} ${r.Make ?? ''} ${r.Model ?? ''}`),
        ...readCsv(RAW.ancira).map((r) => `${r.year ?? ''} ${r.make ?? ''} ${r.model ?? ''} ${r.trim ?? ''}`),
      ].map((t) => t.replace(/\s+/g, ' ').trim()),
    ),
  ].sort(compareText);
  return vehicleCache;
}

/** Ad concepts of a dealership's social ads. */
const AD_CONCEPTS = [
  'Used SUV carousel',
  'Certified pre-owned video',
  'Trade-in bonus lead form',
  'Weekend sale single image',
  'Truck month carousel',
  'Easy financing offer',
  'Service special',
  'New arrivals collection',
];

/** Interest audiences for KAG's numeric `interest` codes (the file names none), dealt by code. */
const INTERESTS = [
  'Auto enthusiasts',
  'In-market: SUVs',
  'In-market: trucks',
  'In-market: used vehicles',
  'Car buyers 30 days',
  'Family & parenting',
  'Outdoor recreation',
  'Commuters',
  'Luxury vehicles',
  'First-time buyers',
  'Pickup truck owners',
  'Local sports fans',
];

/** "Used SUV carousel v2 · women 30-34 · In-market: SUVs" for the `n`-th ad (ad id order) of a campaign. */
function adTitle(ad: Record<string, string>, n: number): string {
  const concept = AD_CONCEPTS[n % AD_CONCEPTS.length];
  const version = Math.floor(n / AD_CONCEPTS.length) + 1;
  const interest = INTERESTS[toInt(ad.interest) % INTERESTS.length];
  return `${concept} v${version} · ${ad.gender === 'F' ? 'women' : 'men'} ${ad.age ?? ''} · ${interest}`;
}

const statusOf = (n: number): PlatformStatusName => (n % 3 === 2 ? 'paused' : 'active');
const flightStart = (today: string, n: number) => addDays(today, -(28 + 7 * (n % 7)));

export function buildSandboxData(vendorId: number, today: string): SandboxData {
  return vendorId === VENDOR_GOOGLE_ADS
    ? googleData(today)
    : vendorId === VENDOR_META
      ? metaData(today)
      : { accounts: [], campaigns: [] };
}

function googleData(today: string): SandboxData {
  adwordsCache ??= readCsvArrays(RAW.adwords, { unquoted: true });
  const accounts: AccountOption[] = [
    { value: '1000000001', label: 'Sandbox Search — Outdoor Gear', login_customer_id: GOOGLE_MANAGER },
    { value: '1000000002', label: 'Sandbox Search — Trail Running', login_customer_id: GOOGLE_MANAGER },
  ];
  const yesterday = addDays(today, -1);
  let newest = '';
  const keywordIds = new Set<number>();
  for (const [date = '', keywordId] of adwordsCache) {
    if (date > newest) newest = date;
    keywordIds.add(toInt(keywordId));
  }
  const shift = dateShifter(daysBetween(newest, yesterday));
  const sortedIds = [...keywordIds].sort((a, b) => a - b);
  const groupOf = new Map(sortedIds.map((id, j) => [id, j % GOOGLE_CAMPAIGNS]));
  // Keyword j (in id order) of group g is titled by vehicle (g × 137 + its rank in the group) mod n,
  // so titles are distinct within a campaign.
  const titles = vehicleTitles();
  const titleOf = new Map(
    sortedIds.map((id, j) => [
      id,
      titles[((j % GOOGLE_CAMPAIGNS) * 137 + Math.floor(j / GOOGLE_CAMPAIGNS)) % titles.length] ?? `Vehicle ${id}`,
    ]),
  );
  const campaigns: SandboxCampaign[] = Array.from({ length: GOOGLE_CAMPAIGNS }, (_, n) => ({
    id: String(20_000_001 + n),
    name: `Search keyword group ${n + 1}`,
    statusName: statusOf(n),
    startDate: flightStart(today, n),
    endDate: null,
    account: accounts[n % 2]!,
    rows: [],
  }));
  for (const [date = '', keywordId = '', impressions, clicks] of adwordsCache) {
    const campaign = campaigns[groupOf.get(toInt(keywordId)) ?? 0]!;
    const shifted = shift(date);
    if (shifted < campaign.startDate || shifted > yesterday) continue;
    campaign.rows.push({
      date: shifted,
      productItemId: keywordId,
      productTitle: titleOf.get(toInt(keywordId)) ?? `Vehicle ${keywordId}`,
      impressions: toInt(impressions),
      clicks: toInt(clicks),
      conversions: 0,
    });
  }
  return { accounts, campaigns };
}

function metaData(today: string): SandboxData {
  kagCache ??= readCsv(RAW.kag);
  const yesterday = addDays(today, -1);
  const byAdId = (a: Record<string, string>, b: Record<string, string>) => toInt(a.ad_id) - toInt(b.ad_id);
  const accountIds = [...new Set(kagCache.map((r) => r.xyz_campaign_id ?? ''))].sort((a, b) => toInt(a) - toInt(b));
  const accounts: AccountOption[] = accountIds.map((id) => ({
    value: `act_${id}`,
    label: `Sandbox Social — Account ${id}`,
    login_customer_id: null,
  }));
  const campaigns: SandboxCampaign[] = [];
  let n = 0;
  for (const account of accounts) {
    const ads = kagCache.filter((r) => `act_${r.xyz_campaign_id}` === account.value).sort(byAdId);
    const ages = [...new Set(ads.map((r) => r.age ?? ''))].sort(compareText);
    for (const age of ages) {
      const startDate = flightStart(today, n);
      const days: string[] = [];
      for (let d = startDate; d <= yesterday; d = addDays(d, 1)) days.push(d);
      const rows = ads
        .filter((r) => r.age === age)
        .map((ad, j) => ({
          date: days[j % days.length]!,
          productItemId: ad.ad_id ?? '',
          productTitle: adTitle(ad, j),
          impressions: toInt(ad.Impressions),
          clicks: toInt(ad.Clicks),
          conversions: toInt(ad.Total_Conversion),
        }));
      campaigns.push({
        id: `238${account.value.slice(4).padStart(5, '0')}${String(n).padStart(3, '0')}`,
        name: `Audience ${age} — ${account.label.replace('Sandbox Social — ', '')}`,
        statusName: statusOf(n),
        startDate,
        endDate: null,
        account,
        rows,
      });
      n += 1;
    }
  }
  return { accounts, campaigns };
}
