import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorResponseSchema,
  reportCsvTables,
  type CsvExportQuery,
  type ReportCsvTable,
  type reportTableOperations,
} from '@portal/contracts';
import type { Db } from '../../../db/client';
import { csvFileName, sendCsv, type CsvColumn } from '../../../lib/csv';
import { notFound } from '../../../lib/errors';
import { registerOperation } from '../../register';
import { findReportCampaign, type ReportCampaignRecord } from '../../../repositories/campaign-reports/campaign';
import { inSlices, sliceOfPage, type Slice } from '../../../repositories/campaign-reports/table';

/** Error answers every report call declares. */
export const reportErrors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** The campaign of the path if it belongs to the path's dealership; else 404 'Campaign not found'. */
export async function loadCampaign(
  db: Db,
  params: { dealership_id: number; campaign_id: number },
): Promise<ReportCampaignRecord> {
  const campaign = await findReportCampaign(db, { dealershipId: params.dealership_id, campaignId: params.campaign_id });
  if (!campaign) throw notFound('Campaign not found');
  return campaign;
}

/** The report range of a query (`start_date`, `end_date`) as repository parameters. */
export const rangeOf = (query: { start_date: string; end_date: string }) => ({
  startDate: query.start_date,
  endDate: query.end_date,
});

/** One page of a table and the total row count: `{ data, pagination: { total } }`. */
export async function readPage<R>(
  query: { pageIndex: number; pageSize: number },
  list: (slice: Slice) => Promise<R[]>,
  count: () => Promise<number>,
): Promise<{ data: R[]; pagination: { total: number } }> {
  const data = await list(sliceOfPage(query));
  const total = await count();
  return { data, pagination: { total } };
}

/** The CSV columns of a report table: header texts from the contract, values written by `values`. */
export function csvColumnsOf<T extends ReportCsvTable, R>(
  table: T,
  values: Record<(typeof reportCsvTables)[T]['columns'][number]['key'], (row: R) => string | number | null>,
): Array<CsvColumn<R>> {
  const byKey = values as Record<string, (row: R) => string | number | null>;
  return reportCsvTables[table].columns.map((column) => ({ header: column.header, value: byKey[column.key]! }));
}

/** A report table's two operations of @portal/contracts (`reportTableOperations`): the page and its CSV twin. */
export interface ReportTableOperations {
  page: ReturnType<typeof reportTableOperations>['page'];
  csv: ReturnType<typeof reportTableOperations>['csv'];
}

/** A report table served as pages and, at the same path + `/csv`, as a streamed CSV of the whole set. */
export interface ReportTableDefinition<Params, Rec, Row> {
  /** Its operations (contracts `campaign-reports/operations.ts`): path, summary, schemas, sort and filter ids. */
  operations: ReportTableOperations;
  /** Throws (e.g. 404) when a campaign setting turns the table off. */
  guard?(campaign: ReportCampaignRecord): void;
  /** Repository parameters from the path's campaign and the query (range, sorting, filters). */
  params(campaign: ReportCampaignRecord, query: CsvExportQuery): Params;
  list(db: Db, params: Params & { slice: Slice }): Promise<Rec[]>;
  count(db: Db, params: Params): Promise<number>;
  /** Response rows of a page from its records (e.g. with signed URLs); the records as they are by default. */
  present?(records: Rec[]): Promise<Row[]>;
  /** File name part (`{campaign}_{fileLabel}_{start}_{end}.csv`) and the CSV columns. */
  csv: { fileLabel: string; columns(campaign: ReportCampaignRecord): Array<CsvColumn<Rec>> };
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Registers a report table's two routes: `GET {path}?pageIndex&pageSize&sorting&filters&start_date&end_date`
 * → `{ data, pagination: { total } }`, and `GET {path}/csv?sorting&filters&start_date&end_date` →
 * text/csv of every row of the same filtered, sorted set, streamed slice by slice (export class
 * `download`: 429 with Retry-After beyond the caps). Both answer 404 'Campaign not found' unless the
 * campaign belongs to the path's dealership, and 400 VALIDATION_FAILED for a sort or filter id
 * outside the table's columns (issue 18).
 */
export function registerReportTable<Params, Rec, Row = Rec>(
  app: ZodApp,
  table: ReportTableDefinition<Params, Rec, Row>,
) {
  registerOperation(app, table.operations.page, async (request) => {
    const campaign = await loadCampaign(request.reportDb, request.params);
    table.guard?.(campaign);
    const params = table.params(campaign, request.query as CsvExportQuery);
    const page = await readPage(
      request.query,
      (slice) => table.list(request.reportDb, { ...params, slice }),
      () => table.count(request.reportDb, params),
    );
    return (table.present ? { ...page, data: await table.present(page.data) } : page) as never;
  });
  registerOperation(app, table.operations.csv, async (request, reply) => {
    const campaign = await loadCampaign(request.reportDb, request.params);
    table.guard?.(campaign);
    const params = table.params(campaign, request.query);
    const { start_date, end_date } = request.query;
    return sendCsv(reply, {
      fileName: csvFileName(campaign.displayName, table.csv.fileLabel, start_date, end_date),
      columns: table.csv.columns(campaign),
      slices: inSlices((slice) => table.list(request.reportDb, { ...params, slice })),
    });
  });
}
