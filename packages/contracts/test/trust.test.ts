import { describe, expect, it } from 'vitest';
import { campaignFreshness, computePacing, expectedThrough, freshnessLabel, nextDailyRun, nextRunEvery } from '../src';

const ZONE = 'America/Chicago';
const flight = { start: '2026-11-01', end: '2026-11-30' };

describe('expectedThrough (docs/trust.md "Stale")', () => {
  it('is yesterday from the stale hour on, the day before until then, never past the flight end', () => {
    // 2026-11-15 09:59 and 10:00 in Chicago (CST, UTC−6).
    expect(expectedThrough(new Date('2026-11-15T15:59:00Z'), ZONE, flight)).toBe('2026-11-13');
    expect(expectedThrough(new Date('2026-11-15T16:00:00Z'), ZONE, flight)).toBe('2026-11-14');
    expect(expectedThrough(new Date('2026-11-15T16:00:00Z'), ZONE, flight, 18)).toBe('2026-11-13');
    expect(expectedThrough(new Date('2026-12-20T16:00:00Z'), ZONE, flight)).toBe('2026-11-30');
    expect(expectedThrough(new Date('2026-11-01T16:00:00Z'), ZONE, flight)).toBeNull();
  });

  it('a source without data in a running flight is stale', () => {
    const f = campaignFreshness({
      source: 'meta',
      dataThrough: null,
      updatedAt: null,
      flight,
      now: new Date('2026-11-15T18:00:00Z'),
      timeZone: ZONE,
    });
    expect([f.stale, f.label]).toEqual([true, 'No data yet']);
  });

  it('stamps the update in the zone, with daylight time in summer', () => {
    expect(freshnessLabel('2026-07-04', new Date('2026-07-05T11:30:00Z'), ZONE)).toBe(
      'Data through Jul 4, 2026, updated 6:30 AM CDT',
    );
    expect(freshnessLabel('2026-07-04', new Date('2026-07-05T11:30:00Z'), 'Asia/Kolkata')).toBe(
      'Data through Jul 4, 2026, updated 5:00 PM GMT+5:30',
    );
  });
});

describe('nextDailyRun', () => {
  it('is the next 06:00 in the zone, across a daylight-saving change', () => {
    expect(nextDailyRun(new Date('2026-11-15T18:00:00Z'), 6, ZONE).toISOString()).toBe('2026-11-16T12:00:00.000Z');
    // 2026-11-01 is the end of daylight time: 05:00 CDT on Oct 31 → 06:00 CDT that day (11:00 UTC).
    expect(nextDailyRun(new Date('2026-10-31T10:00:00Z'), 6, ZONE).toISOString()).toBe('2026-10-31T11:00:00.000Z');
    expect(nextDailyRun(new Date('2026-10-31T12:00:00Z'), 6, ZONE).toISOString()).toBe('2026-11-01T12:00:00.000Z');
  });
});

describe('nextRunEvery', () => {
  it('is the next hour divisible by the period, on the hour in the zone', () => {
    // 12:00 CST on Nov 15 (18:00 UTC): hourly → 13:00 CST; every 6 hours → 18:00 CST; daily → next midnight.
    expect(nextRunEvery(new Date('2026-11-15T18:00:00Z'), 1, ZONE).toISOString()).toBe('2026-11-15T19:00:00.000Z');
    expect(nextRunEvery(new Date('2026-11-15T18:20:00Z'), 6, ZONE).toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(nextRunEvery(new Date('2026-11-15T18:20:00Z'), 24, ZONE).toISOString()).toBe('2026-11-16T06:00:00.000Z');
  });
});

describe('computePacing (docs/trust.md "Pacing")', () => {
  const base = {
    start: '2026-11-01',
    end: '2026-11-30',
    today: '2026-11-15',
    bookedImpressions: 300_000,
    budget: 3000,
    spendToDate: 0,
  };
  it('the band is inclusive at both ends', () => {
    expect(computePacing({ ...base, impressionsToDate: 133_000 })!.state).toBe('on_track'); // 95.0 %
    expect(computePacing({ ...base, impressionsToDate: 132_860 })!.state).toBe('under'); // 94.9 %
    expect(computePacing({ ...base, impressionsToDate: 147_000 })!.state).toBe('on_track'); // 105.0 %
    expect(computePacing({ ...base, impressionsToDate: 147_140 })!.state).toBe('over'); // 105.1 %
  });
  it('none before the flight starts or without a target; as of the flight end once it is over', () => {
    expect(computePacing({ ...base, today: '2026-11-01', impressionsToDate: 0 })).toBeNull();
    expect(computePacing({ ...base, bookedImpressions: null, budget: null, impressionsToDate: 5 })).toBeNull();
    const after = computePacing({ ...base, today: '2026-12-10', impressionsToDate: 300_000 })!;
    expect([after.as_of, after.elapsed_days, after.pace_percent, after.state]).toEqual([
      '2026-11-30',
      30,
      100,
      'on_track',
    ]);
  });
});
