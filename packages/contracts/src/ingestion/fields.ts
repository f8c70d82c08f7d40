import * as z from 'zod';
import { isoDateSchema } from '../common/dates';

/**
 * Field parsers for ingestion rows. CSV cells arrive as strings and JSON values as their own
 * types; both are accepted. An empty cell means "no value" (null) where a field is optional.
 */
const emptyToUndefined = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : value;

const toNumber = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value);

export const int = () =>
  z.preprocess(toNumber, z.number({ error: 'Expected a whole number' }).int('Expected a whole number'));
export const nonNegativeInt = () =>
  z.preprocess(
    toNumber,
    z.number({ error: 'Expected a whole number' }).int('Expected a whole number').min(0, 'Must not be negative'),
  );
export const optionalNonNegativeInt = () =>
  z.preprocess(emptyToUndefined, nonNegativeInt().optional()).transform((v) => v ?? null);
export const countDefaultZero = () =>
  z.preprocess(emptyToUndefined, nonNegativeInt().optional()).transform((v) => v ?? 0);
export const optionalInt = () => z.preprocess(emptyToUndefined, int().optional()).transform((v) => v ?? null);
export const money = () =>
  z.preprocess(toNumber, z.number({ error: 'Expected an amount in dollars' }).min(0, 'Must not be negative').max(1e12));
export const optionalMoney = () => z.preprocess(emptyToUndefined, money().optional()).transform((v) => v ?? null);
/** Dollars that may be negative (a deal's gross can be a loss); empty is null. */
export const optionalSignedMoney = () =>
  z
    .preprocess(
      emptyToUndefined,
      z.preprocess(toNumber, z.number({ error: 'Expected an amount in dollars' }).min(-1e12).max(1e12)).optional(),
    )
    .transform((v) => v ?? null);
export const moneyDefaultZero = () => z.preprocess(emptyToUndefined, money().optional()).transform((v) => v ?? 0);
export const text = (max = 255) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().min(1, 'Required').max(max));
export const optionalText = (max = 255) =>
  z
    .preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(max).optional().nullable())
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));
export const date = () => isoDateSchema;
export const flag = () =>
  z.preprocess(
    (v) => {
      if (v === '' || v === undefined || v === null) return false;
      if (typeof v === 'boolean') return v;
      if (v === 1 || v === '1' || v === 'true' || v === 'TRUE') return true;
      if (v === 0 || v === '0' || v === 'false' || v === 'FALSE') return false;
      return v;
    },
    z.boolean({ error: 'Expected 0 or 1' }),
  );
export const zipCode = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v).padStart(5, '0') : v),
    z.string().regex(/^\d{5}$/, 'Expected a 5-digit ZIP code'),
  );
export const optionalZip = () => z.preprocess(emptyToUndefined, zipCode().optional()).transform((v) => v ?? null);

/** A share as a fraction 0–1 (e.g. search impression share 0.42); empty means unknown. */
export const optionalFraction = () =>
  z
    .preprocess(
      emptyToUndefined,
      z.preprocess(toNumber, z.number({ error: 'Expected a fraction from 0 to 1' }).min(0).max(1)).optional(),
    )
    .transform((v) => v ?? null);
export const latitude = () => z.preprocess(toNumber, z.number({ error: 'Expected a latitude' }).min(-90).max(90));
export const longitude = () => z.preprocess(toNumber, z.number({ error: 'Expected a longitude' }).min(-180).max(180));
