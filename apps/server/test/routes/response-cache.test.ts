import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import crypto from 'node:crypto';
import { AUTH_TABLES, DATA_CHANGED_CHANNEL, UNWATCHED_TABLES } from '../../src/db/change-notifications';
import { TEST_NOW } from '../constants';
import { authHeaders, build, login, readDemoFile, type TestContext } from '../helper';
import {
  FIXTURE,
  loadReportFixtures,
  queryString,
  RANGE,
  removeReportFixtures,
  tenantBase,
} from '../factories/report-fixtures';

/**
 * The response cache on the real app and database (plugins/external/http-cache.ts,
 * db/change-notifications.ts, docs/performance.md): answers are kept until a committed write
 * notifies, the session and tenant are checked on every request, and answers that hold signed URLs
 * are kept for the half hour their URLs are signed for. A change that does not notify is made by turning a table's trigger off: that the
 * old answer then comes back shows it was kept.
 */
let t: TestContext;
const cookies = {} as Record<'agency' | 'dealer' | 'staff', string>;
beforeAll(async () => {
  t = await build();
  await loadReportFixtures(t);
  cookies.agency = await login(t.app, 'agency@demo.test');
  cookies.dealer = await login(t.app, 'dealer@demo.test');
  cookies.staff = await login(t.app, 'staff@demo.test');
});
afterAll(async () => {
  await removeReportFixtures(t);
  await t.close();
});

const get = (url: string, cookie = cookies.agency) =>
  t.app.inject({ method: 'GET', url, headers: authHeaders(cookie) });
const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
/** Makes `change` without any of the table's notifying triggers. */
const withoutNotifying = async (table: string, change: () => Promise<unknown>) => {
  await exec(sql.raw(`alter table ${table} disable trigger user`));
  try {
    await change();
  } finally {
    await exec(sql.raw(`alter table ${table} enable trigger user`));
  }
};

const activeCampaign = readDemoFile('campaigns').find(
  (c) => c.dealership_id === '101' && c.campaign_status === 'active',
)!;
const list = `/api/agencies/1/dealership/101/campaigns?startDate=2026-11-01&endDate=2026-11-14`;
const clicksOf = (body: { data: Array<{ client_campaign_id: number; clicks: number }> }) =>
  body.data.find((c) => c.client_campaign_id === Number(activeCampaign.client_campaign_id))!.clicks;
const addClick = () =>
  exec(
    sql`update campaign_daily_metrics set clicks = clicks + 1 where campaign_id = ${Number(activeCampaign.client_campaign_id)} and date = '2026-11-10'`,
  );

