import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creativesPageSchema,
  ctrPercent,
  errorResponseSchema,
  keywordsPageSchema,
  leadsPageSchema,
  phoneCallsPageSchema,
  siteListPageSchema,
  siteSizesResponseSchema,
} from '@portal/contracts';
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
  agencyTimeZone,
  compareRaw,
  compareText,
  groupSums,
  inRange,
  localDay,
  num,
  ofCampaign,
  type Range,
  type Row,
} from '../../factories/report-expectations';
import { comparing, percentText, readAllPages, readCsv, readInPages, thenBy } from '../../factories/report-tables';

let t: TestContext;
let cookie: string;
beforeAll(async () => {
  t = await build();
  await loadReportFixtures(t);
  cookie = await login(t.app, 'dealer@demo.test');
});
afterAll(async () => {
  await removeReportFixtures(t);
  await t.close();
});

const get = (path: string) =>
  t.app.inject({ method: 'GET', url: `${tenantBase()}${path}`, headers: authHeaders(cookie) });
const rowsIn = (entity: string, id: number, range: Range) =>
  ofCampaign(readFixture(entity), id).filter((r) => inRange(r.date, range));
const usDate = (datetime: string) => {
  const [y, m, d] = localDay(datetime, agencyTimeZone()).split('-');
  return `${m}/${d}/${y}`;
};
/** A call's time as the page shows it ('11/23/2026 5:51 PM' in the dealership's zone), by Intl, not the product's formatter. */
const usDateTime = (datetime: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: agencyTimeZone(),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(new Date(datetime))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
};
const FILE_PREFIX = 'Fixture_DYD_All_On_Settings';

type Sortable<R> = Record<string, [(r: R) => string | number | null, ((a: never, b: never) => number)?]>;

/** Checks paging, each sort column in both directions against `expected`, and that an unknown sort id is refused. */
async function checkTable<R>(
  path: string,
  range: Range,
  expected: R[],
  sortable: Sortable<R>,
  tie: (a: R, b: R) => number,
) {
  expect(expected.length).toBeGreaterThan(2);
  const first = (await get(`${path}${queryString(range)}`)).json() as { data: R[]; pagination: { total: number } };
  expect(first.pagination.total).toBe(expected.length);
  expect(first.data).toEqual(expected.slice(0, 10));
  expect(await readInPages<R>(get, path, range, 2)).toEqual(expected);
  for (const [column, [value, compare]] of Object.entries(sortable)) {
    for (const desc of [false, true]) {
      const rows = await readAllPages<R>(get, path, range, { sorting: [{ id: column, desc }] });
      expect(rows, `${path} by ${column} ${desc}`).toEqual(
        [...expected].sort(thenBy(comparing(value, desc, compare), tie)),
      );
    }
  }
  // An id outside the table's allow-list is refused (issue 18), for the page and its CSV twin.
  for (const url of [path, `${path}/csv`]) {
    const refused = await get(`${url}${queryString(range, { sorting: [{ id: 'unknown_column', desc: true }] })}`);
    expect(refused.statusCode, url).toBe(400);
    expect(errorResponseSchema.parse(refused.json()).error.code).toBe('VALIDATION_FAILED');
  }
}

