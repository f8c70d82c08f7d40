import { describe, expect, it } from 'vitest';
import { isoWeekday } from '@portal/contracts';
import { latestDueDate, nextDueDate } from '../../src/lib/schedule-dates';

describe('recurring report days', () => {
  it('weekly: Monday 1 … Sunday 7', () => {
    expect(isoWeekday('2026-11-16')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(latestDueDate('day', 1, '2026-11-16')).toBe('2026-11-16');
    expect(latestDueDate('day', 1, '2026-11-22')).toBe('2026-11-16');
    expect(latestDueDate('day', 7, '2026-11-16')).toBe('2026-11-15');
    expect(nextDueDate('day', 1, '2026-11-16')).toBe('2026-11-23');
    expect(nextDueDate('day', 3, '2026-12-29')).toBe('2026-12-30');
    expect(nextDueDate('day', 5, '2026-12-31')).toBe('2027-01-01');
  });
  it('monthly: the day, or the last day of a shorter month, across year ends', () => {
    expect(latestDueDate('month', 31, '2026-11-29')).toBe('2026-10-31');
    expect(latestDueDate('month', 31, '2026-11-30')).toBe('2026-11-30');
    expect(latestDueDate('month', 15, '2027-01-10')).toBe('2026-12-15');
    expect(nextDueDate('month', 31, '2027-01-31')).toBe('2027-02-28');
    expect(nextDueDate('month', 29, '2028-02-01')).toBe('2028-02-29');
    expect(nextDueDate('month', 1, '2026-12-01')).toBe('2027-01-01');
  });
});
