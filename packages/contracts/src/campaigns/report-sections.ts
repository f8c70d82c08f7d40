import type { CampaignReport, ReportSectionName, ReportTotals } from '../campaign-reports/campaign-report';
import { productCatalog, type ProductCode, type ProductFamily } from './products';
import type { ReportPage } from './report-page';

/**
 * The report sections of every product code, defined once (issue 19 §2; spec 000 §2.2, §2.5–§2.7).
 * The web report page (apps/web `campaign-reports/components/report-sections.tsx`) and the PDF
 * (apps/server `exports/pdf/campaign-report-pdf.ts`) both walk `shownReportSections(report)` and map
 * each section's `kind` to a component / a PDF block, so a section added here appears in both.
 * docs/contributing.md "Add a report section" and "Add a product code" name the files to touch.
 */

/** Daily charts (one titled chart per metric); `listens` is the audio page's name for views. */
export type DailyMetric =
  'impressions' | 'clicks' | 'interactions' | 'ctr' | 'views' | 'listens' | 'vtr' | 'conversions' | 'calls' | 'leads';

/** The call a chart's points come from: the `report` call, or the page's own metrics call. */
export type ReportDataSource = 'report' | 'audience' | 'social' | 'display';

/**
 * What renders a section. Each renderer has one entry per kind (web: a component; PDF: a block
 * builder); a typed `Record<ReportSectionKind, …>` on both sides makes a new kind fail to compile
 * until both draw it.
 */
export const reportSectionKinds = [
  'cards',
  'daily-chart',
  'audience-trend',
  'video-completion',
  'funnel',
  'placements',
  'demographics',
  'top-dmas',
  'dma-map',
  'top-conversions',
  'conversions',
  'key-pages',
  'utm-sources',
  'orders',
  'revenue',
  'vehicle-highlights',
  'creatives-table',
  'sites-table',
  'vehicles-table',
  'keywords-table',
  'phone-calls-table',
  'leads-table',
  'walk-ins-map',
  'walk-ins-table',
  'events-map',
  'events-table',
  'ad-previews',
] as const;
export type ReportSectionKind = (typeof reportSectionKinds)[number];

/** A campaign setting a section may depend on (`booked`: booked impressions are set). */
export type ReportSetting =
  'show_roas' | 'show_site_list' | 'show_ad_previews' | 'enable_facebook_campaign_conversions' | 'booked';

/**
 * When a section shows, as data (so the docs and tests can read it): `rows` = the report's
 * `sections[rows]` count is above 0; `setting` = a campaign setting is on; `total` = the range's
 * total is above 0; `all` / `any` combine. A section without a condition always shows.
 */
export type ReportSectionCondition =
  | { rows: ReportSectionName }
  | { setting: ReportSetting }
  | { total: keyof Pick<ReportTotals, 'conversions' | 'leads' | 'calls' | 'clicks'> }
  | { all: ReportSectionCondition[] }
  | { any: ReportSectionCondition[] };

export interface ReportSectionSpec {
  kind: ReportSectionKind;
  /** The heading both renderers show ('' for the cards row, which has none). */
  title: string;
  /** Daily charts: the metric drawn. */
  metric?: DailyMetric;
  /** Where the section's data comes from when a page reads its own metrics call. */
  source?: ReportDataSource;
  /** Vehicles table: which call (`campaign`, `fbd`, `dyd`) and its columns (`full` or `social`). */
  vehicles?: { call: 'campaign' | 'fbd' | 'dyd'; columns: 'full' | 'social' };
  /** Panels with the same `row` sit side by side, two per row; an odd last one takes the whole row. */
  row?: string;
  /** The setting or condition that shows it; always shown when absent. */
  shownWhen?: ReportSectionCondition;
  /** Sections drawn inside this one, under its heading (the conversions charts). */
  children?: ReportSectionSpec[];
}

export interface ReportLayout {
  page: ReportPage;
  /** The family pages show 'No data for this date range' instead of sections when the range has no delivery. */
  emptyWithoutDelivery: boolean;
  sections: ReportSectionSpec[];
}

const DAILY_TITLES: Record<DailyMetric, string> = {
  impressions: 'Impressions',
  clicks: 'Clicks',
  interactions: 'Interactions',
  ctr: 'CTR',
  views: 'Views',
  listens: 'Listens',
  vtr: 'VTR',
  conversions: 'Conversions',
  calls: 'Phone calls',
  leads: 'Leads',
};

