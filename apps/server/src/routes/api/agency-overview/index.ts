import { pdfBrandOf } from '../../../exports/pdf/pdf-document';
import { loadBrandAssets } from '../../../repositories/branding';
import type { FastifyRequest } from 'fastify';
import {
  agencyOverviewOperations,
  overviewSalesSourceLabel,
  ROLE_AGENCY_ADMIN,
  type AttributionRule,
  type OverviewMetrics,
  type OverviewResponse,
} from '@portal/contracts';
import type { RouteModule } from '../../route-module';
import { registerOperation } from '../../register';
import { forbidden, notFound } from '../../../lib/errors';
import { csvFileName, csvPercent, sendCsv, type CsvColumn } from '../../../lib/csv';
import { DATA_CHANGED_CHANNEL } from '../../../db/change-notifications';
import { getAgencyOverview, overviewContexts } from '../../../repositories/agency-overview/overview';
import { responseCacheChange } from '../../../plugins/external/http-cache';

type CsvRow = {
  name: string;
  city: string | null;
  state: string | null;
  current: OverviewMetrics;
  previous: OverviewMetrics;
  trust?: OverviewResponse['rows'][number]['trust'];
  sales_source?: OverviewResponse['rows'][number]['sales_source'];
};

const metricColumns = (period: 'current' | 'previous', suffix: string): Array<CsvColumn<CsvRow>> => [
  { header: `Impressions${suffix}`, value: (row) => row[period].impressions },
  { header: `Clicks${suffix}`, value: (row) => row[period].clicks },
  { header: `CTR (%)${suffix}`, value: (row) => csvPercent(row[period].ctr) },
  { header: `Spend ($)${suffix}`, value: (row) => row[period].spend },
  { header: `Leads${suffix}`, value: (row) => row[period].leads },
  { header: `Calls${suffix}`, value: (row) => row[period].calls },
  { header: `Attributed sales${suffix}`, value: (row) => row[period].sales },
  { header: `Cost per lead ($)${suffix}`, value: (row) => row[period].cost_per_lead },
  { header: `Cost per sale ($)${suffix}`, value: (row) => row[period].cost_per_sale },
];

const notAvailable = (row: CsvRow, value: string | number | null | undefined) =>
  row.trust === undefined ? '' : row.trust.available && value !== null && value !== undefined ? value : 'Not available';

/**
 * The overview's CSV columns: rooftop, the range's metrics, the previous period's, issue 21's slots,
 * then where each rooftop's sales come from and, for attributed ones, the agency's rule (issue 22 §2:
 * the rule beside every attributed figure).
 */
const overviewCsvColumns = (rule: AttributionRule): Array<CsvColumn<CsvRow>> => [
  { header: 'Rooftop', value: (row) => row.name },
  { header: 'City', value: (row) => row.city },
  { header: 'State', value: (row) => row.state },
  ...metricColumns('current', ''),
  ...metricColumns('previous', ' (previous period)'),
  { header: 'Pacing', value: (row) => notAvailable(row, row.trust?.pacing_state) },
  { header: 'Open alerts', value: (row) => notAvailable(row, row.trust?.open_alerts) },
  { header: 'Data freshness', value: (row) => notAvailable(row, row.trust?.data_freshness) },
  {
    header: 'Sales source',
    value: (row) => (row.sales_source ? overviewSalesSourceLabel(row.sales_source, rule) : ''),
  },
];

/** Roles 1–2 (platform staff and the agency's administrators); a dealership user gets 403. */
async function requireAgencyAdmin(request: FastifyRequest) {
  if ((request.user?.role_id ?? 3) > ROLE_AGENCY_ADMIN)
    throw forbidden('Only an agency administrator may open the agency overview');
}

/**
 * The agency overview (issue 23 §1) under `/api/agencies/{organization_id}/overview`: JSON, CSV
 * (`/csv`, formula-safe writer, totals row last) and PDF (`.pdf`, in the export pool). Computed on
 * every request from the daily metrics (no response cache; the agency's context is kept per change);
 * the tenant check, then roles 1–2.
 */
const agencyOverviewRoutes: RouteModule = async (app, options) => {
  app.addHook('onRequest', requireAgencyAdmin);

  // The agencies' contexts (name, rule, trust settings, rooftops), kept until a committed write names
  // the organization — of every kind of data the response cache follows — or everything; the
  // figures are computed on every request.
  const contexts = overviewContexts();
  const stop = await contexts.follow(app.database, DATA_CHANGED_CHANNEL, (payload) => {
    const change = responseCacheChange(payload);
    return change && { organizationId: change.organizationId, dealershipId: null };
  });
  app.addHook('onClose', async () => stop());

  // Report reads: from a replica when DATABASE_REPLICA_URLS is set (request.reportDb, docs/scaling.md).
  const load = async (
    db: FastifyRequest['reportDb'],
    organizationId: number,
    query: Parameters<typeof getAgencyOverview>[1]['query'],
  ) => {
    const overview = await getAgencyOverview(db, { organizationId, query, now: options.clock(), contexts });
    if (!overview) throw notFound('Organization not found');
    return overview;
  };

  /**
   * `GET .../overview?startDate&endDate&q&sort&desc` → `{ organization, range, previous_range, rows,
   * totals, peer_bands, rooftops }` (money in dollars, CTR in percent; see the contract).
   */
  registerOperation(
    app,
    agencyOverviewOperations.getAgencyOverview,
    async (request) => load(request.reportDb, request.params.organization_id, request.query),
    { readReplica: true },
  );

  /** `GET .../overview/csv?…` → text/csv: one row per rooftop, then `Total`. */
  registerOperation(app, agencyOverviewOperations.exportAgencyOverviewCsv, async (request, reply) => {
    const overview = await load(request.reportDb, request.params.organization_id, request.query);
    const rows: CsvRow[] = [
      ...overview.rows,
      {
        name: 'Total',
        city: null,
        state: null,
        current: overview.totals.current,
        previous: overview.totals.previous,
      },
    ];
    return sendCsv(reply, {
      fileName: csvFileName(overview.organization.name, 'overview', overview.range.startDate, overview.range.endDate),
      columns: overviewCsvColumns(overview.attribution_rule),
      slices: (async function* () {
        yield rows;
      })(),
    });
  });

  /** `GET .../overview.pdf?…` → application/pdf (attachment), laid out in the export pool. */
  registerOperation(app, agencyOverviewOperations.exportAgencyOverviewPdf, async (request, reply) => {
    const overview = await load(request.reportDb, request.params.organization_id, request.query);
    const pdf = await app.exportRenderer.render(
      {
        kind: 'agency-overview-pdf',
        data: overview,
        ...(request.query.q ? { filter: request.query.q } : {}),
        brand: pdfBrandOf(
          await loadBrandAssets(app.db, app.storage, { organizationId: request.params.organization_id }),
        ),
      },
      request.exportSignal ?? undefined,
    );
    const fileName = csvFileName(
      overview.organization.name,
      'overview',
      overview.range.startDate,
      overview.range.endDate,
    ).replace(/\.csv$/, '.pdf');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
};
export default agencyOverviewRoutes;
