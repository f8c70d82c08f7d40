import { readDemoFile } from '../helper';

/**
 * Small helpers to compute expected report numbers straight from the fixture rows (strings), so
 * that no expectation goes through the server's own queries.
 */
export type Row = Record<string, string>;
export type Range = { start_date: string; end_date: string };

export const num = (value: string | undefined) => (value === undefined || value === '' ? 0 : Number(value));

export const inRange = (date: string | undefined, range: Range) =>
  date !== undefined && date >= range.start_date && date <= range.end_date;

/** The demo agency's time zone (calls and leads count by their local day in it). */
export function agencyTimeZone(): string {
  return readDemoFile('organizations').find((o) => o.id === '1')?.time_zone || 'America/Chicago';
}

/** The calendar day of an ISO date-time in a time zone. */
export function localDay(datetime: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(datetime),
  );
}

export const ofCampaign = (rows: Row[], campaignId: number) =>
  rows.filter((row) => row.client_campaign_id === String(campaignId));

export function sum(rows: Row[], column: string): number {
  return rows.reduce((total, row) => total + num(row[column]), 0);
}

/** Sums `columns` of rows grouped by `key(row)`, in first-seen order. */
export function groupSums<C extends string>(
  rows: Row[],
  key: (row: Row) => string,
  columns: C[],
): Array<{ key: string } & Record<C, number>> {
  const groups = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k) ?? Object.fromEntries(columns.map((c) => [c, 0]));
    for (const c of columns) group[c]! += num(row[c]);
    groups.set(k, group);
  }
  return [...groups.entries()].map(([k, values]) => ({ ...(values as Record<C, number>), key: k }));
}

/** Byte-wise comparison of lower-cased text (the server sorts text with `lower(x) collate "C"`). */
export const compareText = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Comparison of raw text, byte-wise. */
export const compareRaw = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Rounds like the §9 rules (to `decimals`). */
export const roundTo = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * factor) / factor;
};