const cards: ReportSectionSpec = { kind: 'cards', title: '' };

function daily(
  metric: DailyMetric,
  options: { row?: string; source?: ReportDataSource; shownWhen?: ReportSectionCondition } = {},
): ReportSectionSpec {
  return { kind: 'daily-chart', title: DAILY_TITLES[metric], metric, row: options.row ?? 'daily', ...options };
}

const rows = (name: ReportSectionName): ReportSectionCondition => ({ rows: name });

const funnel: ReportSectionSpec = { kind: 'funnel', title: 'Funnel' };
const creatives: ReportSectionSpec = { kind: 'creatives-table', title: 'Top Creatives', shownWhen: rows('creatives') };
const dmas: ReportSectionSpec[] = [
  { kind: 'top-dmas', title: 'Impressions by DMA (top 5)', row: 'dmas', source: 'report', shownWhen: rows('dmas') },
  { kind: 'dma-map', title: 'Impressions by DMA map', row: 'dmas', shownWhen: rows('dmas') },
];
const walkIns: ReportSectionSpec[] = [
  { kind: 'walk-ins-map', title: 'Walk-in locations', row: 'walk-ins', shownWhen: rows('locations') },
  { kind: 'walk-ins-table', title: 'Walk-ins by location', row: 'walk-ins', shownWhen: rows('locations') },
];
const phoneCalls = (shownWhen?: ReportSectionCondition): ReportSectionSpec => ({
  kind: 'phone-calls-table',
  title: 'Phone Calls',
  ...(shownWhen ? { shownWhen } : {}),
});
const leads: ReportSectionSpec = { kind: 'leads-table', title: 'Leads', shownWhen: rows('leads') };
const conversions = (shownWhen?: ReportSectionCondition): ReportSectionSpec => ({
  kind: 'conversions',
  title: 'Conversions',
  ...(shownWhen ? { shownWhen } : {}),
  children: [
    { kind: 'key-pages', title: 'Key pages (top 5)', row: 'conversions' },
    { kind: 'utm-sources', title: 'UTM sources (top 5)', row: 'conversions' },
    { kind: 'orders', title: 'Orders', row: 'conversions', shownWhen: { setting: 'show_roas' } },
    { kind: 'revenue', title: 'Revenue', row: 'conversions', shownWhen: { setting: 'show_roas' } },
  ],
});