describe('response cache', () => {
  it('keeps an answer until a committed write notifies, and shows a notifying write at once', async () => {
    const first = await get(list);
    expect(first.statusCode).toBe(200);
    const clicks = clicksOf(first.json());

    await withoutNotifying('campaign_daily_metrics', addClick);
    const kept = await get(list);
    expect(kept.body).toBe(first.body);

    // Any notification (here as another process would send it) empties the cache.
    await exec(sql.raw(`select pg_notify('${DATA_CHANGED_CHANNEL}', '')`));
    expect(clicksOf((await get(list)).json())).toBe(clicks + 1);

    // A write through the trigger: the next read has it, with nothing else done.
    await addClick();
    expect(clicksOf((await get(list)).json())).toBe(clicks + 2);
  });

  it('checks the session and the tenant before every kept answer', async () => {
    // The dealership user sees dealership 101 only: another's list, kept for the agency, is 404 to them.
    const other = readDemoFile('dealerships').find((d) => d.id !== '101')!;
    const otherList = list.replace('/dealership/101/', `/dealership/${other.id}/`);
    expect((await get(otherList)).statusCode).toBe(200);
    expect((await get(otherList)).statusCode).toBe(200);
    expect((await get(otherList, cookies.dealer)).statusCode).toBe(404);
    expect((await get(list, cookies.dealer)).statusCode).toBe(200);
    const staff = await get(list, cookies.staff);
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toEqual((await get(list)).json());
    // A session that ends on the server (sign-out elsewhere, expiry) ends its kept answers too.
    const cookie = await login(t.app, 'agency@demo.test');
    expect((await get(list, cookie)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: authHeaders(cookie) });
    expect((await get(list, cookie)).statusCode).toBe(401);
  });

  it('keeps report tables, pages with signed URLs among them (signed for the half hour)', async () => {
    const sites = `${tenantBase()}/campaigns/display/${FIXTURE.dyd}/site-list${queryString(RANGE)}`;
    const calls = `${tenantBase()}/campaigns/search/${FIXTURE.dyd}/calls${queryString(RANGE)}`;
    const sitesBefore = await get(sites, cookies.dealer);
    const callsBefore = await get(calls, cookies.dealer);
    expect(sitesBefore.statusCode).toBe(200);
    expect(callsBefore.statusCode).toBe(200);
    expect(callsBefore.json().data.some((c: { recording_url: string | null }) => c.recording_url)).toBe(true);
    await withoutNotifying('campaign_sites', () =>
      exec(sql`update campaign_sites set impressions = impressions + 1000 where campaign_id = ${FIXTURE.dyd}`),
    );
    await withoutNotifying('phone_calls', () =>
      exec(sql`update phone_calls set duration = duration + 1 where campaign_id = ${FIXTURE.dyd}`),
    );
    expect((await get(sites, cookies.dealer)).body).toBe(sitesBefore.body);
    expect((await get(calls, cookies.dealer)).body).toBe(callsBefore.body);
    // A kept page's recording URLs still play: signed for the window, valid 15 minutes past its end.
    const { recording_url } = callsBefore
      .json()
      .data.find((c: { recording_url: string | null }) => c.recording_url?.includes(FIXTURE.recordingKey));
    const expires = Number(new URL(recording_url, 'http://x').searchParams.get('expires'));
    expect(expires * 1000 - TEST_NOW.getTime()).toBeGreaterThanOrEqual(15 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: recording_url })).statusCode).toBe(200);
  });

  it('has the notifying triggers on every table of the public schema that should have them', async () => {
    const result = await exec(sql`
      select c.relname as name,
        (select count(*) from pg_trigger g where g.tgrelid = c.oid and g.tgname like 'portal_data_%' and g.tgenabled <> 'D') = 4 as data,
        exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'portal_auth_changed' and g.tgenabled <> 'D') as auth
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by 1`);
    const tables = (result as unknown as { rows: Array<{ name: string; data: boolean; auth: boolean }> }).rows;
    expect(tables.length).toBeGreaterThan(30);
    expect(tables.filter((r) => !r.data).map((r) => r.name)).toEqual([...UNWATCHED_TABLES].sort());
    expect(tables.filter((r) => r.auth).map((r) => r.name)).toEqual([...AUTH_TABLES].sort());
  });
});

describe('session cache (plugins/app/auth.ts)', () => {
  const sessionId = (cookie: string) =>
    crypto
      .createHash('sha256')
      .update(decodeURIComponent(cookie.slice('portal_session='.length)).replace(/\.[^.]*$/, ''))
      .digest('hex');

  it('sees a membership taken away at once', async () => {
    const cookie = await login(t.app, 'dealer@demo.test');
    expect((await get(list, cookie)).statusCode).toBe(200);
    const [{ id: userId }] = (
      (await exec(sql`select id from users where email = 'dealer@demo.test'`)) as unknown as { rows: [{ id: number }] }
    ).rows;
    await exec(sql`delete from user_dealerships where user_id = ${userId} and dealership_id = 101`);
    try {
      expect((await get(list, cookie)).statusCode).toBe(404);
    } finally {
      await exec(sql`insert into user_dealerships (user_id, dealership_id) values (${userId}, 101)`);
    }
    expect((await get(list, cookie)).statusCode).toBe(200);
  });

  it('is found only with the signed cookie that was checked: a forged signature for a kept session is 401', async () => {
    const cookie = await login(t.app, 'agency@demo.test');
    expect((await get(list, cookie)).statusCode).toBe(200);
    const value = decodeURIComponent(cookie.slice('portal_session='.length));
    const token = value.replace(/\.[^.]*$/, '');
    for (const forged of [`${token}.${'A'.repeat(43)}`, token, `${value}x`])
      expect((await get(list, `portal_session=${encodeURIComponent(forged)}`)).statusCode).toBe(401);
    expect((await get(list, cookie)).statusCode).toBe(200);
  });

  it('keeps a session no longer than its expiry, even when nothing notifies', async () => {
    const cookie = await login(t.app, 'agency@demo.test');
    await withoutNotifying('sessions', () =>
      exec(sql`update sessions set expires_at = now() + interval '1.5 seconds' where id = ${sessionId(cookie)}`),
    );
    // Read once more so that the kept session carries the new expiry.
    await exec(sql.raw(`select pg_notify('portal_auth_changed', '')`));
    expect((await get(list, cookie)).statusCode).toBe(200);
    expect((await get(list, cookie)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await get(list, cookie)).statusCode).toBe(401);
  });
});
