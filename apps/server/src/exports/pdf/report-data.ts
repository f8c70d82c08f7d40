import {
  creativeTableColumns,
  keywordTableColumns,
  leadTableColumns,
  phoneCallTableColumns,
  previousPeriod,
  reportPageOf,
  reportTableQuerySchema,
  shownReportSections,
  siteTableColumns,
  vehicleTableColumns,
  type Annotation,
  type AttributionRule,
  type AudienceMetrics,
  type CampaignReport,
  type ConversionsResponse,
  type DisplayMetrics,
  type ReportPage,
  type ReportSectionKind,
  type ReportSectionSpec,
  type SocialMetrics,
  type TableColumns,
  type TopVehiclesResponse,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import { pdfChartNotes } from '../../repositories/annotations';
import { attributionSummary, dealershipAttributionContext } from '../../repositories/attribution';
import { getAudienceMetrics } from '../../repositories/campaign-reports/audiences';
import { getDemographics, getDmas, getPlacements } from '../../repositories/campaign-reports/breakdowns';
import { countCalls, listCalls } from '../../repositories/campaign-reports/calls';
import { getConversions } from '../../repositories/campaign-reports/conversions';
import { countCreatives, listCreatives } from '../../repositories/campaign-reports/creatives';
import { getDisplayMetrics } from '../../repositories/campaign-reports/display';
import { getEvents, getWalkIns } from '../../repositories/campaign-reports/engagement';
import { countKeywords, listKeywords } from '../../repositories/campaign-reports/keywords';
import { countLeads, listLeads } from '../../repositories/campaign-reports/leads';
import { getCampaignReport } from '../../repositories/campaign-reports/report';
import { getSocialMetrics } from '../../repositories/campaign-reports/social';
import { countSites, listSites } from '../../repositories/campaign-reports/sites';
import { getTopVehicles } from '../../repositories/campaign-reports/top-vehicles';
import { countVehicles, listVehicles } from '../../repositories/campaign-reports/vehicles';
import { loadCampaign, rangeOf, readPage } from '../../routes/api/campaign-reports/shared';
import type { Storage } from '../../lib/storage';
import { loadReportCover, type ReportCover } from './report-cover';

type Page<R> = { data: R[]; pagination: { total: number } };
type Rows<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>;

/**
 * Everything a campaign report PDF shows: what the report calls answer (the same functions the
 * routes call), only for the sections the report shows. Plain data: it is structured-cloned into a
 * worker of the export pool.
 */
export interface ReportPdfData {
  report: CampaignReport;
  /** The same call for the previous period of equal length (contracts `previousPeriod`): the summary's changes. */
  previous: CampaignReport;
  /** Agency, paper, zone, data through and generation time: the cover, header and footer. */
  cover: ReportCover;
  /** The sections the report shows, in order (contracts `shownReportSections`). */
  sections: ReportSectionSpec[];
  /** The notes of the range (the dealership's and the campaign's, flight start and end included; issue 21 §4). */
  annotations?: Annotation[];
  audience?: AudienceMetrics;
  social?: SocialMetrics;
  display?: DisplayMetrics;
  conversions?: ConversionsResponse;
  topVehicles?: TopVehiclesResponse;
  vehicles?: Page<Rows<typeof listVehicles>[number]>;
  calls?: Page<Omit<Rows<typeof listCalls>[number], 'recordingKey'>>;
  sites?: Page<Rows<typeof listSites>[number]>;
  creatives?: Page<Rows<typeof listCreatives>[number]>;
  keywords?: Page<Rows<typeof listKeywords>[number]>;
  leads?: Page<Rows<typeof listLeads>[number]>;
  dmas?: { data: Rows<typeof getDmas> };
  placements?: { data: Rows<typeof getPlacements> };
  demographics?: { data: Rows<typeof getDemographics> };
  walkIns?: { data: Rows<typeof getWalkIns> };
  events?: { data: Rows<typeof getEvents> };
  /**
   * The campaign's attributed sales under the agency's rule (issue 22 §2), as the page's "Attributed
   * Sales" card shows them, for DYD and social reports of a dealership with sales data; null
   * without sales data (the card keeps the platform's reported sales).
   */
  attributedSales?: { sales: number; rule: AttributionRule } | null;
}

type DataKey = Exclude<
  keyof ReportPdfData,
  'report' | 'previous' | 'cover' | 'sections' | 'annotations' | 'attributedSales'
>;

/** The data each section kind draws from (besides the report call); `source` picks the metrics call. */
function dataOf(spec: ReportSectionSpec): DataKey[] {
  const bySource = spec.source && spec.source !== 'report' ? [spec.source] : [];
  const needs: Record<ReportSectionKind, DataKey[]> = {
    cards: [],
    'daily-chart': bySource,
    'audience-trend': ['audience'],
    'video-completion': [],
    funnel: [],
    placements: spec.source === 'social' ? ['social'] : ['placements'],
    demographics: ['demographics'],
    'top-dmas': spec.source === 'social' ? ['social'] : ['dmas'],
    'dma-map': ['dmas'],
    'top-conversions': ['social'],
    conversions: ['conversions'],
    'key-pages': ['conversions'],
    'utm-sources': ['conversions'],
    orders: ['conversions'],
    revenue: ['conversions'],
    'vehicle-highlights': ['topVehicles'],
    'creatives-table': ['creatives'],
    'sites-table': ['sites'],
    'vehicles-table': ['vehicles'],
    'keywords-table': ['keywords'],
    'phone-calls-table': ['calls'],
    'leads-table': ['leads'],
    'walk-ins-map': ['walkIns'],
    'walk-ins-table': ['walkIns'],
    'events-map': ['events'],
    'events-table': ['events'],
    'ad-previews': ['creatives'],
  };
  return [...needs[spec.kind], ...(spec.children ?? []).flatMap(dataOf)];
}

/** The cards of each page read the page's metrics call (and the events for the attendees). */
const CARD_DATA: Partial<Record<ReportPage, DataKey[]>> = {
  audience: ['audience'],
  'social-dynamic': ['social'],
  'dynamic-display': ['display'],
  events: ['events'],
};

/** The tenant and campaign of a report call (the path parameters the routes parse). */
export interface ReportTenant {
  dealership_id: number;
  campaign_id: number;
}

/**
 * Loads one campaign's report data for a range (the parsed `reportRangeQuerySchema` query) by the
 * functions the report routes call (spec 000 §7): the `report` call, then only what the shown
 * sections draw, tables as their first page of 10 rows in their default order. 404 'Campaign not
 * found' unless the campaign is the dealership's (as every report call).
 */
export async function loadReportPdfData(
  db: Db,
  tenant: ReportTenant,
  query: { start_date: string; end_date: string },
  now: Date = new Date(),
  storage?: Storage,
): Promise<ReportPdfData> {
  const campaign = await loadCampaign(db, tenant);
  const range = rangeOf(query);
  const report = await getCampaignReport(db, { campaign, range });
  const previous = await getCampaignReport(db, { campaign, range: previousPeriod(range) });
  const cover = await loadReportCover(db, report, now, storage);
  const sections = shownReportSections(report);
  const page = (columns: TableColumns) =>
    reportTableQuerySchema(columns).parse({ ...query, pageIndex: 0, pageSize: 10 });
  const table = <P, R>(
    columns: TableColumns,
    params: (query: ReturnType<typeof page>) => P,
    list: (db: Db, params: P & { slice: { limit: number; offset: number } }) => Promise<R[]>,
    count: (db: Db, params: P) => Promise<number>,
  ) => {
    const q = page(columns);
    const p = params(q);
    return readPage(
      q,
      (slice) => list(db, { ...p, slice }),
      () => count(db, p),
    );
  };
  const loaders: { [K in DataKey]: () => Promise<ReportPdfData[K]> } = {
    audience: () => getAudienceMetrics(db, { campaign, range }),
    social: () => getSocialMetrics(db, { campaign, range }),
    display: () => getDisplayMetrics(db, { campaign, range }),
    conversions: () => getConversions(db, { campaign, range }),
    topVehicles: () => getTopVehicles(db, { campaign, range }),
    vehicles: () => table(vehicleTableColumns, (q) => ({ campaign, ...range, ...q }), listVehicles, countVehicles),
    calls: async () => {
      const calls = await table(phoneCallTableColumns, (q) => ({ campaign, ...range, ...q }), listCalls, countCalls);
      return { ...calls, data: calls.data.map(({ recordingKey: _, ...row }) => row) };
    },
    sites: () => table(siteTableColumns, (q) => ({ campaignId: campaign.id, ...range, ...q }), listSites, countSites),
    creatives: () =>
      table(creativeTableColumns, (q) => ({ campaignId: campaign.id, ...range, ...q }), listCreatives, countCreatives),
    keywords: () =>
      table(keywordTableColumns, (q) => ({ campaignId: campaign.id, ...range, ...q }), listKeywords, countKeywords),
    leads: () => table(leadTableColumns, (q) => ({ campaign, ...range, ...q }), listLeads, countLeads),
    dmas: async () => ({ data: await getDmas(db, { campaignId: campaign.id, range }) }),
    placements: async () => ({ data: await getPlacements(db, { campaignId: campaign.id, range }) }),
    demographics: async () => ({ data: await getDemographics(db, { campaignId: campaign.id, range }) }),
    walkIns: async () => ({ data: await getWalkIns(db, { campaignId: campaign.id, range }) }),
    events: async () => ({ data: await getEvents(db, { campaignId: campaign.id, range }) }),
  };
  const keys = new Set<DataKey>(sections.flatMap(dataOf));
  for (const key of CARD_DATA[reportPageOf(report.campaign.product_code)] ?? []) keys.add(key);
  // The summary names the top market when the report has DMAs.
  if ((report.sections.dmas ?? 0) > 0) keys.add('dmas');
  const annotations = await pdfChartNotes(db, {
    dealershipId: tenant.dealership_id,
    campaign: { kind: 'managed', id: campaign.id },
    flight: { startDate: report.campaign.start_date, endDate: report.campaign.end_date },
    ...range,
  });
  const data: ReportPdfData = { report, previous, cover, sections, annotations };
  if (report.campaign.product_code === 'DYD' || report.campaign.family === 'social') {
    const { rule } = await dealershipAttributionContext(db, tenant.dealership_id);
    const summary = await attributionSummary(db, { dealershipId: tenant.dealership_id, ...range, rule });
    data.attributedSales = summary.has_sales
      ? {
          sales: summary.campaigns.find((c) => c.campaign_id === campaign.id)?.attributed_sales ?? 0,
          rule: summary.rule,
        }
      : null;
  }
  await Promise.all(
    [...keys].map(async (key) => {
      (data as unknown as Record<DataKey, unknown>)[key] = await loaders[key]();
    }),
  );
  return data;
}