/** The pages' section lists; product codes pick theirs (with their own tables) in `layoutOf`. */
const pages = {
  audience: (): ReportSectionSpec[] => [
    cards,
    daily('clicks', { source: 'audience' }),
    daily('impressions', { source: 'audience' }),
    { kind: 'audience-trend', title: 'Audience size trend', source: 'audience' },
  ],
  'social-dynamic': (): ReportSectionSpec[] => [
    cards,
    daily('impressions', { source: 'social', row: 'grid' }),
    daily('interactions', { source: 'social', row: 'grid' }),
    { kind: 'placements', title: 'Impressions by placement', source: 'social', row: 'grid' },
    { kind: 'demographics', title: 'Interaction demographics', row: 'grid' },
    { kind: 'top-dmas', title: 'Impressions by DMA (top 5)', source: 'social', row: 'grid' },
    daily('ctr', { source: 'social', row: 'grid' }),
    {
      kind: 'top-conversions',
      title: 'Top Conversions',
      source: 'social',
      shownWhen: { setting: 'enable_facebook_campaign_conversions' },
    },
    { kind: 'vehicles-table', title: 'Top Performing Vehicles', vehicles: { call: 'fbd', columns: 'social' } },
  ],
  'dynamic-display': (): ReportSectionSpec[] => [
    cards,
    daily('impressions', { source: 'display' }),
    daily('clicks', { source: 'display' }),
    conversions(),
    { kind: 'vehicle-highlights', title: 'Top Vehicles' },
    daily('ctr', { source: 'display', row: 'ctr' }),
    phoneCalls(),
    { kind: 'sites-table', title: 'Top Performing Sites', shownWhen: { setting: 'show_site_list' } },
    { kind: 'vehicles-table', title: 'Vehicles', vehicles: { call: 'dyd', columns: 'full' } },
    { kind: 'ad-previews', title: 'Ad Previews', shownWhen: { setting: 'show_ad_previews' } },
  ],
  display: (): ReportSectionSpec[] => [
    cards,
    daily('impressions'),
    daily('clicks'),
    daily('ctr'),
    daily('conversions', { shownWhen: { total: 'conversions' } }),
    daily('leads', { shownWhen: { total: 'leads' } }),
    funnel,
    creatives,
    {
      kind: 'sites-table',
      title: 'Top Performing Sites',
      shownWhen: { all: [{ setting: 'show_site_list' }, rows('sites')] },
    },
    ...dmas,
    conversions({ any: [rows('conversions'), rows('utms')] }),
    leads,
    ...walkIns,
    phoneCalls(rows('calls')),
    {
      kind: 'vehicles-table',
      title: 'Vehicles',
      vehicles: { call: 'campaign', columns: 'full' },
      shownWhen: rows('vehicles'),
    },
  ],
  video: (): ReportSectionSpec[] => [
    cards,
    { kind: 'video-completion', title: 'Video completion' },
    daily('impressions'),
    daily('views'),
    daily('vtr'),
    daily('clicks'),
    creatives,
    ...dmas,
  ],
  audio: (): ReportSectionSpec[] => [
    cards,
    daily('impressions'),
    daily('listens'),
    daily('clicks'),
    daily('ctr'),
    creatives,
    ...dmas,
  ],
  ooh: (): ReportSectionSpec[] => [
    cards,
    daily('impressions'),
    daily('calls', { shownWhen: { total: 'calls' } }),
    ...walkIns,
    phoneCalls(rows('calls')),
    ...dmas,
  ],
  search: (options: { vehicles: boolean }): ReportSectionSpec[] => [
    cards,
    daily('impressions'),
    daily('clicks'),
    daily('ctr'),
    daily('calls', { shownWhen: { total: 'calls' } }),
    funnel,
    { kind: 'keywords-table', title: 'Keywords', shownWhen: rows('keywords') },
    phoneCalls(rows('calls')),
    ...(options.vehicles
      ? [
          {
            kind: 'vehicles-table',
            title: 'Vehicles',
            vehicles: { call: 'campaign', columns: 'full' },
            shownWhen: rows('vehicles'),
          } satisfies ReportSectionSpec,
        ]
      : []),
    ...dmas,
  ],
  social: (options: { leads: boolean; vehicles: boolean }): ReportSectionSpec[] => [
    cards,
    daily('impressions'),
    daily('interactions'),
    funnel,
    {
      kind: 'placements',
      title: 'Impressions by placement',
      source: 'report',
      row: 'breakdowns',
      shownWhen: rows('placements'),
    },
    { kind: 'demographics', title: 'Interaction demographics', row: 'breakdowns', shownWhen: rows('demographics') },
    ...dmas,
    daily('ctr', { row: 'daily-2' }),
    daily('leads', { row: 'daily-2', shownWhen: { total: 'leads' } }),
    ...(options.leads ? [leads] : []),
    ...(options.vehicles
      ? [
          {
            kind: 'vehicles-table',
            title: 'Top Performing Vehicles',
            vehicles: { call: 'campaign', columns: 'social' },
            shownWhen: rows('vehicles'),
          } satisfies ReportSectionSpec,
        ]
      : []),
  ],
  events: (): ReportSectionSpec[] => [
    cards,
    daily('impressions'),
    daily('clicks'),
    { kind: 'events-map', title: 'Event locations', shownWhen: rows('events') },
    { kind: 'events-table', title: 'Events', shownWhen: rows('events') },
  ],
} satisfies Record<ReportPage, (options: never) => ReportSectionSpec[]>;

/** Search codes that advertise inventory and so have a vehicles table. */
const INVENTORY_SEARCH_CODES: readonly ProductCode[] = ['INV', 'MIV', 'VLA', 'MVA', 'PMX', 'MPX'];
/** Social codes that deliver leads. */
const LEAD_SOCIAL_CODES: readonly ProductCode[] = ['DSL', 'FDL', 'FDS'];
/** Social codes that advertise inventory. */
const INVENTORY_SOCIAL_CODES: readonly ProductCode[] = ['FML', 'TTI'];

