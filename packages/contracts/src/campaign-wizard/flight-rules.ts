import { addDays, flightDays } from '../common/calendar';
import { formatDollars } from '../common/format';
import type { WizardProductCode } from './constants';

/**
 * Flight and budget rules of campaign creation (issue 25 item 5), the one place the server (draft
 * details step, both creation calls), the details form and docs/campaign-wizard.md take them from.
 *
 * - `minBudget`: the smallest budget (US dollars) the product runs on.
 * - `maxFlightDays`: the longest flight, counted in calendar days including the start and end day.
 */
export const productFlightLimits: Record<WizardProductCode, { minBudget: number; maxFlightDays: number }> = {
  VLA: { minBudget: 500, maxFlightDays: 365 },
  DYN: { minBudget: 500, maxFlightDays: 365 },
  INV: { minBudget: 500, maxFlightDays: 365 },
  DYD: { minBudget: 1000, maxFlightDays: 365 },
  MOB: { minBudget: 500, maxFlightDays: 180 },
  OTT: { minBudget: 2500, maxFlightDays: 180 },
  VID: { minBudget: 1000, maxFlightDays: 180 },
  AUD: { minBudget: 1000, maxFlightDays: 180 },
};

/** The largest budget of one campaign (US dollars), whatever the product: anything above is a typo. */
export const MAX_CAMPAIGN_BUDGET = 1_000_000;

/** Messages shown at the field (form) and in the API's 422 details. */
export const flightMessages = {
  startInPast: 'The start date cannot be in the past',
  endBeforeStart: 'The end date must be on or after the start date',
  tooLong: (days: number) => `This product runs at most ${days} days`,
  budgetTooLow: (min: number) => `The budget must be at least ${formatDollars(min)}`,
  budgetTooHigh: `The budget must be at most ${formatDollars(MAX_CAMPAIGN_BUDGET)}`,
  budgetNotANumber: 'Enter the budget as a plain amount, e.g. 5000',
} as const;

/** The last end date a flight starting on `start` may have for `product`. */
export function lastEndDate(product: WizardProductCode, start: string): string {
  return addDays(start, productFlightLimits[product].maxFlightDays - 1);
}

export interface FlightFields {
  start_date?: string | null;
  end_date?: string | null;
  budget?: number | null;
}
export type FlightFieldError = { path: 'start_date' | 'end_date' | 'budget'; message: string };

/**
 * The rule each given field breaks, with the field's path (empty: all good). `today` is
 * YYYY-MM-DD in the dealership's zone (`todayInZone` of common/calendar.ts). Fields that are null or absent are not
 * checked (whether they are required is the form's and the creation schema's business):
 * start before today; end before start; a flight longer than the product's `maxFlightDays`;
 * a budget that is not a finite number, under the product's `minBudget` or over `MAX_CAMPAIGN_BUDGET`.
 */
export function flightErrors(product: WizardProductCode, fields: FlightFields, today: string): FlightFieldError[] {
  const errors: FlightFieldError[] = [];
  const limits = productFlightLimits[product];
  const { start_date: start, end_date: end, budget } = fields;
  if (start && start < today) errors.push({ path: 'start_date', message: flightMessages.startInPast });
  if (start && end) {
    if (end < start) errors.push({ path: 'end_date', message: flightMessages.endBeforeStart });
    else if (flightDays(start, end) > limits.maxFlightDays)
      errors.push({ path: 'end_date', message: flightMessages.tooLong(limits.maxFlightDays) });
  }
  if (budget !== null && budget !== undefined) {
    if (!Number.isFinite(budget)) errors.push({ path: 'budget', message: flightMessages.budgetNotANumber });
    else if (budget < limits.minBudget)
      errors.push({ path: 'budget', message: flightMessages.budgetTooLow(limits.minBudget) });
    else if (budget > MAX_CAMPAIGN_BUDGET) errors.push({ path: 'budget', message: flightMessages.budgetTooHigh });
  }
  return errors;
}

/**
 * A budget as typed (digits, optional thousands commas, optional cents): the amount, or null for
 * anything else (exponents such as '1e9', signs, letters), which the form refuses at the field.
 */
export function parseBudgetInput(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^(\d{1,3}(,\d{3})*|\d+)(\.\d{1,2})?$/.test(trimmed)) return null;
  return Number(trimmed.replace(/,/g, ''));
}
