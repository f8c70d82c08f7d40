import { describe, expect, it } from 'vitest';
import { completeDailyPoints, completeReportDays } from './daily';

const day = (date: string, impressions: number) => ({ date, impressions, clicks: 1, ctr: 1 });

describe('daily chart days', () => {
  it('fills days without rows as zeros within the range', () => {
    const days = completeDailyPoints(
      [day('2026-11-02', 10)],
      { startDate: '2026-11-01', endDate: '2026-11-03' },
      '2026-11-22',
    );
    expect(days.map((d) => [d.date, d.impressions])).toEqual([
      ['2026-11-01', 0],
      ['2026-11-02', 10],
      ['2026-11-03', 0],
    ]);
  });

  it('stops at today: the future days of an active flight are not drawn as zeros', () => {
    const days = completeReportDays([], { startDate: '2026-11-20', endDate: '2026-11-30' }, '2026-11-22');
    expect(days.map((d) => d.date)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
  });

  it('keeps the rows as they are for a range that starts after today', () => {
    expect(completeDailyPoints([], { startDate: '2026-12-01', endDate: '2026-12-31' }, '2026-11-22')).toEqual([]);
  });
});