function layoutOf(code: ProductCode): ReportLayout {
  const family: ProductFamily = productCatalog[code].family;
  const family_ = (page: ReportPage, sections: ReportSectionSpec[]): ReportLayout => ({
    page,
    emptyWithoutDelivery: true,
    sections,
  });
  if (code === 'AUDIENCE') return { page: 'audience', emptyWithoutDelivery: false, sections: pages.audience() };
  if (code === 'FBD' || code === 'DYN')
    return { page: 'social-dynamic', emptyWithoutDelivery: false, sections: pages['social-dynamic']() };
  if (code === 'DYD')
    return { page: 'dynamic-display', emptyWithoutDelivery: false, sections: pages['dynamic-display']() };
  switch (family) {
    case 'search':
      return family_('search', pages.search({ vehicles: INVENTORY_SEARCH_CODES.includes(code) }));
    case 'social':
      return family_(
        'social',
        pages.social({ leads: LEAD_SOCIAL_CODES.includes(code), vehicles: INVENTORY_SOCIAL_CODES.includes(code) }),
      );
    case 'audience':
      return { page: 'audience', emptyWithoutDelivery: false, sections: pages.audience() };
    default:
      return family_(family, pages[family]());
  }
}

/** Every product code's report layout: its page and the ordered sections it may show. */
export const reportLayouts = Object.fromEntries(
  (Object.keys(productCatalog) as ProductCode[]).map((code) => [code, layoutOf(code)]),
) as Record<ProductCode, ReportLayout>;

/** The layout of a product code (any case); an unknown code gets the display family's page. */
export function reportLayoutOf(productCode: string): ReportLayout {
  return reportLayouts[productCode.toUpperCase() as ProductCode] ?? layoutOf('DSP');
}

function settingOn(report: CampaignReport, setting: ReportSetting): boolean {
  if (setting === 'booked') return report.campaign.booked_impressions !== null;
  return report.campaign[setting];
}

/** Whether a condition holds for a report (header, totals and `sections` row counts). */
export function conditionHolds(condition: ReportSectionCondition | undefined, report: CampaignReport): boolean {
  if (!condition) return true;
  if ('rows' in condition) return (report.sections[condition.rows] ?? 0) > 0;
  if ('setting' in condition) return settingOn(report, condition.setting);
  if ('total' in condition) return report.totals[condition.total] > 0;
  if ('all' in condition) return condition.all.every((part) => conditionHolds(part, report));
  return condition.any.some((part) => conditionHolds(part, report));
}

/**
 * Whether the range has any delivery at all: a figure or a breakdown row. A family page
 * (`emptyWithoutDelivery`) without delivery shows 'No data for this date range' instead of sections.
 */
export function reportHasDelivery(report: CampaignReport): boolean {
  const { totals, sections } = report;
  if (totals.impressions > 0 || totals.clicks > 0 || totals.views > 0) return true;
  if (totals.calls > 0 || totals.leads > 0 || totals.conversions > 0) return true;
  return Object.values(sections).some((count) => count > 0);
}

/**
 * The sections a report shows, in order, with the children each shows: the product code's layout
 * filtered by each section's `shownWhen`. Empty when a family page's range has no delivery.
 */
export function shownReportSections(report: CampaignReport): ReportSectionSpec[] {
  const layout = reportLayoutOf(report.campaign.product_code);
  if (layout.emptyWithoutDelivery && !reportHasDelivery(report)) return [];
  const shown = (specs: ReportSectionSpec[]): ReportSectionSpec[] =>
    specs
      .filter((spec) => conditionHolds(spec.shownWhen, report))
      .map((spec) => (spec.children ? { ...spec, children: shown(spec.children) } : spec));
  return shown(layout.sections);
}

/** The headings of the shown sections in reading order (children after their parent); no cards. */
export function reportSectionTitles(sections: ReportSectionSpec[]): string[] {
  return sections.flatMap((spec) => [...(spec.title ? [spec.title] : []), ...reportSectionTitles(spec.children ?? [])]);
}

/** Consecutive sections with the same `row` as one group (a row of panels); others alone. */
export function groupReportRows(sections: ReportSectionSpec[]): ReportSectionSpec[][] {
  const groups: ReportSectionSpec[][] = [];
  for (const spec of sections) {
    const last = groups.at(-1);
    if (spec.row && last && last[0]!.row === spec.row) last.push(spec);
    else groups.push([spec]);
  }
  return groups;
}
