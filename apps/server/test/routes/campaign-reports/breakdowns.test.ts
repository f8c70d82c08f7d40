import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ctrPercent,
  demographicsResponseSchema,
  dmasResponseSchema,
  eventsResponseSchema,
  frequency,
  placementsResponseSchema,
  socialMetricsSchema,
  TOP_ENTRIES,
  walkInsResponseSchema,
} from '@portal/contracts';
import { build, login, readDemoFile, type TestContext, authHeaders } from '../../helper';
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
  compareText,
  groupSums,
  inRange,
  num,
  ofCampaign,
  sum,
  type Range,
} from '../../factories/report-expectations';

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await build();
  await loadReportFixtures(t);
  cookie = await login(t.app, 'agency@demo.test');
});
afterAll(async () => {
  await removeReportFixtures(t);
  await t.close();
});

const get = (path: string, dealershipId: number = FIXTURE.dealershipId) =>
  t.app.inject({ method: 'GET', url: `${tenantBase(dealershipId)}${path}`, headers: authHeaders(cookie) });

const rowsIn = (entity: string, id: number, range: Range) =>
  ofCampaign(readFixture(entity), id).filter((r) => inRange(r.date, range));

function expectedPlacements(id: number, range: Range) {
  return groupSums(rowsIn('campaign_placements', id, range), (r) => r.placement!, ['impressions', 'clicks'])
    .map((g) => ({ placement: g.key, impressions: g.impressions!, clicks: g.clicks! }))
    .sort((a, b) => b.impressions - a.impressions || compareText(a.placement, b.placement));
}

function expectedDemographics(id: number, range: Range) {
  const rows = rowsIn('campaign_demographics', id, range);
  const ages = [...new Set(rows.map((r) => r.age_group!))].sort(compareRaw);
  const of = (age: string, gender: string, column: string) =>
    sum(
      rows.filter((r) => r.age_group === age && r.gender === gender),
      column,
    );
  return ages.map((age) => ({
    age,
    female: of(age, 'female', 'impressions'),
    male: of(age, 'male', 'impressions'),
    female_clicks: of(age, 'female', 'clicks'),
    male_clicks: of(age, 'male', 'clicks'),
  }));
}

function expectedDmas(id: number, range: Range) {
  const names = new Map(readDemoFile('dmas').map((d) => [Number(d.dma_code), d.name!]));
  return groupSums(rowsIn('campaign_dmas', id, range), (r) => r.dma_code!, ['impressions', 'clicks'])
    .map((g) => ({
      dma_code: Number(g.key),
      dma: names.get(Number(g.key)) ?? `DMA ${g.key}`,
      impressions: g.impressions!,
      clicks: g.clicks!,
      ctr: ctrPercent(g.clicks!, g.impressions!),
    }))
    .sort((a, b) => b.impressions - a.impressions || a.dma_code - b.dma_code);
}