describe('creatives', () => {
  type Creative = {
    creative_id: string;
    creative_name: string;
    creative_size: string;
    image_url: string | null;
    impressions: number;
    clicks: number;
    ctr: number | null;
  };
  function expected(range: Range): Creative[] {
    const totals = new Map(
      groupSums(rowsIn('campaign_creative_metrics', FIXTURE.dyd, range), (r) => r.creative_id!, [
        'impressions',
        'clicks',
      ]).map((g) => [g.key, g]),
    );
    return ofCampaign(readFixture('campaign_creatives'), FIXTURE.dyd)
      .map((c) => {
        const impressions = totals.get(c.creative_id!)?.impressions ?? 0;
        const clicks = totals.get(c.creative_id!)?.clicks ?? 0;
        return {
          creative_id: c.creative_id!,
          creative_name: c.creative_name!,
          creative_size: c.creative_size!,
          image_url: c.image_url || null,
          impressions,
          clicks,
          ctr: ctrPercent(clicks, impressions),
        };
      })
      .sort(
        thenBy(
          comparing((c: Creative) => c.impressions, true),
          comparing((c: Creative) => c.creative_id, false, compareRaw),
        ),
      );
  }
  const tie = comparing((c: Creative) => c.creative_id, false, compareRaw);

  it('lists every creative with its delivery over the range; pages, sorts, filters and exports', async () => {
    const path = `/campaigns/display/${FIXTURE.dyd}/creatives`;
    const rows = expected(RANGE);
    expect(rows.find((c) => c.creative_id === 'cr-4')).toMatchObject({ impressions: 0, ctr: null });
    creativesPageSchema.parse((await get(`${path}${queryString(RANGE)}`)).json());
    await checkTable(
      path,
      RANGE,
      rows,
      {
        creative_name: [(c) => c.creative_name, compareText],
        creative_size: [(c) => c.creative_size, compareRaw],
        impressions: [(c) => c.impressions],
        clicks: [(c) => c.clicks],
        ctr: [(c) => (c.impressions ? c.clicks / c.impressions : null)],
      },
      tie,
    );
    expect(
      await readAllPages(get, path, RANGE, { filters: [{ id: 'creative_size', value: ['300x250', '728x90'] }] }),
    ).toEqual(rows.filter((c) => ['300x250', '728x90'].includes(c.creative_size)));
    expect(await readAllPages(get, path, RANGE, { filters: [{ id: 'creative_name', value: 'FALL' }] })).toEqual(
      rows.filter((c) => c.creative_name.toLowerCase().includes('fall')),
    );
    const csv = await readCsv(get, `${path}/csv`, RANGE, { sorting: [{ id: 'creative_name', desc: false }] });
    expect(csv.fileName).toBe(`${FILE_PREFIX}_Creatives_2026-11-01_2026-11-14.csv`);
    expect(csv.header).toEqual(['Creative', 'Size', 'Impressions', 'Clicks', 'CTR (%)']);
    const sorted = await readAllPages<Creative>(get, path, RANGE, { sorting: [{ id: 'creative_name', desc: false }] });
    expect(csv.rows).toEqual(
      sorted.map((c) => [
        c.creative_name,
        c.creative_size,
        String(c.impressions),
        String(c.clicks),
        percentText(c.ctr),
      ]),
    );
  });
});

describe('Top Performing Sites', () => {
  type Site = { SITE: string; AD_SIZES: string[]; IMPRESSIONS: number };
  function expected(range: Range): Site[] {
    const rows = rowsIn('campaign_sites', FIXTURE.dyd, range);
    return groupSums(rows, (r) => r.site!, ['impressions'])
      .map((g) => ({
        SITE: g.key,
        AD_SIZES: [...new Set(rows.filter((r) => r.site === g.key).map((r) => r.creative_size!))].sort(compareRaw),
        IMPRESSIONS: g.impressions!,
      }))
      .sort(
        thenBy(
          comparing((s: Site) => s.IMPRESSIONS, true),
          comparing((s: Site) => s.SITE, false, compareRaw),
        ),
      );
  }
  const path = `/campaigns/display/${FIXTURE.dyd}/site-list`;

  it('lists sites with their distinct ad sizes; pages, sorts, filters and exports', async () => {
    const rows = expected(RANGE);
    expect(rows.length).toBeGreaterThan(5);
    siteListPageSchema.parse((await get(`${path}${queryString(RANGE)}`)).json());
    await checkTable(
      path,
      RANGE,
      rows,
      { SITE: [(s) => s.SITE, compareText], IMPRESSIONS: [(s) => s.IMPRESSIONS] },
      comparing((s: Site) => s.SITE, false, compareRaw),
    );
    expect(await readAllPages(get, path, RANGE, { filters: [{ id: 'SITE', value: 'AUTOS' }] })).toEqual(
      rows.filter((s) => s.SITE.toLowerCase().includes('autos')),
    );
    const csv = await readCsv(get, `${path}/csv`, RANGE);
    expect(csv.fileName).toBe(`${FILE_PREFIX}_TopPerformingSites_2026-11-01_2026-11-14.csv`);
    expect(csv.header).toEqual(['Site', 'Ad Sizes', 'Impressions']);
    expect(csv.rows).toEqual(rows.map((s) => [s.SITE, s.AD_SIZES.join(', '), String(s.IMPRESSIONS)]));
  });

  it('answers the impressions per creative size of one site', async () => {
    for (const site of expected(RANGE).map((s) => s.SITE)) {
      const response = await get(`${path}/creative-size${queryString(RANGE, { site })}`);
      expect(response.statusCode).toBe(200);
      const rows = rowsIn('campaign_sites', FIXTURE.dyd, RANGE).filter((r) => r.site === site);
      expect(siteSizesResponseSchema.parse(response.json()).data).toEqual(
        groupSums(rows, (r) => r.creative_size!, ['impressions'])
          .map((g) => ({ SIZE: g.key, IMPRESSIONS: g.impressions! }))
          .sort((a, b) => b.IMPRESSIONS - a.IMPRESSIONS || compareRaw(a.SIZE, b.SIZE)),
      );
    }
    expect((await get(`${path}/creative-size${queryString(RANGE)}`)).statusCode).toBe(400);
  });

  it('answers 404 on all three calls when show_site_list is off', async () => {
    const off = `/campaigns/display/${FIXTURE.dydOff}/site-list`;
    expect(rowsIn('campaign_sites', FIXTURE.dydOff, RANGE).length).toBeGreaterThan(0);
    for (const url of [off, `${off}/csv`, `${off}/creative-size`]) {
      const response = await get(`${url}${queryString(RANGE, { site: 'news.example.com' })}`);
      expect(response.statusCode, url).toBe(404);
      expect(errorResponseSchema.parse(response.json()).error.message).toBe(
        'Site list is not enabled for this campaign',
      );
    }
  });
});

