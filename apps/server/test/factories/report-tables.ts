import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { queryString } from './report-fixtures';
import type { Range } from './report-expectations';

type Get = (path: string) => Promise<LightMyRequestResponse>;

/** Every row of a paged report table, read 100 at a time; checks that `total` matches. */
export async function readAllPages<R>(get: Get, path: string, range: Range, extra: Record<string, unknown> = {}) {
  const rows: R[] = [];
  for (let pageIndex = 0; ; pageIndex += 1) {
    const response = await get(`${path}${queryString(range, { ...extra, pageIndex, pageSize: 100 })}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { data: R[]; pagination: { total: number } };
    rows.push(...body.data);
    if (body.data.length < 100) {
      expect(rows.length).toBe(body.pagination.total);
      return rows;
    }
  }
}

/** Reads a table page by page with `pageSize` and checks pages neither overlap nor skip. */
export async function readInPages<R>(
  get: Get,
  path: string,
  range: Range,
  pageSize: number,
  extra: Record<string, unknown> = {},
) {
  const rows: R[] = [];
  for (let pageIndex = 0; pageIndex < 100; pageIndex += 1) {
    const response = await get(`${path}${queryString(range, { ...extra, pageIndex, pageSize })}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { data: R[]; pagination: { total: number } };
    expect(body.data.length).toBeLessThanOrEqual(pageSize);
    rows.push(...body.data);
    if (rows.length >= body.pagination.total) break;
  }
  return rows;
}

/** A CSV download: checks type and disposition, returns the file name and the parsed rows (header first). */
export async function readCsv(get: Get, path: string, range: Range, extra: Record<string, unknown> = {}) {
  const response = await get(`${path}${queryString(range, extra)}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  const disposition = String(response.headers['content-disposition']);
  const match = /^attachment; filename="([^"]+)"$/.exec(disposition);
  expect(match, disposition).not.toBeNull();
  const rows = parse(response.body, { bom: true }) as string[][];
  return { fileName: match![1]!, header: rows[0]!, rows: rows.slice(1) };
}

/** Nulls last in both directions, like `nulls last` in SQL. */
export function comparing<R>(
  value: (row: R) => string | number | null,
  desc: boolean,
  compare: (a: never, b: never) => number = (a: number, b: number) => a - b,
) {
  return (x: R, y: R) => {
    const a = value(x);
    const b = value(y);
    if (a === null && b === null) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    const order = (compare as (a: string | number, b: string | number) => number)(a, b);
    return desc ? -order : order;
  };
}

/** Applies comparators in turn (a sort key, then tie-breaks). */
export const thenBy =
  <R>(...comparators: Array<(a: R, b: R) => number>) =>
  (a: R, b: R) => {
    for (const comparator of comparators) {
      const order = comparator(a, b);
      if (order !== 0) return order;
    }
    return 0;
  };

/** Formats like the CSV exports promise: '2.50%', 'N/A'. */
export const percentText = (value: number | null) => (value === null ? '' : value.toFixed(2));
