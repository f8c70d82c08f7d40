import * as z from 'zod';
import { addDays, flightDays, type CalendarDay } from '../common/calendar';
import { isoDateSchema } from '../common/dates';

/** The on-track band of pace % (docs/trust.md "Pacing"); an agency may set its own. */
export const DEFAULT_PACING_BAND = { low: 95, high: 105 } as const;

export const pacingBandSchema = z.object({ low: z.number(), high: z.number() });
export type PacingBand = z.infer<typeof pacingBandSchema>;

export const pacingStateSchema = z.enum(['under', 'on_track', 'over']);
export type PacingState = z.infer<typeof pacingStateSchema>;

export const pacingStateLabels: Record<PacingState, string> = {
  under: 'Under-pacing',
  on_track: 'On track',
  over: 'Over-pacing',
};

/**
 * Pacing of an active campaign with booked impressions or a budget (docs/trust.md "Pacing").
 * `basis` is what the target counts: booked impressions when the campaign has them, else the
 * budget (spend). Delivery to date runs from the flight start through `as_of` (yesterday in the
 * dealership's zone, or the flight end when earlier). Money in dollars; pace % to one decimal.
 */
export const pacingSchema = z.object({
  basis: z.enum(['impressions', 'spend']),
  as_of: isoDateSchema,
  flight_days: z.number().int(),
  elapsed_days: z.number().int(),
  target: z.number(),
  expected_to_date: z.number(),
  actual_to_date: z.number(),
  pace_percent: z.number(),
  projected_impressions: z.number(),
  projected_spend: z.number(),
  state: pacingStateSchema,
  band: pacingBandSchema,
});
export type Pacing = z.infer<typeof pacingSchema>;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * The pacing formula (docs/trust.md): with N flight days and e days elapsed through `as_of`,
 * expected = target × e / N; pace % = actual ÷ expected × 100; projected = to-date ÷ e × N.
 * Null when the campaign has no target or has not started (e = 0).
 */
export function computePacing(input: {
  start: CalendarDay;
  end: CalendarDay;
  today: CalendarDay;
  bookedImpressions: number | null;
  budget: number | null;
  impressionsToDate: number;
  spendToDate: number;
  band?: PacingBand;
}): Pacing | null {
  const band = input.band ?? DEFAULT_PACING_BAND;
  const yesterday = addDays(input.today, -1);
  const asOf = input.end < yesterday ? input.end : yesterday;
  if (asOf < input.start) return null;
  const basis = input.bookedImpressions && input.bookedImpressions > 0 ? 'impressions' : 'spend';
  const target = basis === 'impressions' ? input.bookedImpressions! : (input.budget ?? 0);
  if (!(target > 0)) return null;
  const total = flightDays(input.start, input.end);
  const elapsed = flightDays(input.start, asOf);
  const expected = (target * elapsed) / total;
  const actual = basis === 'impressions' ? input.impressionsToDate : input.spendToDate;
  const pace = round((actual / expected) * 100, 1);
  return {
    basis,
    as_of: asOf,
    flight_days: total,
    elapsed_days: elapsed,
    target,
    expected_to_date: round(expected, 2),
    actual_to_date: round(actual, 2),
    pace_percent: pace,
    projected_impressions: Math.round((input.impressionsToDate / elapsed) * total),
    projected_spend: round((input.spendToDate / elapsed) * total, 2),
    state: pace < band.low ? 'under' : pace > band.high ? 'over' : 'on_track',
    band: { low: band.low, high: band.high },
  };
}
