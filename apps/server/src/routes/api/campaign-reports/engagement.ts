import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  csvExportQuerySchema,
  eventsResponseSchema,
  leadsPageSchema,
  reportParamsSchema,
  reportRangeQuerySchema,
  reportTableQuerySchema,
  walkInsResponseSchema,
} from '@portal/contracts';
import { csvFileName, formatUsLocalDate } from '../../../lib/csv';
import { getEvents, getWalkIns } from '../../../plugins/app/campaign-reports/engagement';
import { countLeads, listLeads } from '../../../plugins/app/campaign-reports/leads';
import { inSlices } from '../../../plugins/app/campaign-reports/table';
import { loadCampaign, rangeOf, readPage, reportErrors, sendTableCsv } from './shared';

const tags = ['campaign-reports'];

/** Leads delivered, walk-in visits and promoted events (spec 000 §2.2: leads, walk-ins, event map). */
const engagementRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * `GET .../campaigns/{campaign_id}/leads?pageIndex&pageSize&sorting&filters&start_date&end_date` →
   * `{ data: [{ lead_id, datetime (ISO 8601, UTC), lead_type, contact_name, vehicle_vin, status }],
   * pagination: { total } }`: leads whose dealership-local day is in the range, newest first by
   * default. Sort ids: datetime, lead_type, contact_name, status (others ignored); filters
   * `lead_type`, `status`.
   */
  app.get(
    '/campaigns/:campaign_id/leads',
    {
      schema: {
        tags,
        summary: 'Leads delivered (paged)',
        params: reportParamsSchema,
        querystring: reportTableQuerySchema,
        response: { 200: leadsPageSchema, ...reportErrors },
      },
    },
    async (request) => {
      const campaign = await loadCampaign(app.db, request.params);
      const params = { campaign, ...rangeOf(request.query), ...request.query };
      return readPage(
        request.query,
        (slice) => listLeads(app.db, params, slice),
        () => countLeads(app.db, params),
      );
    },
  );

  /**
   * `GET .../campaigns/{campaign_id}/leads/csv?sorting&filters&start_date&end_date` → text/csv of
   * every lead in the range (same order and filters as the table): Date (MM/DD/YYYY, dealership
   * local), Type, Contact, Vehicle VIN, Status; file `{campaign}_Leads_{start}_{end}.csv`.
   */
  app.get(
    '/campaigns/:campaign_id/leads/csv',
    {
      schema: {
        tags,
        summary: 'Leads as CSV',
        params: reportParamsSchema,
        querystring: csvExportQuerySchema,
        response: reportErrors,
      },
    },
    async (request, reply) => {
      const campaign = await loadCampaign(app.db, request.params);
      const params = { campaign, ...rangeOf(request.query), ...request.query };
      return sendTableCsv(reply, {
        fileName: csvFileName(campaign.displayName, 'Leads', request.query.start_date, request.query.end_date),
        table: 'leads',
        slices: inSlices((slice) => listLeads(app.db, params, slice)),
        values: {
          datetime: (row) => formatUsLocalDate(row.datetime, campaign.timeZone),
          lead_type: (row) => row.lead_type,
          contact_name: (row) => row.contact_name,
          vehicle_vin: (row) => row.vehicle_vin,
          status: (row) => row.status,
        },
      });
    },
  );

  /**
   * `GET .../campaigns/{campaign_id}/walk-ins?start_date&end_date` → `{ data: [{ location_name,
   * latitude, longitude, visits }] }`: visits per location over the range, visits descending.
   */
  app.get(
    '/campaigns/:campaign_id/walk-ins',
    {
      schema: {
        tags,
        summary: 'Walk-in visits per location',
        params: reportParamsSchema,
        querystring: reportRangeQuerySchema,
        response: { 200: walkInsResponseSchema, ...reportErrors },
      },
    },
    async (request) => {
      const campaign = await loadCampaign(app.db, request.params);
      return { data: await getWalkIns(app.db, campaign.id, rangeOf(request.query)) };
    },
  );

  /**
   * `GET .../campaigns/{campaign_id}/events?start_date&end_date` → `{ data: [{ event_id, event_name,
   * event_date, address, latitude, longitude, impressions, clicks, attendees }] }`: events dated in
   * the range, by date.
   */
  app.get(
    '/campaigns/:campaign_id/events',
    {
      schema: {
        tags,
        summary: 'Promoted events with coordinates',
        params: reportParamsSchema,
        querystring: reportRangeQuerySchema,
        response: { 200: eventsResponseSchema, ...reportErrors },
      },
    },
    async (request) => {
      const campaign = await loadCampaign(app.db, request.params);
      return { data: await getEvents(app.db, campaign.id, rangeOf(request.query)) };
    },
  );
};
export default engagementRoutes;
