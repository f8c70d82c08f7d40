import type * as z from 'zod';
import type { TableColumns } from '../common/table-query';
import { commonErrors, DEALERSHIP_PATH, defineOperation } from '../operations/define';
import {
  budgetResponseSchema,
  creativesPageSchema,
  creativeTableColumns,
  demographicsResponseSchema,
  dmasResponseSchema,
  eventsResponseSchema,
  keywordsPageSchema,
  keywordTableColumns,
  leadsPageSchema,
  leadTableColumns,
  phoneCallsPageSchema,
  phoneCallTableColumns,
  placementsResponseSchema,
  siteListPageSchema,
  siteSizesQuerySchema,
  siteSizesResponseSchema,
  siteTableColumns,
  topVehiclesResponseSchema,
  vehiclesPageSchema,
  vehicleTableColumns,
  walkInsResponseSchema,
} from './breakdowns';
import { campaignReportSchema } from './campaign-report';
import { csvExportQuerySchema, reportParamsSchema, reportRangeQuerySchema, reportTableQuerySchema } from './common';
import {
  audienceCampaignSchema,
  audienceMetricsSchema,
  conversionsResponseSchema,
  displayMetricsSchema,
  socialMetricsSchema,
} from './spec-pages';
import { vehicleDetailSchema, vehicleParamsSchema } from './vehicle-page';

/** Every report call's path starts here (spec 000 §7). */
const CAMPAIGNS = `${DEALERSHIP_PATH}/campaigns` as const;
const tags = ['campaign-reports'] as const;

/** A report call over a range: `{campaign_id}` in the path, `start_date&end_date` in the query. */
function rangeCall<const Id extends string, const Path extends string, Response extends z.ZodType>(
  id: Id,
  path: Path,
  summary: string,
  response: Response,
) {
  return defineOperation({
    id,
    method: 'GET',
    path,
    summary,
    tags,
    responseCache: true,
    params: reportParamsSchema,
    query: reportRangeQuerySchema,
    response: { 200: response, ...commonErrors },
  });
}

/**
 * A report table's two operations: `page` (`GET {path}?pageIndex&pageSize&sorting&filters&start_date&end_date`
 * → `{ data, pagination: { total } }`) and `csv` (`GET {path}/csv?sorting&filters&start_date&end_date`
 * → text/csv of the whole filtered, sorted set; export class `download`). Sort and filter ids
 * outside `columns` → 400.
 */
export function reportTableOperations<const Id extends string, const Path extends string, Page extends z.ZodType>(
  id: Id,
  path: Path,
  summary: string,
  columns: TableColumns,
  pageSchema: Page,
) {
  return {
    page: defineOperation({
      id,
      method: 'GET',
      path,
      summary: `${summary} (paged)`,
      tags,
      // Pages whose rows carry signed URLs are kept too: a URL is the same for every request of an
      // answer window, the cache key's window (server plugins/external/storage.ts).
      responseCache: true,
      params: reportParamsSchema,
      query: reportTableQuerySchema(columns),
      response: { 200: pageSchema, ...commonErrors },
    }),
    csv: defineOperation({
      id: `${id}Csv`,
      method: 'GET',
      path: `${path}/csv`,
      summary: `${summary} as CSV`,
      tags,
      exportClass: 'download',
      params: reportParamsSchema,
      query: csvExportQuerySchema(columns),
      response: commonErrors,
    }),
  };
}

const vehicles = reportTableOperations(
  'listCampaignVehicles',
  `${CAMPAIGNS}/:campaign_id/vehicles`,
  'Vehicles of a campaign',
  vehicleTableColumns,
  vehiclesPageSchema,
);
const socialVehicles = reportTableOperations(
  'listSocialVehicles',
  `${CAMPAIGNS}/fbd/:campaign_id/vehicles`,
  'Top Performing Vehicles (FBD, DYN)',
  vehicleTableColumns,
  vehiclesPageSchema,
);
const displayVehicles = reportTableOperations(
  'listDisplayVehicles',
  `${CAMPAIGNS}/dyd/:campaign_id/vehicles`,
  'Vehicles table (DYD)',
  vehicleTableColumns,
  vehiclesPageSchema,
);
const leads = reportTableOperations(
  'listLeads',
  `${CAMPAIGNS}/:campaign_id/leads`,
  'Leads delivered',
  leadTableColumns,
  leadsPageSchema,
);
const calls = reportTableOperations(
  'listPhoneCalls',
  `${CAMPAIGNS}/search/:campaign_id/calls`,
  'Phone calls with signed recording URLs',
  phoneCallTableColumns,
  phoneCallsPageSchema,
);
const keywords = reportTableOperations(
  'listKeywords',
  `${CAMPAIGNS}/search/:campaign_id/keywords`,
  'Keyword performance',
  keywordTableColumns,
  keywordsPageSchema,
);
const creatives = reportTableOperations(
  'listCreatives',
  `${CAMPAIGNS}/display/:campaign_id/creatives`,
  'Creatives with delivery',
  creativeTableColumns,
  creativesPageSchema,
);
const sites = reportTableOperations(
  'listSites',
  `${CAMPAIGNS}/display/:campaign_id/site-list`,
  'Top Performing Sites',
  siteTableColumns,
  siteListPageSchema,
);

