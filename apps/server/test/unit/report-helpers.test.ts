import { describe, expect, it } from 'vitest';
import { completionPercent, firstHttpsImageUrl } from '@portal/contracts';
import { csvFileName, formatDuration, formatUsDate, formatUsLocalDate } from '../../src/lib/csv';
import { inSlices } from '../../src/repositories/campaign-reports/table';
import { prorateBudget } from '../../src/repositories/campaign-reports/report';

describe('firstHttpsImageUrl', () => {
  it('takes the first https URL of a field separated by |, ||||, commas or semicolons', () => {
    expect(firstHttpsImageUrl('http://a.test/1.jpg||||https://b.test/2.jpg|https://c.test/3.jpg')).toBe(
      'https://b.test/2.jpg',
    );
    expect(firstHttpsImageUrl('https://a.test/1.jpg,https://b.test/2.jpg')).toBe('https://a.test/1.jpg');
    expect(firstHttpsImageUrl(' ftp://x.test/a ; HTTPS://b.test/2.jpg ')).toBe('HTTPS://b.test/2.jpg');
    expect(firstHttpsImageUrl('https://a.test/1.jpg')).toBe('https://a.test/1.jpg');
    expect(firstHttpsImageUrl('http://a.test/1.jpg|//b.test/2.jpg|https://')).toBeNull();
    expect(firstHttpsImageUrl('')).toBeNull();
    expect(firstHttpsImageUrl(null)).toBeNull();
  });

  it('completion rates are percents of impressions to two decimals', () => {
    expect(completionPercent(1, 3)).toBe(33.33);
    expect(completionPercent(0, 0)).toBeNull();
  });
});

describe('CSV helpers', () => {
  it('names files from the campaign, table and range with unsafe characters replaced', () => {
    expect(csvFileName('Fixture DYD: All/On "Settings"', 'Vehicles', '2026-11-01', '2026-11-14')).toBe(
      'Fixture_DYD_All_On_Settings_Vehicles_2026-11-01_2026-11-14.csv',
    );
    expect(csvFileName('../../etc\\passwd\r\n', 'PhoneCalls', '2026-01-01', '2026-01-31')).toBe(
      'etc_passwd_PhoneCalls_2026-01-01_2026-01-31.csv',
    );
    expect(csvFileName('Café Müller', 'Keywords', '2026-01-01', '2026-01-02')).toBe(
      'Cafe_Muller_Keywords_2026-01-01_2026-01-02.csv',
    );
    expect(csvFileName('"""', 'Leads', '2026-01-01', '2026-01-02')).toBe('campaign_Leads_2026-01-01_2026-01-02.csv');
  });

  it('formats dates as MM/DD/YYYY (local day for instants) and durations as m:ss', () => {
    expect(formatUsDate('2026-11-05')).toBe('11/05/2026');
    expect(formatUsLocalDate('2026-11-15T05:30:00Z', 'America/Chicago')).toBe('11/14/2026');
    expect(formatUsLocalDate('2026-11-15T05:30:00Z', 'UTC')).toBe('11/15/2026');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(9)).toBe('0:09');
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(3725)).toBe('62:05');
  });

  it('reads a table in slices until a short slice, never all at once', async () => {
    const rows = Array.from({ length: 1203 }, (_, i) => i);
    const asked: Array<{ limit: number; offset: number }> = [];
    const seen: number[][] = [];
    for await (const slice of inSlices(async (s) => {
      asked.push(s);
      return rows.slice(s.offset, s.offset + s.limit);
    }, 500))
      seen.push(slice);
    expect(asked).toEqual([
      { limit: 500, offset: 0 },
      { limit: 500, offset: 500 },
      { limit: 500, offset: 1000 },
    ]);
    expect(seen.map((s) => s.length)).toEqual([500, 500, 203]);
    expect(seen.flat()).toEqual(rows);
    const exact: number[][] = [];
    for await (const slice of inSlices(async (s) => rows.slice(0, 1000).slice(s.offset, s.offset + s.limit), 500))
      exact.push(slice);
    expect(exact.map((s) => s.length)).toEqual([500, 500]);
  });
});

describe('prorateBudget', () => {
  const campaign = { startDate: '2026-11-01', endDate: '2026-11-30', budget: 3000, demandLocalNet: null };
  it('prorates by the range days inside the flight, to cents', () => {
    expect(prorateBudget(campaign, { startDate: '2026-11-01', endDate: '2026-11-10' })).toEqual({
      gross_revenue: 1000,
      demand_local_net: null,
    });
    expect(prorateBudget(campaign, { startDate: '2026-10-01', endDate: '2026-12-31' }).gross_revenue).toBe(3000);
    expect(prorateBudget(campaign, { startDate: '2026-11-30', endDate: '2026-12-05' }).gross_revenue).toBe(100);
    expect(prorateBudget(campaign, { startDate: '2026-12-01', endDate: '2026-12-05' }).gross_revenue).toBe(0);
    expect(
      prorateBudget({ ...campaign, budget: 1000 }, { startDate: '2026-11-01', endDate: '2026-11-01' }).gross_revenue,
    ).toBe(33.33);
  });
});
