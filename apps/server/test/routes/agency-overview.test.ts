import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, ctrPercent, localDate, previousPeriod, type OverviewResponse } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { alerts } from '../../src/db/schema';
import { jsonRows, preparedStatement, rowsOfJson } from '../../src/db/prepared-rows';
import { rowsOf } from '../../src/repositories/attribution/rule';
import { evaluateAlerts } from '../../src/repositories/alerts';
import { getAgencyOverview, peerBand } from '../../src/repositories/agency-overview/overview';
import { loadCampaignTrust, loadTrustSettings } from '../../src/repositories/trust';
import { TEST_NOW } from '../constants';
import { authHeaders, build, login, readDemoFile, type TestContext } from '../helper';
import { pdfText } from '../pdf-text';

/** Issue 23 §1: the agency overview, checked against the ingestion files the demo was loaded from. */

let t: TestContext;
let agency = '';
const RANGE = { startDate: '2026-10-16', endDate: '2026-11-14' };

beforeAll(async () => {
  t = await build();
  agency = await login(t.app, 'agency@demo.test');
  // Issue 21 §3: the alerts of the demo at TEST_NOW, as the server's start-up evaluation writes them.
  await evaluateAlerts(t.database.db, { now: TEST_NOW });
});

/** Unresolved, not snoozed alerts per rooftop, read from the table itself. */
async function openAlertsOf(dealershipId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(alerts)
    .where(
      sql`${alerts.dealershipId} = ${dealershipId} and ${alerts.resolvedAt} is null and ${alerts.snoozedUntil} is null`,
    );
  return row!.n;
}
afterAll(async () => {
  await t.close();
});

/**
 * The overview's signals as the managed list derives them, one campaign at a time in JavaScript
 * (`loadCampaignTrust`: computePacing, campaignFreshness): the oracle the overview's counts in SQL
 * must equal.
 */
async function signalsPerCampaign(organizationId: number, dealershipIds: number[], now: Date) {
  const settings = await loadTrustSettings(t.database.db, { organizationId });
  const campaigns = await loadCampaignTrust(t.database.db, { dealershipIds, now, settings });
  return new Map(
    dealershipIds.map((id) => {
      const own = campaigns.filter((c) => c.dealership_id === id);
      const paced = own.filter((c) => c.pacing !== null);
      const under = paced.filter((c) => c.pacing!.state === 'under').length;
      const over = paced.filter((c) => c.pacing!.state === 'over').length;
      const pacing =
        paced.length === 0
          ? 'No paced campaigns'
          : under + over === 0
            ? `All ${paced.length} on track`
            : `${[under > 0 ? `${under} under` : null, over > 0 ? `${over} over` : null].filter(Boolean).join(', ')} of ${paced.length} paced`;
      const running = own.filter((c) => c.freshness.expected_through !== null);
      const stale = running.filter((c) => c.freshness.stale).length;
      const freshness =
        running.length === 0
          ? 'No running campaigns'
          : stale > 0
            ? `Stale: ${stale} of ${running.length} running`
            : running.reduce((a, b) => ((b.freshness.updated_at ?? '') > (a.freshness.updated_at ?? '') ? b : a))
                .freshness.label;
      return [id, { pacing, freshness }];
    }),
  );
}

const get = (query: string, cookie = agency) =>
  t.app.inject({ method: 'GET', url: `/api/agencies/1/overview?${query}`, headers: authHeaders(cookie) });

/** Sums of the demo's daily metrics of a dealership over a range, from the ingestion file. */
function demoSums(dealershipId: number, range: { startDate: string; endDate: string }) {
  const campaigns = new Set(
    readDemoFile('campaigns')
      .filter((c) => Number(c.dealership_id) === dealershipId)
      .map((c) => c.client_campaign_id),
  );
  const dayIndex = (date: string) => (Date.parse(date) - Date.parse(range.startDate)) / 86_400_000;
  // The sparkline: each day of the range, 0 where the rooftop has no row.
  const daily = new Array<number>(dayIndex(range.endDate) + 1).fill(0);
  const sums = { impressions: 0, clicks: 0, spend: 0, leads: 0, daily };
  for (const row of readDemoFile('campaign_daily_metrics')) {
    if (!campaigns.has(row.client_campaign_id!) || row.date! < range.startDate || row.date! > range.endDate) continue;
    daily[dayIndex(row.date!)]! += Number(row.impressions || 0);
    sums.impressions += Number(row.impressions || 0);
    sums.clicks += Number(row.clicks || 0);
    sums.spend += Number(row.spend || 0);
    sums.leads += Number(row.leads || 0);
  }
  return sums;
}