describe('phone calls', () => {
  type Call = {
    phone_call_vendor_id: string;
    phone_number: string;
    datetime: string;
    duration: number;
    recording_url: string | null;
  };
  const path = `/campaigns/search/${FIXTURE.dyd}/calls`;
  function expected(range: Range): Array<Omit<Call, 'recording_url'> & { key: string | null }> {
    return ofCampaign(readFixture('phone_calls'), FIXTURE.dyd)
      .filter((c) => inRange(localDay(c.datetime!, agencyTimeZone()), range))
      .map((c) => ({
        phone_call_vendor_id: c.phone_call_vendor_id!,
        phone_number: c.phone_number!,
        datetime: new Date(c.datetime!).toISOString().replace('.000Z', 'Z'),
        duration: num(c.duration),
        key: c.recording_file || null,
      }))
      .sort((a, b) => compareRaw(b.datetime, a.datetime) || compareRaw(a.phone_call_vendor_id, b.phone_call_vendor_id));
  }
  const strip = (rows: Call[]) => rows.map(({ recording_url: _, ...row }) => row);

  it('lists the calls of the range’s local days, newest first, with recording URLs signed for the half hour and 15 minutes more', async () => {
    const rows = expected(RANGE);
    expect(rows.map((c) => c.phone_call_vendor_id)).toEqual([
      'fx-call-5',
      'fx-call-4',
      'fx-call-7',
      'fx-call-3',
      'fx-call-2',
    ]);
    const response = await get(`${path}${queryString(RANGE)}`);
    expect(response.statusCode).toBe(200);
    const body = phoneCallsPageSchema.parse(response.json());
    expect(strip(body.data)).toEqual(rows.map(({ key: _, ...row }) => row));
    // Signed for the half hour 18:00–18:30 UTC, valid until 15 minutes after it ends.
    const expires = Math.floor(Date.parse('2026-11-15T18:30:00Z') / 1000) + 15 * 60;
    body.data.forEach((call, i) => {
      const key = rows[i]!.key;
      if (key === null) expect(call.recording_url).toBeNull();
      else expect(call.recording_url).toMatch(new RegExp(`^/api/files/${key}\\?expires=${expires}&signature=[\\w-]+$`));
    });
    const withRecording = body.data.find((c) => c.phone_call_vendor_id === 'fx-call-3')!;
    const audio = await t.app.inject({ method: 'GET', url: withRecording.recording_url! });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.rawPayload.length).toBe(6000);
  });

  it('pages, sorts by caller, datetime and duration, filters by phone number and exports', async () => {
    const rows = expected(ALL_DAYS).map(({ key: _, ...row }) => row);
    const all = strip(await readAllPages<Call>(get, path, ALL_DAYS));
    expect(all).toEqual(rows);
    expect(strip(await readInPages<Call>(get, path, ALL_DAYS, 3))).toEqual(rows);
    const tie = comparing((c: (typeof rows)[number]) => c.phone_call_vendor_id, false, compareRaw);
    for (const [column, value, compare] of [
      ['phone_number', (c: (typeof rows)[number]) => c.phone_number, compareRaw],
      ['datetime', (c: (typeof rows)[number]) => c.datetime, compareRaw],
      ['duration', (c: (typeof rows)[number]) => c.duration, undefined],
    ] as const) {
      for (const desc of [false, true]) {
        const sorted = strip(await readAllPages<Call>(get, path, ALL_DAYS, { sorting: [{ id: column, desc }] }));
        expect(sorted, `${column} ${desc}`).toEqual([...rows].sort(thenBy(comparing(value, desc, compare), tie)));
      }
    }
    const digits = (text: string) => text.replace(/\D/g, '');
    for (const value of ['0199', '(864) 555-01', '803']) {
      const filtered = strip(
        await readAllPages<Call>(get, path, ALL_DAYS, { filters: [{ id: 'phone_number', value }] }),
      );
      expect(filtered, value).toEqual(rows.filter((c) => digits(c.phone_number).includes(digits(value))));
      expect(filtered.length).toBeGreaterThan(0);
    }
    expect(await readAllPages(get, path, ALL_DAYS, { filters: [{ id: 'phone_number', value: 'nobody' }] })).toEqual([]);

    const csv = await readCsv(get, `${path}/csv`, RANGE);
    expect(csv.fileName).toBe(`${FILE_PREFIX}_PhoneCalls_2026-11-01_2026-11-14.csv`);
    expect(csv.header).toEqual(['Caller', 'Date', 'Duration (m:ss)']);
    const m_ss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
    // Callers in E.164-like form start with '+': the CSV escapes them like any formula text (issue 18).
    const escaped = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
    expect(csv.rows).toEqual(
      expected(RANGE).map((c) => [escaped(c.phone_number), usDateTime(c.datetime), m_ss(c.duration)]),
    );
    expect(csv.rows.some((r) => r[0]!.startsWith("'+"))).toBe(true);
    expect(csv.rows.map((r) => r[2])).toContain('62:05');
    expect(csv.rows.some((r) => r[1]!.startsWith('11/14/2026 '))).toBe(true);
    // The time of day is there (issue 20 §3), e.g. '11/14/2026 9:05 AM'.
    expect(csv.rows.every((r) => /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/.test(r[1]!))).toBe(true);
  });
});

