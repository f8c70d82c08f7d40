import { impressionsByDayChart } from '@portal/report-charts';
import { describe, expect, it } from 'vitest';
import { chartRange } from './daily';

describe('daily chart days', () => {
  it('draws every day of the range, days without rows as zeros', () => {
    const range = chartRange({ startDate: '2026-11-01', endDate: '2026-11-03' }, '2026-11-22');
    const option = impressionsByDayChart([{ date: '2026-11-02', impressions: 10 }], { range });
    expect((option.xAxis as { data: string[] }).data).toEqual(['Nov 1', 'Nov 2', 'Nov 3']);
    expect((option.series as { data: number[] }[])[0]!.data).toEqual([0, 10, 0]);
  });

  it('stops at today: the future days of an active flight are not drawn as zeros', () => {
    expect(chartRange({ startDate: '2026-11-20', endDate: '2026-11-30' }, '2026-11-22')).toEqual({
      startDate: '2026-11-20',
      endDate: '2026-11-22',
    });
  });

  it('keeps a range that starts after today as it is', () => {
    expect(chartRange({ startDate: '2026-12-01', endDate: '2026-12-31' }, '2026-11-22')).toEqual({
      startDate: '2026-12-01',
      endDate: '2026-12-31',
    });
  });
});
