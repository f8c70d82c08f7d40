import type * as z from 'zod';
import type {
  AudienceMetrics,
  CampaignReport,
  ConversionsResponse,
  DisplayMetrics,
  SocialMetrics,
  TopVehiclesResponse,
  creativesPageSchema,
  demographicsResponseSchema,
  dmasResponseSchema,
  eventsResponseSchema,
  keywordsPageSchema,
  leadsPageSchema,
  phoneCallsPageSchema,
  placementsResponseSchema,
  siteListPageSchema,
  vehiclesPageSchema,
  walkInsResponseSchema,
} from '@portal/contracts';

/** Everything a campaign report PDF shows: the same API responses the report page reads. */
export interface ReportPdfData {
  report: CampaignReport;
  audience?: AudienceMetrics;
  social?: SocialMetrics;
  display?: DisplayMetrics;
  conversions?: ConversionsResponse;
  topVehicles?: TopVehiclesResponse;
  vehicles?: z.infer<typeof vehiclesPageSchema>;
  calls?: z.infer<typeof phoneCallsPageSchema>;
  sites?: z.infer<typeof siteListPageSchema>;
  creatives?: z.infer<typeof creativesPageSchema>;
  keywords?: z.infer<typeof keywordsPageSchema>;
  leads?: z.infer<typeof leadsPageSchema>;
  dmas?: z.infer<typeof dmasResponseSchema>;
  placements?: z.infer<typeof placementsResponseSchema>;
  demographics?: z.infer<typeof demographicsResponseSchema>;
  walkIns?: z.infer<typeof walkInsResponseSchema>;
  events?: z.infer<typeof eventsResponseSchema>;
}

/** Fetches a report call's JSON (relative to the tenant prefix, e.g. `/campaigns/1/report?...`). */
export type FetchJson = <T>(path: string) => Promise<T>;

const SOCIAL_VEHICLE_CODES = new Set(['FBD', 'DYN', 'FML', 'TTI', 'DSL', 'FDL', 'FDS', 'LKN', 'TIK']);

/**
 * Loads the data of one campaign's report for a range, with the same calls and conditions as the
 * report page: a section is fetched only when the report's `sections` count says it has rows.
 */
export async function loadReportPdfData(
  fetchJson: FetchJson,
  campaignId: number,
  range: { start_date: string; end_date: string },
) {
  const q = `start_date=${range.start_date}&end_date=${range.end_date}`;
  const page = `${q}&pageIndex=0&pageSize=10`;
  const report = await fetchJson<CampaignReport>(`/campaigns/${campaignId}/report?${q}`);
  const { sections, campaign } = report;
  const code = campaign.product_code;
  const data: ReportPdfData = { report };
  const tasks: Array<Promise<void>> = [];
  const load = <K extends keyof ReportPdfData>(key: K, path: string, when = true) => {
    if (!when) return;
    tasks.push(
      fetchJson<ReportPdfData[K]>(path).then((value) => {
        data[key] = value;
      }),
    );
  };
  load('audience', `/campaigns/audiences/${campaignId}/metrics?${q}`, campaign.family === 'audience');
  load('social', `/campaigns/display/dyn/${campaignId}/metrics?${q}`, campaign.family === 'social');
  load('display', `/campaigns/display/dyd/${campaignId}/metrics?${q}`, code === 'DYD');
  load('topVehicles', `/campaigns/dyd/${campaignId}/top-vehicles?${q}`, code === 'DYD' && sections.vehicles > 0);
  const vehiclesPath =
    code === 'DYD'
      ? `/campaigns/dyd/${campaignId}/vehicles`
      : SOCIAL_VEHICLE_CODES.has(code)
        ? `/campaigns/fbd/${campaignId}/vehicles`
        : `/campaigns/${campaignId}/vehicles`;
  load('vehicles', `${vehiclesPath}?${page}`, sections.vehicles > 0);
  load('conversions', `/campaigns/display/${campaignId}/metrics/conversions?${q}`, sections.conversions > 0);
  load('calls', `/campaigns/search/${campaignId}/calls?${page}`, sections.calls > 0);
  load('sites', `/campaigns/display/${campaignId}/site-list?${page}`, sections.sites > 0 && campaign.show_site_list);
  load('creatives', `/campaigns/display/${campaignId}/creatives?${page}`, sections.creatives > 0);
  load('keywords', `/campaigns/search/${campaignId}/keywords?${page}`, sections.keywords > 0);
  load('leads', `/campaigns/${campaignId}/leads?${page}`, sections.leads > 0);
  load('dmas', `/campaigns/${campaignId}/dmas?${q}`, sections.dmas > 0);
  load(
    'placements',
    `/campaigns/${campaignId}/placements?${q}`,
    sections.placements > 0 && campaign.family !== 'social',
  );
  load(
    'demographics',
    `/campaigns/${campaignId}/demographics?${q}`,
    sections.demographics > 0 && campaign.family !== 'social',
  );
  load('walkIns', `/campaigns/${campaignId}/walk-ins?${q}`, sections.locations > 0);
  load('events', `/campaigns/${campaignId}/events?${q}`, sections.events > 0);
  await Promise.all(tasks);
  return data;
}
