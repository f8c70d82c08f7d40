import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ingestBuffers } from '../../src/ingestion';
import { build, type TestContext } from '../helper';

/**
 * Issue 23 §1 / issue 24 §2: the roll-ups of `campaign_daily_metrics` (migration 0023) equal the
 * table's own sums after every kind of write — the demo load, ingestion (insert and
 * insert-or-update), a direct UPDATE and DELETE, a campaign's cascaded delete, concurrent writers of
 * the same day, and TRUNCATE; and the copy of `campaign_freshness` beside the totals (migration
 * 0025) equals that table after its writes. A roll-up that drifts by one row fails here.
 */

let t: TestContext;
const rows = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;

beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

/** Every roll-up row that differs from the table's sums (zero rows of a removed day count as equal). */
async function drift() {
  const daily = await rows(sql`
    with truth as (
      select dealership_id, date, sum(impressions)::bigint impressions, sum(clicks)::bigint clicks, sum(spend) spend,
        sum(leads)::bigint leads, sum(calls)::bigint calls, sum(sales)::bigint sales
      from campaign_daily_metrics group by dealership_id, date)
    select coalesce(t.dealership_id, r.dealership_id) dealership_id, coalesce(t.date, r.date) date
    from truth t full join dealership_daily_metrics r using (dealership_id, date)
    where (coalesce(t.impressions, 0), coalesce(t.clicks, 0), coalesce(t.spend, 0), coalesce(t.leads, 0),
        coalesce(t.calls, 0), coalesce(t.sales, 0))
      is distinct from (coalesce(r.impressions, 0), coalesce(r.clicks, 0), coalesce(r.spend, 0),
        coalesce(r.leads, 0), coalesce(r.calls, 0), coalesce(r.sales, 0))`);
  const totals = await rows(sql`
    with truth as (select campaign_id, sum(impressions)::bigint impressions, sum(spend) spend
      from campaign_daily_metrics group by campaign_id)
    select coalesce(t.campaign_id, r.campaign_id) campaign_id
    from truth t full join campaign_delivery_totals r using (campaign_id)
    where (coalesce(t.impressions, 0), coalesce(t.spend, 0)) is distinct from (coalesce(r.impressions, 0), coalesce(r.spend, 0))`);
  // The copy of campaign_freshness beside the totals (migration 0025): equal, null without a row.
  const freshness = await rows(sql`
    select coalesce(f.campaign_id, r.campaign_id) campaign_id
    from campaign_freshness f full join campaign_delivery_totals r using (campaign_id)
    where (f.data_through, f.arrived_at) is distinct from (r.data_through, r.arrived_at)`);
  return { daily, totals, freshness };
}

const NONE = { daily: [], totals: [], freshness: [] };

async function someCampaign(offset = 0) {
  const [row] = await rows(sql`select id, dealership_id from managed_campaigns order by id limit 1 offset ${offset}`);
  return { id: Number(row!.id), dealershipId: Number(row!.dealership_id) };
}