describe('keywords', () => {
  type Keyword = {
    keyword_id: number;
    keyword: string;
    impressions: number;
    clicks: number;
    ctr: number | null;
    impression_share: number | null;
    click_share: number | null;
  };
  const path = `/campaigns/search/${FIXTURE.sem}/keywords`;
  const weights = new Map<number, { is: number | null; cs: number | null }>();
  function expected(range: Range): Keyword[] {
    const rows = rowsIn('campaign_keywords', FIXTURE.sem, range);
    const weighted = (group: Row[], share: string) => {
      const known = group.filter((r) => r[share] !== '');
      const weight = known.reduce((s, r) => s + num(r.impressions), 0);
      const value = known.reduce((s, r) => s + num(r[share]) * num(r.impressions), 0);
      return { ratio: weight ? value / weight : null, percent: ctrPercent(value, weight) };
    };
    return [...new Set(rows.map((r) => Number(r.keyword_id)))]
      .map((id) => {
        const group = rows.filter((r) => Number(r.keyword_id) === id);
        const impressions = group.reduce((s, r) => s + num(r.impressions), 0);
        const clicks = group.reduce((s, r) => s + num(r.clicks), 0);
        const is = weighted(group, 'impression_share');
        const cs = weighted(group, 'click_share');
        weights.set(id, { is: is.ratio, cs: cs.ratio });
        return {
          keyword_id: id,
          keyword: group.find((r) => r.keyword)?.keyword ?? String(id),
          impressions,
          clicks,
          ctr: ctrPercent(clicks, impressions),
          impression_share: is.percent,
          click_share: cs.percent,
        };
      })
      .sort((a, b) => b.impressions - a.impressions || a.keyword_id - b.keyword_id);
  }

  it('sums keywords with impression-weighted shares; pages, sorts, filters and exports', async () => {
    const rows = expected(RANGE);
    expect(rows.find((k) => k.keyword_id === 40)!.keyword).toBe('40');
    expect(rows.some((k) => k.impression_share !== null)).toBe(true);
    keywordsPageSchema.parse((await get(`${path}${queryString(RANGE)}`)).json());
    await checkTable(
      path,
      RANGE,
      rows,
      {
        keyword: [(k) => k.keyword, compareText],
        impressions: [(k) => k.impressions],
        clicks: [(k) => k.clicks],
        ctr: [(k) => (k.impressions ? k.clicks / k.impressions : null)],
        impression_share: [(k) => weights.get(k.keyword_id)!.is],
        click_share: [(k) => weights.get(k.keyword_id)!.cs],
      },
      comparing((k: Keyword) => k.keyword_id, false),
    );
    expect(await readAllPages(get, path, RANGE, { filters: [{ id: 'keyword', value: 'Dealer' }] })).toEqual(
      rows.filter((k) => k.keyword.includes('dealer')),
    );
    const csv = await readCsv(get, `${path}/csv`, RANGE);
    expect(csv.fileName).toBe('Fixture_SEM_Keywords_2026-11-01_2026-11-14.csv');
    expect(csv.header).toEqual([
      'Keyword',
      'Impressions',
      'Clicks',
      'CTR (%)',
      'Impression Share (%)',
      'Click Share (%)',
    ]);
    expect(csv.rows).toEqual(
      rows.map((k) => [
        k.keyword,
        String(k.impressions),
        String(k.clicks),
        percentText(k.ctr),
        percentText(k.impression_share),
        percentText(k.click_share),
      ]),
    );
  });
});

