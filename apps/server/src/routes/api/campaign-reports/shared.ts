import { errorResponseSchema, reportCsvTables, type ReportCsvTable } from '@portal/contracts';
import type { Db } from '../../../db/client';
import type { FastifyReply } from 'fastify';
import { sendCsv, type CsvColumn } from '../../../lib/csv';
import { notFound } from '../../../lib/errors';
import { findReportCampaign, type ReportCampaignRecord } from '../../../plugins/app/campaign-reports/campaign';
import { sliceOfPage, type Slice } from '../../../plugins/app/campaign-reports/table';

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

/**
 * Streams a report table as CSV (see lib/csv.ts): the contract's columns for `table`, each row's
 * values written by `values`, the rows read slice by slice from `slices`.
 */
export function sendTableCsv<T extends ReportCsvTable, R>(
  reply: FastifyReply,
  options: {
    fileName: string;
    table: T;
    slices: AsyncIterable<R[]>;
    values: Record<(typeof reportCsvTables)[T]['columns'][number]['key'], (row: R) => string | number | null>;
  },
) {
  return sendCsv(reply, {
    fileName: options.fileName,
    columns: csvColumnsOf(options.table, options.values),
    slices: options.slices,
  });
}
