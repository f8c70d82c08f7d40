import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ingestBuffers } from '../../src/ingestion';
import { build, type TestContext } from '../helper';

/**
 * Issue 23 §1 / issue 24 §2: the roll-ups of `campaign_daily_metrics` (migration 0023) equal the
 * table's own sums after every kind of write — the demo load, ingestion (insert and
 * insert-or-update), a direct UPDATE and DELETE, a campaign's cascaded delete, concurrent writers of
 * the same day, and TRUNCATE (the months' running sums of migration 0029 included); and the copy of `campaign_freshness` beside the totals (migration
 * 0025) equals that table after its writes, and the delivery kept on each campaign's last day (migration
 * 0027) equals that day's rows. A roll-up that drifts by one row fails here.
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
  // The delivery on the last day beside the totals (migration 0027): the rows of last_date exactly,
  // and no row after last_date (the bound stays true).
  const lastDay = await rows(sql`
    select r.campaign_id from campaign_delivery_totals r
    left join lateral (select coalesce(sum(m.impressions), 0)::bigint impressions, coalesce(sum(m.spend), 0) spend
      from campaign_daily_metrics m where m.campaign_id = r.campaign_id and m.date = r.last_date) d on true
    where (d.impressions, d.spend) is distinct from (r.last_day_impressions, r.last_day_spend)
      or exists (select 1 from campaign_daily_metrics m where m.campaign_id = r.campaign_id and m.date > r.last_date)
      or (r.last_date is null and exists (select 1 from campaign_daily_metrics m where m.campaign_id = r.campaign_id))`);
  // The copy of each campaign's own row beside the totals (migration 0028): one totals row per
  // campaign, equal fields, none for a campaign that no longer exists.
  const campaign = await rows(sql`
    select coalesce(c.id, r.campaign_id) campaign_id
    from managed_campaigns c full join campaign_delivery_totals r on r.campaign_id = c.id
    where (c.id, c.dealership_id, c.campaign_status, c.start_date, c.end_date, c.booked_impressions, c.budget)
      is distinct from (r.campaign_id, r.dealership_id, r.campaign_status, r.start_date, r.end_date, r.booked_impressions, r.budget)`);
  // The copy of campaign_freshness beside the totals (migration 0025): equal, null without a row.
  const freshness = await rows(sql`
    select coalesce(f.campaign_id, r.campaign_id) campaign_id
    from campaign_freshness f full join campaign_delivery_totals r using (campaign_id)
    where (f.data_through, f.arrived_at) is distinct from (r.data_through, r.arrived_at)`);
  // The months' running sums (migration 0029): one element per day of the month, each day's value
  // (its running sum less the day before's) equal to the daily roll-up's, zero on days without a row.
  const monthly = await rows(sql`
    with days as (
      select r.dealership_id, (r.month + (u.i - 1)::int) date, cardinality(r.impressions) n,
        extract(day from r.month + interval '1 month' - interval '1 day')::int month_days,
        greatest(cardinality(r.clicks), cardinality(r.spend), cardinality(r.leads), cardinality(r.calls),
          cardinality(r.sales)) widest,
        u.impressions - coalesce(lag(u.impressions) over w, 0) impressions, u.clicks - coalesce(lag(u.clicks) over w, 0) clicks,
        u.spend - coalesce(lag(u.spend) over w, 0) spend, u.leads - coalesce(lag(u.leads) over w, 0) leads,
        u.calls - coalesce(lag(u.calls) over w, 0) calls, u.sales - coalesce(lag(u.sales) over w, 0) sales
      from dealership_monthly_metrics r
      cross join lateral unnest(r.impressions, r.clicks, r.spend, r.leads, r.calls, r.sales)
        with ordinality u(impressions, clicks, spend, leads, calls, sales, i)
      window w as (partition by r.dealership_id, r.month order by u.i))
    select coalesce(m.dealership_id, r.dealership_id) dealership_id, coalesce(m.date, r.date)::text date
    from days m full join dealership_daily_metrics r using (dealership_id, date)
    where m.n is distinct from m.month_days or m.widest is distinct from m.n
      or (coalesce(m.impressions, 0), coalesce(m.clicks, 0), coalesce(m.spend, 0), coalesce(m.leads, 0),
        coalesce(m.calls, 0), coalesce(m.sales, 0))
      is distinct from (coalesce(r.impressions, 0), coalesce(r.clicks, 0), coalesce(r.spend, 0),
        coalesce(r.leads, 0), coalesce(r.calls, 0), coalesce(r.sales, 0))`);
  return { daily, totals, lastDay, campaign, freshness, monthly };
}

const NONE = { daily: [], totals: [], lastDay: [], campaign: [], freshness: [], monthly: [] };

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
    // A month's running sums off by one click from its third day on: every day but the third still
    // equals its row, the third is one click over.
    const [month] = await rows(
      sql`select dealership_id, month::text as month from dealership_monthly_metrics order by 1, 2 limit 1`,
    );
    const nudgeMonth = (by: number) =>
      t.database.db.execute(sql`update dealership_monthly_metrics
        set clicks = (select array_agg(case when i >= 3 then c + ${by} else c end order by i)
          from unnest(clicks) with ordinality u(c, i))
        where dealership_id = ${Number(month!.dealership_id)} and month = ${String(month!.month)}`);
    await nudgeMonth(1);
    const third = new Date(`${String(month!.month)}T00:00:00Z`);
    third.setUTCDate(3);
    expect((await drift()).monthly).toEqual([
      { dealership_id: Number(month!.dealership_id), date: third.toISOString().slice(0, 10) },
    ]);
    await nudgeMonth(-1);
    expect(await drift()).toEqual(NONE);
    // And a last day off by one impression.
    const campaign = await someCampaign();
    const nudgeLastDay = (by: number) =>
      t.database.db.execute(sql`update campaign_delivery_totals set last_day_impressions = last_day_impressions + ${by}
        where campaign_id = ${campaign.id}`);
    await nudgeLastDay(1);
    expect((await drift()).lastDay).toEqual([{ campaign_id: campaign.id }]);
    await nudgeLastDay(-1);
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

  it('keep the last day exact: a newer day, the same day, an older day, its deletion, concurrent writers', async () => {
    const campaign = await someCampaign(6);
    const lastDay = async () =>
      (
        await rows(sql`select last_date::text d, last_day_impressions::int i, last_day_spend::text s
          from campaign_delivery_totals where campaign_id = ${campaign.id}`)
      )[0];
    const ingest = async (lines: string[]) =>
      expect(
        (
          await ingestBuffers(t.database.db, [
            {
              name: 'campaign_daily_metrics.csv',
              content: Buffer.from(['client_campaign_id,date,impressions,clicks,spend', ...lines].join('\n')),
            },
          ])
        ).ok,
      ).toBe(true);
    await ingest([`${campaign.id},2032-05-01,100,1,1.25`, `${campaign.id},2032-05-02,200,2,2.50`]);
    expect(await lastDay()).toEqual({ d: '2032-05-02', i: 200, s: '2.50' });
    await ingest([`${campaign.id},2032-05-02,250,2,3.00`, `${campaign.id},2032-04-30,7,0,0.10`]);
    expect(await lastDay()).toEqual({ d: '2032-05-02', i: 250, s: '3.00' });
    expect(await drift()).toEqual(NONE);
    // Concurrent writers of the last day and of a newer one.
    await Promise.all([
      ...Array.from({ length: 6 }, (_, i) =>
        t.database.db.execute(
          sql`update campaign_daily_metrics set impressions = impressions + ${i + 1}, spend = spend + 0.01
            where campaign_id = ${campaign.id} and date = '2032-05-02'`,
        ),
      ),
      t.database.db
        .execute(sql`insert into campaign_daily_metrics (campaign_id, dealership_id, date, impressions, spend)
        values (${campaign.id}, ${campaign.dealershipId}, '2032-05-03', 40, 0.40)`),
    ]);
    expect(await lastDay()).toEqual({ d: '2032-05-03', i: 40, s: '0.40' });
    expect(await drift()).toEqual(NONE);
    // Deleting the last day leaves a loose bound with nothing on it; an older day's delete leaves it.
    await t.database.db.execute(
      sql`delete from campaign_daily_metrics where campaign_id = ${campaign.id} and date = '2032-05-03'`,
    );
    expect(await lastDay()).toEqual({ d: '2032-05-03', i: 0, s: '0.00' });
    await t.database.db.execute(
      sql`delete from campaign_daily_metrics where campaign_id = ${campaign.id} and date = '2032-04-30'`,
    );
    expect(await lastDay()).toEqual({ d: '2032-05-03', i: 0, s: '0.00' });
    expect(await drift()).toEqual(NONE);
  });

  it('keep a copy of each campaign: created, changed (rooftop, status, flight, targets), deleted', async () => {
    const source = await someCampaign(7);
    const [other] = await rows(sql`select id from dealerships where id <> ${source.dealershipId} order by id limit 1`);
    await t.database.db
      .execute(sql`insert into managed_campaigns (id, dealership_id, client_campaign_display_name, product_code, product_name,
        campaign_type, campaign_status, start_date, end_date, budget, booked_impressions)
      select 990001, dealership_id, 'Copy check', product_code, product_name, campaign_type, 'active', '2026-11-01',
        '2026-11-30', 1500, 200000
      from managed_campaigns where id = ${source.id}`);
    expect(await drift()).toEqual(NONE);
    await t.database.db
      .execute(sql`update managed_campaigns set dealership_id = ${Number(other!.id)}, campaign_status = 'paused',
      end_date = '2026-12-31', budget = null, booked_impressions = 300000 where id = 990001`);
    expect(await drift()).toEqual(NONE);
    const [copy] =
      await rows(sql`select dealership_id, campaign_status, end_date::text end_date, budget, booked_impressions::int booked
      from campaign_delivery_totals where campaign_id = 990001`);
    expect(copy).toEqual({
      dealership_id: Number(other!.id),
      campaign_status: 'paused',
      end_date: '2026-12-31',
      budget: null,
      booked: 300000,
    });
    // With daily rows and freshness, then deleted: its daily rows cascade and its totals row goes.
    await t.database.db
      .execute(sql`insert into campaign_daily_metrics (campaign_id, dealership_id, date, impressions, spend)
      values (990001, ${Number(other!.id)}, '2026-11-02', 10, 1.00)`);
    expect(await drift()).toEqual(NONE);
    await t.database.db.execute(sql`delete from managed_campaigns where id = 990001`);
    expect(await drift()).toEqual(NONE);
    expect(await rows(sql`select 1 from campaign_delivery_totals where campaign_id = 990001`)).toEqual([]);
    // The check itself sees a copy one field off (written without the trigger).
    await t.database.db.execute(
      sql`update campaign_delivery_totals set campaign_status = 'ended' where campaign_id = ${source.id}`,
    );
    expect((await drift()).campaign).toEqual([{ campaign_id: source.id }]);
    await t.database.db.execute(sql`update campaign_delivery_totals t set campaign_status = c.campaign_status
      from managed_campaigns c where c.id = t.campaign_id and t.campaign_id = ${source.id}`);
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
        (select count(*) from dealership_monthly_metrics)::int monthly,
        (select count(*) from campaign_delivery_totals where impressions <> 0 or spend <> 0 or first_date is not null)::int totals,
        (select count(*) from campaign_delivery_totals where data_through is not null)::int copies`,
    );
    expect(left).toEqual({ daily: 0, monthly: 0, totals: 0, copies: Number(fresh!.n) });
    expect(await drift()).toEqual(NONE);
    await t.database.db.execute(sql`truncate campaign_freshness`);
    expect(await drift()).toEqual(NONE);
  });
});