describe('leads', () => {
  type Lead = {
    lead_id: string;
    datetime: string;
    lead_type: string;
    contact_name: string | null;
    vehicle_vin: string | null;
    status: string | null;
  };
  const path = `/campaigns/${FIXTURE.sem}/leads`;
  function expected(range: Range): Lead[] {
    return ofCampaign(readFixture('campaign_leads'), FIXTURE.sem)
      .filter((l) => inRange(localDay(l.datetime!, agencyTimeZone()), range))
      .map((l) => ({
        lead_id: l.lead_id!,
        datetime: new Date(l.datetime!).toISOString().replace('.000Z', 'Z'),
        lead_type: l.lead_type!,
        contact_name: l.contact_name || null,
        vehicle_vin: l.vehicle_vin ? l.vehicle_vin.toUpperCase() : null,
        status: l.status || null,
      }))
      .sort((a, b) => compareRaw(b.datetime, a.datetime) || compareRaw(a.lead_id, b.lead_id));
  }

  it('lists leads of the range’s local days newest first; pages, sorts, filters and exports', async () => {
    const rows = expected(RANGE);
    expect(rows.map((l) => l.lead_id)).toEqual(['fx-lead-4', 'fx-lead-3', 'fx-lead-6', 'fx-lead-2']);
    leadsPageSchema.parse((await get(`${path}${queryString(RANGE)}`)).json());
    await checkTable(
      path,
      RANGE,
      rows,
      {
        datetime: [(l) => l.datetime, compareRaw],
        lead_type: [(l) => l.lead_type, compareText],
        contact_name: [(l) => l.contact_name, compareText],
        status: [(l) => l.status, compareText],
      },
      comparing((l: Lead) => l.lead_id, false, compareRaw),
    );
    expect(await readAllPages(get, path, RANGE, { filters: [{ id: 'lead_type', value: 'FORM' }] })).toEqual(
      rows.filter((l) => l.lead_type.toLowerCase() === 'form'),
    );
    expect(await readAllPages(get, path, RANGE, { filters: [{ id: 'status', value: ['contacted', 'sold'] }] })).toEqual(
      rows.filter((l) => ['contacted', 'sold'].includes(l.status!.toLowerCase())),
    );
    const csv = await readCsv(get, `${path}/csv`, RANGE);
    expect(csv.fileName).toBe('Fixture_SEM_Leads_2026-11-01_2026-11-14.csv');
    expect(csv.header).toEqual(['Date', 'Type', 'Contact', 'Vehicle VIN', 'Status']);
    expect(csv.rows).toEqual(
      rows.map((l) => [usDate(l.datetime), l.lead_type, l.contact_name ?? '', l.vehicle_vin ?? '', l.status ?? '']),
    );
  });
});