/** Campaign report calls (spec 000 §2.5–§2.7, §7): ranges are inclusive dealership-local days. */
export const campaignReportOperations = {
  getCampaignReport: rangeCall(
    'getCampaignReport',
    `${CAMPAIGNS}/:campaign_id/report`,
    'Campaign report: header, totals, daily rows, breakdown row counts',
    campaignReportSchema,
  ),
  getBudget: rangeCall(
    'getBudget',
    `${CAMPAIGNS}/:campaign_id/budget`,
    'Budget prorated to the range',
    budgetResponseSchema,
  ),
  getAudienceCampaign: defineOperation({
    id: 'getAudienceCampaign',
    method: 'GET',
    path: `${CAMPAIGNS}/audiences/:campaign_id`,
    summary: 'Audience campaign detail',
    tags,
    responseCache: true,
    params: reportParamsSchema,
    response: { 200: audienceCampaignSchema, ...commonErrors },
  }),
  getAudienceMetrics: rangeCall(
    'getAudienceMetrics',
    `${CAMPAIGNS}/audiences/:campaign_id/metrics`,
    'Audience campaign metrics and audience size trend',
    audienceMetricsSchema,
  ),
  getSocialMetrics: rangeCall(
    'getSocialMetrics',
    `${CAMPAIGNS}/display/dyn/:campaign_id/metrics`,
    'Social dynamic report metrics',
    socialMetricsSchema,
  ),
  getPlacements: rangeCall(
    'getPlacements',
    `${CAMPAIGNS}/:campaign_id/placements`,
    'Impressions and clicks by placement',
    placementsResponseSchema,
  ),
  getDemographics: rangeCall(
    'getDemographics',
    `${CAMPAIGNS}/:campaign_id/demographics`,
    'Impressions and clicks by age group and gender',
    demographicsResponseSchema,
  ),
  getDmas: rangeCall('getDmas', `${CAMPAIGNS}/:campaign_id/dmas`, 'Delivery by DMA', dmasResponseSchema),
  getDisplayMetrics: rangeCall(
    'getDisplayMetrics',
    `${CAMPAIGNS}/display/dyd/:campaign_id/metrics`,
    'Dynamic inventory display cards and daily points',
    displayMetricsSchema,
  ),
  getConversions: rangeCall(
    'getConversions',
    `${CAMPAIGNS}/display/:campaign_id/metrics/conversions`,
    'Conversion data (page views, key pages, UTMs, ROAS)',
    conversionsResponseSchema,
  ),
  getSiteSizes: defineOperation({
    id: 'getSiteSizes',
    method: 'GET',
    path: `${CAMPAIGNS}/display/:campaign_id/site-list/creative-size`,
    summary: 'Impressions per creative size of one site',
    tags,
    responseCache: true,
    params: reportParamsSchema,
    query: siteSizesQuerySchema,
    response: { 200: siteSizesResponseSchema, ...commonErrors },
  }),
  getTopVehicles: rangeCall(
    'getTopVehicles',
    `${CAMPAIGNS}/dyd/:campaign_id/top-vehicles`,
    'Highlight vehicles: highest CTR, most clicked, most viewed',
    topVehiclesResponseSchema,
  ),
  getVehicleDetail: defineOperation({
    id: 'getVehicleDetail',
    method: 'GET',
    path: `${DEALERSHIP_PATH}/inventory/vehicles/:vin`,
    summary: 'A vehicle of the inventory with its campaign results',
    tags,
    responseCache: true,
    params: vehicleParamsSchema,
    query: reportRangeQuerySchema,
    response: { 200: vehicleDetailSchema, ...commonErrors },
  }),
  getWalkIns: rangeCall(
    'getWalkIns',
    `${CAMPAIGNS}/:campaign_id/walk-ins`,
    'Walk-in visits per location',
    walkInsResponseSchema,
  ),
  getEvents: rangeCall(
    'getEvents',
    `${CAMPAIGNS}/:campaign_id/events`,
    'Promoted events with coordinates',
    eventsResponseSchema,
  ),
  listCampaignVehicles: vehicles.page,
  listCampaignVehiclesCsv: vehicles.csv,
  listSocialVehicles: socialVehicles.page,
  listSocialVehiclesCsv: socialVehicles.csv,
  listDisplayVehicles: displayVehicles.page,
  listDisplayVehiclesCsv: displayVehicles.csv,
  listLeads: leads.page,
  listLeadsCsv: leads.csv,
  listPhoneCalls: calls.page,
  listPhoneCallsCsv: calls.csv,
  listKeywords: keywords.page,
  listKeywordsCsv: keywords.csv,
  listCreatives: creatives.page,
  listCreativesCsv: creatives.csv,
  listSites: sites.page,
  listSitesCsv: sites.csv,
};