describe('agency overview', () => {
  it('has every rooftop with the demo’s numbers, and totals recomputed from the summed parts', async () => {
    const response = await get(`startDate=${RANGE.startDate}&endDate=${RANGE.endDate}`);
    expect(response.statusCode, response.body).toBe(200);
    const overview = response.json() as OverviewResponse;
    const demoRooftops = readDemoFile('dealerships').filter((d) => d.organization_id === '1');
    expect(overview.rows.length).toBe(demoRooftops.length);
    expect(overview.rooftops).toBe(demoRooftops.length);
    expect(overview.previous_range).toEqual(previousPeriod(RANGE));
    for (const row of overview.rows) {
      const expected = demoSums(row.dealership_id, RANGE);
      expect(row.current.impressions, row.name).toBe(expected.impressions);
      expect(row.current.clicks).toBe(expected.clicks);
      expect(row.current.spend).toBeCloseTo(expected.spend, 2);
      expect(row.current.leads).toBe(expected.leads);
      expect(row.daily_impressions.length).toBe(30);
      expect(row.daily_impressions, row.name).toEqual(expected.daily);
      // Issue 21: pacing, freshness and open alerts of the rooftop.
      expect(row.trust.available).toBe(true);
      expect(row.trust.open_alerts, row.name).toBe(await openAlertsOf(row.dealership_id));
      expect(row.trust.pacing_state).toEqual(expect.any(String));
      expect(row.trust.data_freshness).toEqual(expect.any(String));
    }
    // The demo's planted under-pacing campaign (docs/demo-data.md) runs at rooftop 101; the demo's
    // data reaches yesterday, so nothing is stale at TEST_NOW.
    const demoDealer = overview.rows.find((row) => row.dealership_id === 101)!;
    expect(demoDealer.trust.pacing_state).toBe('1 under of 2 paced');
    expect(demoDealer.trust.data_freshness).toMatch(/^Data through Nov 14, 2026, updated /);
    // Its planted campaign's pacing alert at least.
    expect(demoDealer.trust.open_alerts).toBeGreaterThanOrEqual(1);
    const sum = (key: 'impressions' | 'clicks' | 'spend' | 'leads') =>
      overview.rows.reduce((total, row) => total + row.current[key], 0);
    const totals = overview.totals.current;
    expect(totals.impressions).toBe(sum('impressions'));
    expect(totals.clicks).toBe(sum('clicks'));
    expect(totals.spend).toBeCloseTo(sum('spend'), 2);
    // Ratios from the sums, not an average of the rows' ratios.
    expect(totals.ctr).toBe(ctrPercent(sum('clicks'), sum('impressions')));
    expect(totals.cost_per_lead).toBe(sum('leads') > 0 ? Math.round((sum('spend') / sum('leads')) * 100) / 100 : null);
    const prior = demoSums(overview.rows[0]!.dealership_id, previousPeriod(RANGE));
    expect(overview.rows[0]!.previous.impressions).toBe(prior.impressions);
  });

  it('sums any range and its previous period from the months’ running sums, day for day', async () => {
    // Ranges on and across month edges (the roll-up keeps one row per rooftop and month): one day on a
    // month's first and last day, days within a month, three months, whole months, days after the
    // demo's data and a range before it.
    const ranges = [
      { startDate: '2026-11-01', endDate: '2026-11-01' },
      { startDate: '2026-10-31', endDate: '2026-10-31' },
      { startDate: '2026-11-03', endDate: '2026-11-09' },
      { startDate: '2026-08-20', endDate: '2026-11-14' },
      { startDate: '2026-09-01', endDate: '2026-10-31' },
      { startDate: '2026-11-10', endDate: '2026-12-05' },
      { startDate: '2020-01-01', endDate: '2020-01-31' },
    ];
    let withImpressions = 0;
    for (const range of ranges) {
      const response = await get(`startDate=${range.startDate}&endDate=${range.endDate}`);
      expect(response.statusCode, response.body).toBe(200);
      const overview = response.json() as OverviewResponse;
      for (const row of overview.rows) {
        const label = `${row.name} ${range.startDate}..${range.endDate}`;
        const current = demoSums(row.dealership_id, range);
        for (const [period, expected] of [
          ['current', current],
          ['previous', demoSums(row.dealership_id, previousPeriod(range))],
        ] as const) {
          expect(row[period].impressions, `${label} ${period}`).toBe(expected.impressions);
          expect(row[period].clicks, `${label} ${period}`).toBe(expected.clicks);
          expect(row[period].leads, `${label} ${period}`).toBe(expected.leads);
          expect(row[period].spend, `${label} ${period}`).toBeCloseTo(expected.spend, 2);
        }
        expect(row.daily_impressions, label).toEqual(current.daily);
        if (row.current.impressions > 0) withImpressions += 1;
      }
    }
    // The ranges reach the demo's data (a check of zeros against zeros would prove nothing).
    expect(withImpressions).toBeGreaterThan(20);
  });

  it('counts pacing and freshness per rooftop as the list computes them, campaign by campaign', async () => {
    const ids = readDemoFile('dealerships')
      .filter((d) => d.organization_id === '1')
      .map((d) => Number(d.id));
    // Before and after the stale hour, a day later (yesterday's data is then missing), mid-flight,
    // and a day and two days earlier in Chicago (the data's newest day is then one day after the
    // pacing day, taken from the totals' last day, or two, probed).
    const instants = [
      TEST_NOW,
      new Date(TEST_NOW.getTime() - 12 * 3_600_000),
      new Date(TEST_NOW.getTime() + 86_400_000),
      new Date(TEST_NOW.getTime() - 20 * 3_600_000),
      new Date(TEST_NOW.getTime() - 44 * 3_600_000),
    ];
    // A campaign with rows outside its flight takes pacing's probe path; one exactly on a band edge
    // would be counted as the list shows it.
    await t.database.db
      .execute(sql`insert into campaign_daily_metrics (campaign_id, dealership_id, date, impressions, spend)
      select id, dealership_id, start_date - 3, 5000, 12.34 from managed_campaigns where dealership_id = 101 and campaign_status = 'active'
      on conflict do nothing`);
    let states = 0;
    // How many days after the pacing day the paced campaigns' newest rows lay, over the instants.
    const daysAfter = new Set<number>();
    for (const now of instants) {
      // The oracle's own delivery to date against the rows themselves: the flight's days through the
      // pacing day, summed from campaign_daily_metrics (no roll-up involved).
      const settings = await loadTrustSettings(t.database.db, { organizationId: 1 });
      const paced = (await loadCampaignTrust(t.database.db, { dealershipIds: ids, now, settings })).filter(
        (c) => c.pacing !== null,
      );
      expect(paced.length).toBeGreaterThan(0);
      const yesterday = addDays(localDate(now, settings.timeZone), -1);
      const truth = new Map(
        (
          await rowsOf<{ id: number; impressions: number; spend: number; days_after: number }>(
            t.database.db,
            sql`select c.id, coalesce(sum(m.impressions), 0)::float8 impressions, coalesce(sum(m.spend), 0)::float8 spend,
                (select max(x.date) from campaign_daily_metrics x where x.campaign_id = c.id)
                  - least(c.end_date, ${yesterday}::date) days_after
              from managed_campaigns c left join campaign_daily_metrics m on m.campaign_id = c.id
                and m.date between c.start_date and least(c.end_date, ${yesterday}::date)
              where c.id in (${sql.join(
                paced.map((c) => sql`${c.campaign_id}`),
                sql`, `,
              )}) group by c.id`,
          )
        ).map((row) => [Number(row.id), row]),
      );
      for (const campaign of paced) {
        const row = truth.get(campaign.campaign_id)!;
        daysAfter.add(Math.max(0, Number(row.days_after)));
        const actual = campaign.pacing!.basis === 'impressions' ? row.impressions : row.spend;
        expect({ id: campaign.campaign_id, actual: campaign.pacing!.actual_to_date }).toEqual({
          id: campaign.campaign_id,
          actual: Math.round(Number(actual) * 100) / 100,
        });
      }
      const expected = await signalsPerCampaign(1, ids, now);
      const overview = await getAgencyOverview(t.database.db, {
        organizationId: 1,
        query: { startDate: RANGE.startDate, endDate: RANGE.endDate, sort: 'name', desc: false },
        now,
      });
      const counted = new Map(overview!.rows.map((row) => [row.dealership_id, row.trust]));
      for (const id of ids) {
        expect({ id, pacing: counted.get(id)!.pacing_state, freshness: counted.get(id)!.data_freshness }).toEqual({
          id,
          ...expected.get(id),
        });
        if (/under|over/.test(expected.get(id)!.pacing)) states++;
      }
    }
    // The comparison covered rooftops with campaigns off pace, not only empty ones, and delivery to
    // date with no day after the pacing day, one (the totals' last day) and two (probed).
    expect(states).toBeGreaterThan(0);
    expect([...daysAfter].sort()).toEqual(expect.arrayContaining([0, 1, 2]));
    await t.database.db.execute(sql`delete from campaign_daily_metrics m using managed_campaigns c
      where c.id = m.campaign_id and c.dealership_id = 101 and m.date = c.start_date - 3`);
  });

  it('keeps the agency’s context only until a committed write names the agency: rooftops, band, sales records', async () => {
    const query = `startDate=${RANGE.startDate}&endDate=${RANGE.endDate}`;
    const row101 = async () =>
      ((await get(query)).json() as OverviewResponse).rows.find((row) => row.dealership_id === 101)!;
    // The notifications of earlier tests' writes reach every listening connection (on PostgreSQL
    // the pool's and the dedicated listener's) asynchronously: let them arrive before keeping.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = await row101();
    expect(before.sales_source).not.toBe('attributed');
    // Kept: a rename written without its notification (triggers off) is not read again…
    await t.database.db.execute(sql`alter table dealerships disable trigger user`);
    await t.database.db.execute(sql`update dealerships set name = name || ' (quiet)' where id = 101`);
    await t.database.db.execute(sql`alter table dealerships enable trigger user`);
    expect((await row101()).name).toBe(before.name);
    // …a notified write is, on the next request: a rooftop's name,
    await t.database.db.execute(sql`update dealerships set name = ${`${before.name} (renamed)`} where id = 101`);
    expect((await row101()).name).toBe(`${before.name} (renamed)`);
    await t.database.db.execute(sql`update dealerships set name = ${before.name} where id = 101`);
    expect((await row101()).name).toBe(before.name);
    // the agency's pacing band (every paced campaign inside a band of 0–9,999 %),
    const offPace = (rows: OverviewResponse['rows']) =>
      rows.filter((row) => /under|over/.test(row.trust.pacing_state ?? ''));
    expect(offPace(((await get(query)).json() as OverviewResponse).rows).length).toBeGreaterThan(0);
    await t.database.db.execute(sql`insert into agency_trust_settings (organization_id, pacing_low, pacing_high)
      values (1, 0, 9999) on conflict (organization_id) do update set pacing_low = 0, pacing_high = 9999`);
    const wide = ((await get(query)).json() as OverviewResponse).rows;
    expect(offPace(wide)).toEqual([]);
    await t.database.db.execute(sql`delete from agency_trust_settings where organization_id = 1`);
    expect((await row101()).trust.pacing_state).toBe(before.trust.pacing_state);
    // and a rooftop's first sales record (its sales become the portal's attributed sales).
    await t.database.db.execute(sql`insert into vehicle_sales (dealership_id, vin, sold_date, deal_type)
      values (101, '1HGCM82633A004352', ${RANGE.endDate}, 'used')`);
    expect((await row101()).sales_source).toBe('attributed');
    await t.database.db.execute(sql`delete from vehicle_sales where dealership_id = 101 and vin = '1HGCM82633A004352'`);
    expect((await row101()).sales_source).toBe(before.sales_source);
  });

  it('filters by name and sorts; the percentile band needs 5 comparable rooftops', async () => {
    const all = (await get(`startDate=${RANGE.startDate}&endDate=${RANGE.endDate}`)).json() as OverviewResponse;
    const sorted = (
      await get(`startDate=${RANGE.startDate}&endDate=${RANGE.endDate}&sort=impressions&desc=true`)
    ).json() as OverviewResponse;
    const impressions = sorted.rows.map((r) => r.current.impressions);
    expect(impressions).toEqual([...impressions].sort((a, b) => b - a));
    const first = all.rows[0]!;
    const word = first.name.split(' ')[0]!;
    const filtered = (
      await get(`startDate=${RANGE.startDate}&endDate=${RANGE.endDate}&q=${encodeURIComponent(word)}`)
    ).json() as OverviewResponse;
    expect(filtered.rows.every((r) => r.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect(filtered.totals.current.impressions).toBe(filtered.rows.reduce((t, r) => t + r.current.impressions, 0));
    const comparable = all.rows.filter((r) => r.current.ctr !== null).length;
    if (comparable >= 5) expect(all.peer_bands.ctr).not.toBeNull();
    else expect(all.peer_bands.ctr).toBeNull();
    expect(peerBand([1, 2, 3, 4])).toBeNull();
    expect(peerBand([1, 2, 3, 4, 5])).toEqual({ p25: 2, p50: 3, p75: 4, rooftops: 5 });
  });

  it('exports CSV with a totals row and a PDF; a dealership user gets 403', async () => {
    const query = `startDate=${RANGE.startDate}&endDate=${RANGE.endDate}`;
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/agencies/1/overview/csv?${query}`,
      headers: authHeaders(agency),
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toMatch(/^Rooftop,City,State,Impressions,Clicks,CTR \(%\)/);
    expect(lines.at(-1)).toMatch(/^Total,/);
    const header = lines[0]!.split(',');
    const json = (await get(query)).json() as OverviewResponse;
    const column = header.indexOf('Open alerts');
    expect(column).toBeGreaterThan(0);
    // Rows are in the same order as the JSON (by name); a rooftop name holds no comma in the demo.
    expect(lines.slice(1, -1).map((line) => Number(line.split(',')[column]))).toEqual(
      json.rows.map((row) => row.trust.open_alerts),
    );
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/agencies/1/overview.pdf?${query}`,
      headers: authHeaders(agency),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A filtered PDF names its filter under the title (QA: it read as the whole agency).
    const filtered = await t.app.inject({
      method: 'GET',
      url: `/api/agencies/1/overview.pdf?${query}&q=ancira`,
      headers: authHeaders(agency),
    });
    expect(filtered.statusCode).toBe(200);
    // OVERVIEW_PDF_OUT=file keeps the filtered PDF to look at (pdftoppm -png).
    if (process.env.OVERVIEW_PDF_OUT) fs.writeFileSync(process.env.OVERVIEW_PDF_OUT, filtered.rawPayload);
    const shown = (await get(`${query}&q=ancira`)).json() as OverviewResponse;
    expect(shown.rows.length).toBeLessThan(shown.rooftops);
    expect(pdfText(filtered.rawPayload)).toContain(
      `Rooftops whose name contains “ancira”: ${shown.rows.length} of ${shown.rooftops}`,
    );
    expect(pdfText(pdf.rawPayload)).not.toContain('Rooftops whose name contains');
    // Each rooftop's value carries its change from the previous period under it (QA: only the cards
    // had one), the same change the page shows with Compare on.
    const filteredText = pdfText(filtered.rawPayload);
    const percentChange = (now: number | null, before: number | null) => {
      if (now === null || !before) return '';
      const change = ((now - before) / before) * 100;
      return `${change >= 0 ? '+' : ''}${change.toFixed(1)}%`;
    };
    const changes = shown.rows
      .flatMap((row) => [
        percentChange(row.current.impressions, row.previous.impressions),
        percentChange(row.current.spend, row.previous.spend),
      ])
      .filter(Boolean);
    expect(changes.length).toBeGreaterThan(shown.rows.length);
    for (const change of changes) expect(filteredText).toContain(change);
    const dealer = await login(t.app, 'dealer@demo.test');
    expect((await get(query, dealer)).statusCode).toBe(403);
    expect((await get('startDate=2026-11-14&endDate=2026-10-01')).statusCode).toBe(400);
  });
});

describe('a statement prepared once (db/prepared-rows.ts)', () => {
  const namesOf = preparedStatement<{ ids: number[]; prefix: string }, { id: number; name: string }>(
    () =>
      sql`select id, name from dealerships
          where id = any(${sql.placeholder('ids')}::int[]) and name like ${sql.placeholder('prefix')} || '%'
          order by id`,
  );

  it('runs each call with its own values, and refuses a call that lacks one before sending it', async () => {
    const all = await rowsOf<{ id: number; name: string }>(
      t.database.db,
      sql`select id, name from dealerships where organization_id = 1 order by id`,
    );
    const rows = all.map((row) => ({ id: Number(row.id), name: row.name }));
    expect(rows.length).toBeGreaterThan(2);
    const [first, second] = rows;
    const read = async (ids: number[], prefix: string) =>
      (await namesOf(t.database.db, { ids, prefix })).map((row) => ({ id: Number(row.id), name: row.name }));
    expect(await read([first!.id], '')).toEqual([first]);
    expect(await read([first!.id, second!.id], '')).toEqual([first, second]);
    expect(await read([first!.id, second!.id], second!.name)).toEqual([second]);
    await expect(namesOf(t.database.db, { ids: [first!.id] } as never)).rejects.toThrow(/placeholder "prefix"/);
  });

  it('answers several queries in one statement, each as JSON rows (jsonRows)', async () => {
    const both = preparedStatement<{ ids: number[] }, { named: unknown; none: unknown }>(
      () =>
        sql`select ${jsonRows(sql`select id, name, now() as at, 1.5::float8 as half from dealerships
              where id = any(${sql.placeholder('ids')}::int[]) order by id`)} as named,
            ${jsonRows(sql`select id from dealerships where false`)} as none`,
    );
    const [dealer] = await rowsOf<{ id: number; name: string }>(
      t.database.db,
      sql`select id, name from dealerships where organization_id = 1 order by id limit 1`,
    );
    const [row] = await both(t.database.db, { ids: [Number(dealer!.id)] });
    const named = rowsOfJson<{ id: number; name: string; at: string; half: number }>(row!.named);
    expect(named).toEqual([{ id: Number(dealer!.id), name: dealer!.name, at: expect.any(String), half: 1.5 }]);
    expect(Number.isNaN(new Date(named[0]!.at).getTime())).toBe(false);
    expect(rowsOfJson(row!.none)).toEqual([]);
    expect(rowsOfJson('[{"a":1}]')).toEqual([{ a: 1 }]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the overview on PostgreSQL', () => {
  it('sends its hot statements as named prepared statements, each connection preparing them once', async () => {
    const pool = t.database.pool!;
    const query = `startDate=${RANGE.startDate}&endDate=${RANGE.endDate}`;
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/agencies/1/overview?${query}`,
      headers: authHeaders(agency),
    });
    expect(first.statusCode).toBe(200);
    // Every pooled connection, held at once so each is asked: the statements it has prepared.
    const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
    try {
      const prepared = new Set<string>();
      for (const client of clients) {
        const { rows } = await client.query<{ name: string; statement: string }>(
          `select name, statement from pg_prepared_statements where name like 'p\\_%'`,
        );
        for (const row of rows) prepared.add(row.statement.trim());
      }
      // The context (read once per change of the agency), then the figures — the sums (from the
      // months' running sums, not the days), the pacing
      // counts (from the totals alone) and the open alerts in one (the attribution statement, only
      // with sales records, stays unnamed).
      expect([...prepared].some((text) => text.startsWith('select o.id, o.name'))).toBe(true);
      const figures = [...prepared].filter((text) => text.includes('cross join dealership_monthly_metrics m'));
      expect(figures).toHaveLength(1);
      expect(figures[0]).not.toContain('dealership_daily_metrics');
      expect(figures[0]).toContain('from campaign_delivery_totals c');
      expect(figures[0]).not.toContain('managed_campaigns');
      expect(figures[0]).toContain('from "alerts"');
    } finally {
      for (const client of clients) client.release();
    }
    // A second answer on the same connections is the same (the prepared statements are reused).
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/agencies/1/overview?${query}`,
      headers: authHeaders(agency),
    });
    expect(second.json()).toEqual(first.json());
  });
});