describe('metric roll-ups', () => {
  it('equal the daily metrics after the demo load', async () => {
    const [count] = await rows(sql`select count(*)::int n from dealership_daily_metrics`);
    expect(Number(count!.n)).toBeGreaterThan(100);
    expect(await drift()).toEqual(NONE);
    // The check itself sees a roll-up off by one impression (written without the table's trigger).
    const [key] = await rows(
      sql`select dealership_id, date::text date from dealership_daily_metrics order by 1, 2 limit 1`,
    );
    const nudge = (by: number) =>
      t.database.db.execute(sql`update dealership_daily_metrics set impressions = impressions + ${by}
        where dealership_id = ${Number(key!.dealership_id)} and date = ${String(key!.date)}`);
    await nudge(1);
    expect((await drift()).daily).toHaveLength(1);
    await nudge(-1);
    expect(await drift()).toEqual(NONE);
  });

  it('follow ingestion: new days, changed days and unchanged days', async () => {
    const campaign = await someCampaign();
    const [day] = await rows(
      sql`select date::text date from campaign_daily_metrics where campaign_id = ${campaign.id} order by date limit 1`,
    );
    const csv = [
      'client_campaign_id,date,impressions,clicks,spend,leads,calls,sales',
      `${campaign.id},${String(day!.date)},123456,789,1234.56,7,8,9`, // changes an existing day
      `${campaign.id},2030-01-01,1000,10,10.50,1,0,0`, // a new day
    ].join('\n');
    const outcome = await ingestBuffers(t.database.db, [
      { name: 'campaign_daily_metrics.csv', content: Buffer.from(csv) },
    ]);
    expect(outcome.ok).toBe(true);
    expect(await drift()).toEqual(NONE);
    const [rolled] = await rows(sql`select impressions::int n, spend::text spend from dealership_daily_metrics
      where dealership_id = ${campaign.dealershipId} and date = '2030-01-01'`);
    expect(rolled).toEqual({ n: 1000, spend: '10.50' });
    // The same file again changes nothing.
    await ingestBuffers(t.database.db, [{ name: 'campaign_daily_metrics.csv', content: Buffer.from(csv) }]);
    expect(await drift()).toEqual(NONE);
  });

  it('follow direct updates, deletes and the removal of every row of a campaign', async () => {
    const campaign = await someCampaign(1);
    await t.database.db.execute(
      sql`update campaign_daily_metrics set impressions = impressions + 17, spend = spend + 0.03 where campaign_id = ${campaign.id}`,
    );
    expect(await drift()).toEqual(NONE);
    await t.database.db.execute(
      sql`delete from campaign_daily_metrics where campaign_id = ${campaign.id} and date < (select max(date) from campaign_daily_metrics where campaign_id = ${campaign.id})`,
    );
    expect(await drift()).toEqual(NONE);
    const victim = await someCampaign(2);
    await t.database.db.execute(sql`delete from campaign_daily_metrics where campaign_id = ${victim.id}`);
    expect(await drift()).toEqual(NONE);
  });

  it('stay exact under concurrent writers of the same dealership and days', async () => {
    const a = await someCampaign(3);
    const [b] = await rows(
      sql`select id from managed_campaigns where dealership_id = ${a.dealershipId} and id <> ${a.id} limit 1`,
    );
    const ids = [a.id, Number(b?.id ?? a.id)];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.database.db.execute(
          sql`update campaign_daily_metrics set clicks = clicks + ${i + 1} where campaign_id = ${ids[i % 2]!}`,
        ),
      ),
    );
    expect(await drift()).toEqual(NONE);
  });

  it('keep the freshness copy through ingestion, an update, a delete and a TRUNCATE of either table', async () => {
    const campaign = await someCampaign(4);
    const [before] = await rows(
      sql`select data_through::text d from campaign_delivery_totals where campaign_id = ${campaign.id}`,
    );
    expect(before!.d).not.toBeNull();
    // Ingestion moves data_through to the file's newest day (see 'follow ingestion' above).
    const csv = ['client_campaign_id,date,impressions,clicks,spend', `${campaign.id},2031-02-03,10,1,1.00`].join('\n');
    expect(
      (await ingestBuffers(t.database.db, [{ name: 'campaign_daily_metrics.csv', content: Buffer.from(csv) }])).ok,
    ).toBe(true);
    const [after] = await rows(
      sql`select data_through::text d from campaign_delivery_totals where campaign_id = ${campaign.id}`,
    );
    expect(after!.d).toBe('2031-02-03');
    expect(await drift()).toEqual(NONE);
    await t.database.db.execute(
      sql`update campaign_freshness set arrived_at = arrived_at - interval '1 day' where campaign_id = ${campaign.id}`,
    );
    expect(await drift()).toEqual(NONE);
    await t.database.db.execute(sql`delete from campaign_freshness where campaign_id = ${campaign.id}`);
    expect(await drift()).toEqual(NONE);
    // The check itself sees a copy one day off (written without the trigger).
    const other = await someCampaign(5);
    await t.database.db.execute(
      sql`update campaign_delivery_totals set data_through = data_through + 1 where campaign_id = ${other.id}`,
    );
    expect((await drift()).freshness).toEqual([{ campaign_id: other.id }]);
    await t.database.db.execute(
      sql`update campaign_delivery_totals set data_through = data_through - 1 where campaign_id = ${other.id}`,
    );
    expect(await drift()).toEqual(NONE);
  });

  it('are emptied with a TRUNCATE, the freshness copies kept', async () => {
    const [fresh] = await rows(sql`select count(*)::int n from campaign_freshness`);
    expect(Number(fresh!.n)).toBeGreaterThan(0);
    await t.database.db.execute(sql`truncate campaign_daily_metrics`);
    const [left] = await rows(
      sql`select (select count(*) from dealership_daily_metrics)::int daily,
        (select count(*) from campaign_delivery_totals where impressions <> 0 or spend <> 0 or first_date is not null)::int totals,
        (select count(*) from campaign_delivery_totals)::int copies`,
    );
    expect(left).toEqual({ daily: 0, totals: 0, copies: Number(fresh!.n) });
    expect(await drift()).toEqual(NONE);
    await t.database.db.execute(sql`truncate campaign_freshness`);
    expect(await drift()).toEqual(NONE);
  });
});
