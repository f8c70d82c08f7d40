import type { RouteModule } from '../../route-module';
import { campaignReportOperations } from '@portal/contracts';
import { registerOperation } from '../../register';
import { formatUsLocalDate } from '../../../lib/csv';
import { getEvents, getWalkIns } from '../../../repositories/campaign-reports/engagement';
import { countLeads, listLeads } from '../../../repositories/campaign-reports/leads';
import { csvColumnsOf, loadCampaign, rangeOf, registerReportTable } from './shared';

type LeadRecord = Awaited<ReturnType<typeof listLeads>>[number];

/** Leads delivered, walk-in visits and promoted events (spec 000 §2.2: leads, walk-ins, event map). */
const engagementRoutes: RouteModule = async (app) => {
  /**
   * `GET .../campaigns/{campaign_id}/leads?pageIndex&pageSize&sorting&filters&start_date&end_date` →
   * `{ data: [{ lead_id, datetime (ISO 8601, UTC), lead_type, contact_name, vehicle_vin, status }],
   * pagination: { total } }`: leads whose dealership-local day is in the range, newest first by
   * default. Sort ids: datetime, lead_type, contact_name, status (others → 400); filters
   * `lead_type`, `status`. `GET .../leads/csv` → text/csv of every lead in the range (same order
   * and filters): Date (MM/DD/YYYY, dealership local), Type, Contact, Vehicle VIN, Status; file
   * `{campaign}_Leads_{start}_{end}.csv`.
   */
  registerReportTable(app, {
    operations: { page: campaignReportOperations.listLeads, csv: campaignReportOperations.listLeadsCsv },
    params: (campaign, query) => ({ campaign, ...rangeOf(query), ...query }),
    list: listLeads,
    count: countLeads,
    csv: {
      fileLabel: 'Leads',
      columns: (campaign) =>
        csvColumnsOf<'leads', LeadRecord>('leads', {
          datetime: (row) => formatUsLocalDate(row.datetime, campaign.timeZone),
          lead_type: (row) => row.lead_type,
          contact_name: (row) => row.contact_name,
          vehicle_vin: (row) => row.vehicle_vin,
          status: (row) => row.status,
        }),
    },
  });

  /**
   * `GET .../campaigns/{campaign_id}/walk-ins?start_date&end_date` → `{ data: [{ location_name,
   * latitude, longitude, visits }] }`: visits per location over the range, visits descending.
   */
  registerOperation(app, campaignReportOperations.getWalkIns, async (request) => {
    const campaign = await loadCampaign(request.reportDb, request.params);
    return { data: await getWalkIns(request.reportDb, { campaignId: campaign.id, range: rangeOf(request.query) }) };
  });

  /**
   * `GET .../campaigns/{campaign_id}/events?start_date&end_date` → `{ data: [{ event_id, event_name,
   * event_date, address, latitude, longitude, impressions, clicks, attendees }] }`: events dated in
   * the range, by date.
   */
  registerOperation(app, campaignReportOperations.getEvents, async (request) => {
    const campaign = await loadCampaign(request.reportDb, request.params);
    return { data: await getEvents(request.reportDb, { campaignId: campaign.id, range: rangeOf(request.query) }) };
  });
};
export default engagementRoutes;
