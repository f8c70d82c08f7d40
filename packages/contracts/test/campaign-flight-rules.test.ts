import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  flightDays,
  flightErrors,
  flightMessages,
  lastEndDate,
  MAX_CAMPAIGN_BUDGET,
  parseBudgetInput,
  productFlightLimits,
  todayInZone,
  wizardProductCodes,
} from '../src';

describe('todayInZone (issue 25 item 5: today in the dealership zone)', () => {
  it('is the calendar day of the instant in the zone, on both sides of midnight', () => {
    // 03:30 UTC on Nov 15 is still Nov 14 in Chicago (21:30), New York (22:30) and Los Angeles (19:30).
    const lateUtcNight = new Date('2026-11-15T03:30:00Z');
    expect(todayInZone(lateUtcNight, 'America/Chicago')).toBe('2026-11-14');
    expect(todayInZone(lateUtcNight, 'America/New_York')).toBe('2026-11-14');
    expect(todayInZone(lateUtcNight, 'America/Los_Angeles')).toBe('2026-11-14');
    expect(todayInZone(lateUtcNight, 'UTC')).toBe('2026-11-15');
    expect(todayInZone(lateUtcNight, 'Asia/Tokyo')).toBe('2026-11-15');
    // Noon in Chicago is the same day everywhere in the US.
    const noonChicago = new Date('2026-11-15T18:00:00Z');
    for (const zone of ['America/Chicago', 'America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu'])
      expect(todayInZone(noonChicago, zone)).toBe('2026-11-15');
    // 05:59 UTC is 23:59 in Chicago; 06:00 UTC is midnight there.
    expect(todayInZone(new Date('2026-11-15T05:59:59Z'), 'America/Chicago')).toBe('2026-11-14');
    expect(todayInZone(new Date('2026-11-15T06:00:00Z'), 'America/Chicago')).toBe('2026-11-15');
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(todayInZone(new Date('2026-11-15T03:30:00Z'), 'Nowhere/Atlantis')).toBe('2026-11-15');
  });
});

describe('flightErrors (issue 25 item 5)', () => {
  const today = '2026-11-15';

  it('accepts a flight from today within the product limits', () => {
    for (const product of wizardProductCodes) {
      const { minBudget, maxFlightDays } = productFlightLimits[product];
      expect(
        flightErrors(product, { start_date: today, end_date: lastEndDate(product, today), budget: minBudget }, today),
      ).toEqual([]);
      expect(flightDays(today, lastEndDate(product, today))).toBe(maxFlightDays);
      expect(flightErrors(product, { budget: MAX_CAMPAIGN_BUDGET }, today)).toEqual([]);
    }
  });

  it('refuses each impossible value at its field', () => {
    const check = (fields: object) => flightErrors('MOB', fields, today);
    expect(check({ start_date: '2020-01-15', end_date: '2020-01-20' })).toEqual([
      { path: 'start_date', message: flightMessages.startInPast },
    ]);
    expect(check({ start_date: '2026-11-14' })).toEqual([{ path: 'start_date', message: flightMessages.startInPast }]);
    expect(check({ start_date: '2026-11-20', end_date: '2026-11-19' })).toEqual([
      { path: 'end_date', message: flightMessages.endBeforeStart },
    ]);
    expect(check({ start_date: today, end_date: '2027-05-14' })).toEqual([
      { path: 'end_date', message: flightMessages.tooLong(180) },
    ]);
    for (const budget of [1, 0, -50, 499.99])
      expect(check({ budget })).toEqual([{ path: 'budget', message: flightMessages.budgetTooLow(500) }]);
    expect(check({ budget: 1e9 })).toEqual([{ path: 'budget', message: flightMessages.budgetTooHigh }]);
    expect(check({ budget: Number.NaN })).toEqual([{ path: 'budget', message: flightMessages.budgetNotANumber }]);
    expect(flightMessages.budgetTooLow(2500)).toBe('The budget must be at least $2,500');
  });

  it('judges the start against today in the dealership zone, not UTC', () => {
    // 03:30 UTC on Nov 15: a Chicago dealership may still start on Nov 14.
    const now = new Date('2026-11-15T03:30:00Z');
    const chicago = todayInZone(now, 'America/Chicago');
    expect(flightErrors('VLA', { start_date: '2026-11-14' }, chicago)).toEqual([]);
    expect(flightErrors('VLA', { start_date: '2026-11-14' }, todayInZone(now, 'UTC'))).toHaveLength(1);
  });

  it('ignores absent fields', () => {
    expect(flightErrors('OTT', {}, today)).toEqual([]);
    expect(flightErrors('OTT', { start_date: null, end_date: '2020-01-01', budget: null }, today)).toEqual([]);
  });
});

describe('parseBudgetInput (issue 25 item 5: no exponent or negative input)', () => {
  it('reads plain amounts with optional $, thousands commas and cents', () => {
    expect(parseBudgetInput('5000')).toBe(5000);
    expect(parseBudgetInput('$5,000.50')).toBe(5000.5);
    expect(parseBudgetInput(' 12000 ')).toBe(12000);
  });
  it('refuses exponents, signs and other text', () => {
    for (const text of ['1e9', '-50', '+50', '5,00', '5.001', 'abc', '', '$', '1 000'])
      expect(parseBudgetInput(text), text).toBeNull();
  });
});

describe('docs/campaign-wizard.md', () => {
  it('documents the limits of every product as the code has them', () => {
    const doc = fs.readFileSync(new URL('../../../docs/campaign-wizard.md', import.meta.url), 'utf8');
    for (const product of wizardProductCodes) {
      const { minBudget, maxFlightDays } = productFlightLimits[product];
      expect(doc).toContain(`| ${product} | ${minBudget} | ${maxFlightDays} |`);
    }
    expect(doc).toContain(`$${MAX_CAMPAIGN_BUDGET.toLocaleString('en-US')}`);
  });
});
