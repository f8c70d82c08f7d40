import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionsResponseSchema, timeToConvertLabel, TOP_ENTRIES } from '@portal/contracts';
import { build, login, type TestContext, authHeaders } from '../../helper';
import {
  ALL_DAYS,
  FIXTURE,
  loadReportFixtures,
  queryString,
  RANGE,
  readFixture,
  removeReportFixtures,
  tenantBase,
} from '../../factories/report-fixtures';
import {
  compareRaw,
  groupSums,
  inRange,
  num,
  ofCampaign,
  roundTo,
  type Range,
} from '../../factories/report-expectations';

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await build();
  await loadReportFixtures(t);
  cookie = await login(t.app, 'staff@demo.test');
});
afterAll(async () => {
  await removeReportFixtures(t);
  await t.close();
});

const get = (path: string) =>
  t.app.inject({ method: 'GET', url: `${tenantBase()}${path}`, headers: authHeaders(cookie) });

function expected(id: number, range: Range, showRoas: boolean) {
  const rows = ofCampaign(readFixture('campaign_conversions'), id).filter((r) => inRange(r.date, range));
  const values = [...new Set(rows.map((r) => Number(r.tag_id)))]
    .map((tagId) => {
      const group = rows.filter((r) => Number(r.tag_id) === tagId);
      return {
        tag_id: tagId,
        tag_name: group[0]!.tag_name!,
        type: group[0]!.type!,
        count: group.reduce((s, r) => s + num(r.count), 0),
      };
    })
    .sort((a, b) => b.count - a.count || a.tag_id - b.tag_id);
  const timed = rows.filter((r) => r.time_to_convert_days !== '');
  const weight = timed.reduce((s, r) => s + num(r.count), 0);
  const days = weight
    ? roundTo(timed.reduce((s, r) => s + num(r.time_to_convert_days) * num(r.count), 0) / weight, 2)
    : null;
  const visitors = rows.filter((r) => r.unique_site_visitors !== '');
  const utms = ofCampaign(readFixture('campaign_utms'), id).filter((r) => inRange(r.date, range));
  const top = (column: string) =>
    groupSums(utms, (r) => r[column]!, ['count'])
      .sort((a, b) => b.count! - a.count! || compareRaw(a.key, b.key))
      .slice(0, TOP_ENTRIES);
  const dates = [...new Set(rows.map((r) => r.date!))].sort(compareRaw);
  return {
    values,
    page_views: values.find((v) => v.tag_id === 4)?.count ?? 0,
    time_to_convert: days,
    time_to_convert_label: timeToConvertLabel(days),
    unique_site_visitors: visitors.length ? visitors.reduce((s, r) => s + num(r.unique_site_visitors), 0) : null,
    key_pages: values
      .filter((v) => v.type === 'key_site_action' && v.tag_id !== 4)
      .slice(0, TOP_ENTRIES)
      .map(({ tag_id, tag_name, count }) => ({ tag_id, tag_name, count })),
    utm_sources: top('utm_source').map((g) => ({ utm_source: g.key, count: g.count })),
    utm_campaigns: top('utm_campaign').map((g) => ({ utm_campaign: g.key, count: g.count })),
    roas: showRoas
      ? dates.map((date) => {
          const day = rows.filter((r) => r.date === date);
          return {
            date,
            orders: day.filter((r) => ['order', 'purchase'].includes(r.type!)).reduce((s, r) => s + num(r.count), 0),
            monetary_value: Math.round(day.reduce((s, r) => s + num(r.monetary_value) * 100, 0)) / 100,
          };
        })
      : null,
  };
}

describe('GET .../campaigns/display/{id}/metrics/conversions', () => {
  it.each([RANGE, ALL_DAYS])(
    'answers page views, key pages, time to convert, UTMs and ROAS from the files (%o)',
    async (range) => {
      const response = await get(`/campaigns/display/${FIXTURE.dyd}/metrics/conversions${queryString(range)}`);
      expect(response.statusCode).toBe(200);
      const body = conversionsResponseSchema.parse(response.json());
      const want = expected(FIXTURE.dyd, range, true);
      expect(body).toEqual(want);
      expect(want.page_views).toBeGreaterThan(0);
      expect(want.values.filter((v) => v.type === 'key_site_action').length).toBeGreaterThan(TOP_ENTRIES);
      expect(want.key_pages).toHaveLength(TOP_ENTRIES);
      expect(want.utm_sources).toHaveLength(TOP_ENTRIES);
      expect(want.roas!.some((d) => d.orders > 0 && d.monetary_value > 0)).toBe(true);
      expect(want.time_to_convert).toBeGreaterThan(0);
    },
  );

  it('answers roas null when show_roas is off', async () => {
    const response = await get(`/campaigns/display/${FIXTURE.dydOff}/metrics/conversions${queryString(RANGE)}`);
    const body = conversionsResponseSchema.parse(response.json());
    expect(body.roas).toBeNull();
    expect(body).toEqual(expected(FIXTURE.dydOff, RANGE, false));
    expect(body.values.length).toBeGreaterThan(0);
  });

  it('answers empty data over a range without conversions', async () => {
    const body = (
      await get(`/campaigns/display/${FIXTURE.dyd}/metrics/conversions?start_date=2025-01-01&end_date=2025-01-31`)
    ).json();
    expect(body).toEqual({
      values: [],
      page_views: 0,
      time_to_convert: null,
      time_to_convert_label: null,
      unique_site_visitors: null,
      key_pages: [],
      utm_sources: [],
      utm_campaigns: [],
      roas: [],
    });
  });
});
