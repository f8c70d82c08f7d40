import type pg from 'pg';
import type { Db } from '../src/db/client';
import { attributeAllSales } from '../src/repositories/attribution';

/**
 * Issue 22 §2 bench: up to `count` sales made from the generated exposure (each a VIN a campaign of
 * its dealership served, sold on a day from the data set's first to 45 days after its last — so some
 * follow an exposure inside the 30-day window and some do not), loaded with one INSERT … SELECT, then the rule run over every
 * sale at once (the product's own statement, repositories/attribution/rule.ts). Runs `runs` times;
 * answers the seconds of each run and the rows and sales attributed.
 */
export async function benchAttribution(
  pool: pg.Pool,
  db: Db,
  { count, runs = 3 }: { count: number; runs?: number },
): Promise<{ sales: number; seconds: number[]; attributedSales: number; rows: number; loadSeconds: number }> {
  const started = performance.now();
  await pool.query('delete from vehicle_sales');
  // `count` draws of a (dealership, VIN) the exposure names and a day from the data set's first day
  // to 45 days after its last (duplicates of the natural key are skipped).
  await pool.query(
    `with pairs as (
       select row_number() over (order by dealership_id, vin) as k, dealership_id, vin
       from (select distinct mc.dealership_id, cv.vin
             from campaign_vehicles cv join managed_campaigns mc on mc.id = cv.campaign_id) p
     ),
     n as (select count(*) as c from pairs),
     b as (select min(date) as lo, max(date) as hi from campaign_vehicles)
     insert into vehicle_sales (dealership_id, vin, sold_date, deal_type, sale_price, front_gross, back_gross)
     select p.dealership_id, p.vin, b.lo + (abs(hashtext(g::text || 'day')) % (b.hi - b.lo + 46))::int,
       'used', 25000, 1500, 600
     from generate_series(1, $1::int) g
     cross join n cross join b
     join pairs p on p.k = 1 + (abs(hashtext(g::text)) % n.c)
     on conflict do nothing`,
    [count],
  );
  await pool.query('analyze vehicle_sales');
  const loadSeconds = (performance.now() - started) / 1000;
  const { rows } = await pool.query<{ n: string }>('select count(*) as n from vehicle_sales');
  const seconds: number[] = [];
  let last = { rows: 0, sales: 0 };
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await attributeAllSales(db);
    seconds.push((performance.now() - t0) / 1000);
  }
  return { sales: Number(rows[0]!.n), seconds, attributedSales: last.sales, rows: last.rows, loadSeconds };
}