describe('breakdowns', () => {
  it.each([RANGE, ALL_DAYS])('placements, demographics and DMAs equal the files (%o)', async (range) => {
    for (const id of [FIXTURE.dyd, FIXTURE.fbd, FIXTURE.sem]) {
      const placements = await get(`/campaigns/${id}/placements${queryString(range)}`);
      expect(placements.statusCode).toBe(200);
      expect(placementsResponseSchema.parse(placements.json()).data).toEqual(expectedPlacements(id, range));
      const demographics = await get(`/campaigns/${id}/demographics${queryString(range)}`);
      expect(demographicsResponseSchema.parse(demographics.json()).data).toEqual(expectedDemographics(id, range));
      const dmas = await get(`/campaigns/${id}/dmas${queryString(range)}`);
      expect(dmasResponseSchema.parse(dmas.json()).data).toEqual(expectedDmas(id, range));
    }
    const fbdDmas = expectedDmas(FIXTURE.fbd, range);
    expect(fbdDmas.length).toBeGreaterThan(TOP_ENTRIES);
    expect(fbdDmas.some((d) => d.dma === 'DMA 999')).toBe(true);
    expect(expectedDemographics(FIXTURE.fbd, range).length).toBeGreaterThan(3);
  });

  it('walk-ins sum visits per location with coordinates, visits descending', async () => {
    const rows = rowsIn('campaign_locations', FIXTURE.sem, RANGE);
    const expected = groupSums(rows, (r) => r.location_name!, ['visits'])
      .map((g) => {
        const first = rows.find((r) => r.location_name === g.key)!;
        return {
          location_name: g.key,
          latitude: num(first.latitude),
          longitude: num(first.longitude),
          visits: g.visits!,
        };
      })
      .sort((a, b) => b.visits - a.visits || compareRaw(a.location_name, b.location_name));
    const response = await get(`/campaigns/${FIXTURE.sem}/walk-ins${queryString(RANGE)}`);
    expect(response.statusCode).toBe(200);
    const body = walkInsResponseSchema.parse(response.json()).data;
    expect(body.map(({ location_name, visits }) => ({ location_name, visits }))).toEqual(
      expected.map(({ location_name, visits }) => ({ location_name, visits })),
    );
    body.forEach((row, i) => {
      expect(row.latitude).toBeCloseTo(expected[i]!.latitude, 4);
      expect(row.longitude).toBeCloseTo(expected[i]!.longitude, 4);
    });
  });

  it('events are those dated in the range, by date then id', async () => {
    const expected = ofCampaign(readFixture('campaign_events'), FIXTURE.evt)
      .filter((r) => inRange(r.event_date, RANGE))
      .sort((a, b) => compareRaw(a.event_date!, b.event_date!) || compareRaw(a.event_id!, b.event_id!));
    expect(expected.length).toBe(2);
    const response = await get(`/campaigns/${FIXTURE.evt}/events${queryString(RANGE)}`);
    expect(response.statusCode).toBe(200);
    const body = eventsResponseSchema.parse(response.json()).data;
    expect(body.map((e) => e.event_id)).toEqual(expected.map((e) => e.event_id));
    body.forEach((event, i) => {
      const source = expected[i]!;
      expect(event).toMatchObject({
        event_name: source.event_name,
        event_date: source.event_date,
        address: source.address || null,
        impressions: num(source.impressions),
        clicks: num(source.clicks),
        attendees: num(source.attendees),
      });
      expect(event.latitude).toBeCloseTo(num(source.latitude), 4);
      expect(event.longitude).toBeCloseTo(num(source.longitude), 4);
    });
  });
});

describe('GET .../campaigns/display/dyn/{id}/metrics', () => {
  it('answers the social cards and breakdowns; conversions only with the dealership flag on', async () => {
    for (const [id, dealershipId, flag] of [
      [
        FIXTURE.fbd,
        FIXTURE.dealershipId,
        readDemoFile('dealerships').find((d) => d.id === '101')!.enable_facebook_campaign_conversions === '1',
      ],
      [FIXTURE.dynOff, FIXTURE.otherDealershipId, false],
    ] as const) {
      const response = await get(`/campaigns/display/dyn/${id}/metrics${queryString(RANGE)}`, dealershipId);
      expect(response.statusCode).toBe(200);
      const body = socialMetricsSchema.parse(response.json());
      const days = rowsIn('campaign_daily_metrics', id, RANGE).sort((a, b) => compareRaw(a.date!, b.date!));
      const reachDays = days.filter((d) => d.reach !== '');
      const reach = reachDays.length ? sum(reachDays, 'reach') : null;
      const conversions = groupSums(rowsIn('campaign_conversions', id, RANGE), (r) => r.tag_name!, ['count'])
        .map((g) => ({ conversion_type: g.key, conversions: g.count! }))
        .sort((a, b) => b.conversions - a.conversions || compareRaw(a.conversion_type, b.conversion_type));
      expect(conversions.length).toBeGreaterThan(1);
      expect(body).toEqual({
        impressions: sum(days, 'impressions'),
        clicks: sum(days, 'clicks'),
        ctr: ctrPercent(sum(days, 'clicks'), sum(days, 'impressions')),
        reach,
        frequency: frequency(sum(days, 'impressions'), reach),
        sales: sum(days, 'sales'),
        conversions: sum(days, 'conversions'),
        metrics: days.map((d) => ({
          date: d.date,
          impressions: num(d.impressions),
          clicks: num(d.clicks),
          ctr: ctrPercent(num(d.clicks), num(d.impressions)),
        })),
        deviceMetrics: expectedPlacements(id, RANGE).map((p) => ({
          placement: p.placement,
          impressions: p.impressions,
        })),
        demographicData: expectedDemographics(id, RANGE).map((d) => ({ age: d.age, male: d.male, female: d.female })),
        geoInsightsMetroData: expectedDmas(id, RANGE)
          .slice(0, TOP_ENTRIES)
          .map((d) => ({ dma: d.dma, dma_code: d.dma_code, impressions: d.impressions })),
        conversionsMetrics: flag ? conversions : null,
      });
    }
  });
});
