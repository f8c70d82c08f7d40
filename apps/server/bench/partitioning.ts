/**
 * Issue 24 §3: does monthly partitioning of the daily metrics help the portal's queries?
 * `BENCH_ONLY=partitioning npm run bench` (on a generated database, e.g. with BENCH_REUSE=1):
 *
 * 1. copies `campaign_daily_metrics` into `bench_metrics_by_month`, declaratively partitioned by
 *    RANGE (date), one partition per calendar month created by the application (pg_partman is not
 *    installed on these machines), with the same primary key and (dealership_id, date, campaign_id)
 *    index on every partition;
 * 2. runs the same statements the product runs — a campaign's daily series over 500 days and over a
 *    month, a dealership's list/summary sums over a month, its month-over-month sums over 13 months —
 *    against both tables, for the same 40 campaigns or dealerships each, best of 3 passes;
 * 3. prints both timings and their ratio, and drops the copy.
 *
 * The figures and the decision are in docs/scaling.md "Partitioning".
 */
import type pg from 'pg';

interface Query {
  name: string;
  /** SQL with `{table}` for the table under test; $1 is a campaign or dealership id. */
  sql: string;
  ids: 'campaigns' | 'dealerships';
  params: (id: number) => unknown[];
}

export interface PartitioningFigure {
  query: string;
  plainMs: number;
  partitionedMs: number;
  ratio: number;
}

const months = (from: string, to: string) => {
  const out: string[] = [];
  const cursor = new Date(`${from.slice(0, 7)}-01T00:00:00Z`);
  const end = new Date(`${to.slice(0, 7)}-01T00:00:00Z`);
  while (cursor <= end) {
    out.push(cursor.toISOString().slice(0, 10));
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return out;
};

/** Runs the comparison on the bench database; returns one figure per query. */
export async function comparePartitioning(pool: pg.Pool): Promise<PartitioningFigure[]> {
  const client = await pool.connect();
  try {
    const range = await client.query<{ first: string; last: string; rows: string }>(
      `select min(date)::text first, max(date)::text last, count(*)::text rows from campaign_daily_metrics`,
    );
    const { first, last, rows } = range.rows[0]!;
    console.info(
      `copying ${Number(rows).toLocaleString('en-US')} daily rows (${first} … ${last}) into monthly partitions…`,
    );
    await client.query('drop table if exists bench_metrics_by_month');
    await client.query(
      `create table bench_metrics_by_month (like campaign_daily_metrics including defaults) partition by range (date)`,
    );
    const starts = months(first, last);
    for (const start of starts) {
      const name = `bench_metrics_by_month_${start.slice(0, 7).replace('-', '_')}`;
      await client.query(
        `create table ${name} partition of bench_metrics_by_month for values from ('${start}') to ('${start}'::date + interval '1 month')`,
      );
    }
    const copyStarted = performance.now();
    await client.query('insert into bench_metrics_by_month select * from campaign_daily_metrics');
    await client.query('alter table bench_metrics_by_month add primary key (campaign_id, date)');
    await client.query(
      'create index bench_metrics_by_month_dealership_date_idx on bench_metrics_by_month (dealership_id, date, campaign_id)',
    );
    await client.query('analyze bench_metrics_by_month');
    console.info(`${starts.length} partitions built in ${((performance.now() - copyStarted) / 1000).toFixed(1)} s`);

    const campaigns = (
      await client.query<{ id: number }>(
        `select id from managed_campaigns where id in (select campaign_id from campaign_daily_metrics where date = $1) order by id limit 40`,
        [last],
      )
    ).rows.map((r) => r.id);
    const dealerships = (
      await client.query<{ id: number }>(
        `select distinct dealership_id id from managed_campaigns where id = any($1) order by 1`,
        [campaigns],
      )
    ).rows.map((r) => r.id);
    const monthAgo = (await client.query<{ d: string }>(`select ($1::date - 29)::text d`, [last])).rows[0]!.d;
    const yearAgo = (
      await client.query<{ d: string }>(`select (date_trunc('month', $1::date) - interval '12 months')::date::text d`, [
        last,
      ])
    ).rows[0]!.d;
    const sums = 'sum(impressions) impressions, sum(clicks) clicks, sum(spend) spend, sum(leads) leads';
    const queries: Query[] = [
      {
        name: "a campaign's daily series, 500 days (report charts)",
        sql: `select date, ${sums} from {table} where campaign_id = $1 and date between $2 and $3 group by date order by date`,
        ids: 'campaigns',
        params: (id) => [id, first, last],
      },
      {
        name: "a campaign's daily series, last 30 days",
        sql: `select date, ${sums} from {table} where campaign_id = $1 and date between $2 and $3 group by date order by date`,
        ids: 'campaigns',
        params: (id) => [id, monthAgo, last],
      },
      {
        name: "a dealership's campaigns summed over 30 days (list, summary)",
        sql: `select campaign_id, ${sums} from {table} where dealership_id = $1 and date between $2 and $3 group by campaign_id`,
        ids: 'dealerships',
        params: (id) => [id, monthAgo, last],
      },
      {
        name: "a dealership's months over 13 months (month over month)",
        sql: `select date_trunc('month', date) as month_start, ${sums} from {table} where dealership_id = $1 and date between $2 and $3 group by 1`,
        ids: 'dealerships',
        params: (id) => [id, yearAgo, last],
      },
    ];
    const time = async (query: Query, table: string) => {
      const ids = query.ids === 'campaigns' ? campaigns : dealerships;
      const text = query.sql.replaceAll('{table}', table);
      let best = Infinity;
      for (let pass = 0; pass < 3; pass++) {
        const started = performance.now();
        for (const id of ids) await client.query(text, query.params(id));
        best = Math.min(best, (performance.now() - started) / ids.length);
      }
      return Math.round(best * 100) / 100;
    };
    const figures: PartitioningFigure[] = [];
    for (const query of queries) {
      const plainMs = await time(query, 'campaign_daily_metrics');
      const partitionedMs = await time(query, 'bench_metrics_by_month');
      figures.push({
        query: query.name,
        plainMs,
        partitionedMs,
        ratio: Math.round((partitionedMs / plainMs) * 100) / 100,
      });
    }
    return figures;
  } finally {
    await client.query('drop table if exists bench_metrics_by_month').catch(() => undefined);
    client.release();
  }
}
