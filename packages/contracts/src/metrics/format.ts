/**
 * Display formatting shared by screens and exports. Numbers use US English grouping; a `null`
 * value is shown as 'N/A' (spec 000 §2.3, §9).
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

/** A percent value already in percent units, two decimals: 2.5 → '2.50%'. */
export function formatPercent(value: number | null | undefined, decimals = 2): string {
  return value === null || value === undefined ? NOT_AVAILABLE : `${value.toFixed(decimals)}%`;
}
