import { Readable, pipeline } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { formatDateTime, formatDay, formatInstant } from '@portal/contracts';
import { csvStream } from '../exports/spreadsheet-writers';

/** One column of a CSV export: its header text and how a row's value is written. */
export interface CsvColumn<R> {
  header: string;
  value(row: R): string | number | null;
}

/**
 * `{campaign name}_{table}_{start}_{end}.csv` with every run of characters other than letters,
 * digits, `.`, `-` and `_` replaced by `_` (safe in a header and on every file system).
 */
export function csvFileName(campaignName: string, table: string, startDate: string, endDate: string): string {
  const safe = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+|_+$/g, '');
  return `${safe(campaignName) || 'campaign'}_${safe(table)}_${startDate}_${endDate}.csv`;
}

/** `2026-11-05` (or a longer ISO string starting with the day) → `11/05/2026`. */
export function formatUsDate(isoDate: string): string {
  return formatDay(isoDate, 'display');
}

/** An instant's calendar day in a time zone as MM/DD/YYYY. */
export function formatUsLocalDate(instant: string, timeZone: string): string {
  return formatInstant(instant, 'display', timeZone);
}

/** An instant in a time zone as `MM/DD/YYYY h:mm AM/PM`, the phone-calls page's date and time. */
export function formatUsLocalDateTime(instant: string, timeZone: string): string {
  return formatDateTime(instant, timeZone);
}

/** Seconds as m:ss (125 → '2:05'; an hour and more stays in minutes: 3725 → '62:05'). */
export { formatDuration } from '@portal/contracts';

/**
 * A percent value in a CSV cell whose header carries the unit ('CTR (%)', issue 25 item 14): 2.5 →
 * '2.50' (two decimals, no sign, so a spreadsheet reads a number), null → '' (an empty cell).
 */
export const csvPercent = (value: number | null) => (value === null ? '' : value.toFixed(2));

/**
 * Streams a CSV download: a header row, then every row of `slices` as the database yields them,
 * so that no more than one slice is held in memory. The first slice is read before the headers
 * are sent, so a failing query still answers with the error shape; a failure later ends the
 * download early (the client sees a broken transfer, never a partial file announced as whole).
 * Text cells starting with `=`, `+`, `-`, `@`, tab or CR get a leading `'` (`spreadsheetCell`).
 */
export async function sendCsv<R>(
  reply: FastifyReply,
  options: { fileName: string; columns: Array<CsvColumn<R>>; slices: AsyncIterable<R[]> },
): Promise<FastifyReply> {
  const iterator = options.slices[Symbol.asyncIterator]();
  const first = await iterator.next();
  const columns = options.columns;
  async function* records() {
    let next = first;
    while (!next.done) {
      for (const row of next.value) yield columns.map((column) => column.value(row) ?? '');
      next = await iterator.next();
    }
  }
  // Every cell is escaped against formula injection by the one spreadsheet writer (issue 18).
  const csv = csvStream(columns.map((column) => column.header));
  pipeline(Readable.from(records()), csv, (error) => {
    if (error) reply.log.error({ err: error }, 'CSV export failed while streaming');
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${options.fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
