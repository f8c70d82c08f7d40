/**
 * The portal's one number formatter (issue 19 §4), shared by screens, exports, PDFs and messages:
 * integers, money (dollars and cents) and percentages. Numbers use US English grouping; a `null`
 * value is shown as 'N/A' (spec 000 §2.3, §9). Dates and durations are formatted by ./calendar.
 */
export const NOT_AVAILABLE = 'N/A';

const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const currencyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const compactFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** 1234567 → '1,234,567'. */
export function formatInteger(value: number | null | undefined): string {
  return value === null || value === undefined ? NOT_AVAILABLE : integerFormat.format(value);
}

/** 1234567 → '1.2M'. */
export function formatCompact(value: number | null | undefined): string {
  return value === null || value === undefined ? NOT_AVAILABLE : compactFormat.format(value);
}

/** Dollars: 5000 → '$5,000.00'. */
export function formatCurrency(value: number | null | undefined): string {
  return value === null || value === undefined ? NOT_AVAILABLE : currencyFormat.format(value);
}

const dollarFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * Dollars as typed amounts and budgets show them, cents only when there are any:
 * 5000 → '$5,000', 1234.5 → '$1,234.5', 1000000 → '$1,000,000'.
 */
export function formatDollars(value: number): string {
  return `$${dollarFormat.format(value)}`;
}

/** An amount held in cents, as dollars with cents: 123456 → '$1,234.56'. */
export function formatCents(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? NOT_AVAILABLE : currencyFormat.format(cents / 100);
}

/** A percent value already in percent units, two decimals: 2.5 → '2.50%'. */
export function formatPercent(value: number | null | undefined, decimals = 2): string {
  return value === null || value === undefined ? NOT_AVAILABLE : `${value.toFixed(decimals)}%`;
}
