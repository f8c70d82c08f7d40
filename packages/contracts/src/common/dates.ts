import * as z from 'zod';
import { isCalendarDate } from './calendar';

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date on the wire, `YYYY-MM-DD` (spec 001 §9), validated as a real day. */
export const isoDateSchema = z
  .string()
  .regex(isoDatePattern, 'Expected a date as YYYY-MM-DD')
  .refine(isCalendarDate, 'Not a calendar date');
export type IsoDate = z.infer<typeof isoDateSchema>;

/** An inclusive date range given as `startDate` / `endDate` query parameters (spec 000 §2.3). */
export const dateRangeQuerySchema = z
  .object({
    startDate: isoDateSchema,
    endDate: isoDateSchema,
  })
  .refine((range) => range.startDate <= range.endDate, {
    message: 'startDate must not be after endDate',
    path: ['endDate'],
  });
export type DateRangeQuery = z.infer<typeof dateRangeQuerySchema>;
