/**
 * Ingestion path A/B of the roll-up triggers (issue 24 §2; docs/performance.md): on an already
 * generated bench database (BENCH_DATABASE_URL, default the full-scale `portal_bench`), loads
 * BENCH_INGEST_ROWS (default 200,000) new daily rows through `ingestBuffers` — the code of
 * `npm run ingest` and `POST /api/admin/ingest` — alternately with the roll-up triggers of migration
 * 0023 enabled and disabled, `BENCH_AB_ROUNDS` times each (default 3), and prints rows/s. Each load
 * writes days no load wrote before (inserts, as a day's ingestion does); the rows are deleted after
 * each run under the same trigger state, so the roll-ups end equal to the table.
 *
 *   node --import tsx apps/server/bench/ingestion-ab.ts
 */
import { openDatabase } from '../src/db/client';
import { ingestBuffers } from '../src/ingestion';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_bench';
const rows = Number(process.env.BENCH_INGEST_ROWS ?? 200_000);
const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const TRIGGERS = ['portal_rollup_insert', 'portal_rollup_update', 'portal_rollup_delete', 'portal_rollup_truncate'];

async function main() {
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  const pool = database.pool!;
  try {
    const campaigns = (
      await pool.query<{ id: number }>('select id from managed_campaigns order by id limit $1', [Math.ceil(rows / 100)])
    ).rows;
    const [{ first }] = (
      await pool.query<{ first: string }>('select min(date)::text as first from campaign_daily_metrics')
    ).rows as [{ first: string }];
    const setTriggers = (on: boolean) =>
      pool.query(
        TRIGGERS.map((name) => `alter table campaign_daily_metrics ${on ? 'enable' : 'disable'} trigger ${name}`).join(
          ';',
        ),
      );
    const results: Record<'on' | 'off', number[]> = { on: [], off: [] };
    let offset = 1_000;
    for (let round = 0; round < rounds; round += 1)
      for (const mode of ['on', 'off'] as const) {
        offset += 200;
        const lines = ['client_campaign_id,date,impressions,clicks,views,spend'];
        const start = Date.parse(first) - offset * 86_400_000;
        let day = 0;
        while (lines.length <= rows) {
          const date = new Date(start - day * 86_400_000).toISOString().slice(0, 10);
          for (const { id } of campaigns) {
            if (lines.length > rows) break;
            lines.push(`${id},${date},${1000 + day},${day % 40},0,${(day * 0.5).toFixed(2)}`);
          }
          day += 1;
        }
        const from = new Date(start - (day - 1) * 86_400_000).toISOString().slice(0, 10);
        const to = new Date(start).toISOString().slice(0, 10);
        await setTriggers(mode === 'on');
        const started = performance.now();
        const outcome = await ingestBuffers(database.db, [
          { name: 'campaign_daily_metrics.csv', content: Buffer.from(lines.join('\n')) },
        ]);
        const seconds = (performance.now() - started) / 1000;
        if (!outcome.ok) throw new Error(`ingestion failed: ${JSON.stringify(outcome.errors.slice(0, 3))}`);
        results[mode].push(Math.round(rows / seconds));
        console.info(`triggers ${mode}: ${rows.toLocaleString('en-US')} rows in ${seconds.toFixed(2)} s`);
        // Remove the rows under the same trigger state, so the roll-ups end as they began.
        await pool.query('delete from campaign_daily_metrics where date between $1 and $2', [from, to]);
        await setTriggers(true);
      }
    console.info(
      `\n| roll-up triggers | rows/s (${rounds} runs, alternated) |\n|---|---|\n| on | ${results.on
        .map((r) => r.toLocaleString('en-US'))
        .join(' · ')} |\n| off | ${results.off.map((r) => r.toLocaleString('en-US')).join(' · ')} |`,
    );
  } finally {
    await pool.query(TRIGGERS.map((name) => `alter table campaign_daily_metrics enable trigger ${name}`).join(';'));
    await database.close();
  }
}

await main();
