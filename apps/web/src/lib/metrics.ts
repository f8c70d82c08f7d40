import { formatInteger, NOT_AVAILABLE } from '@portal/contracts';

/** Products whose clicks are not measured: Digital Out-of-Home (spec 000 §2.3). */
const PRODUCTS_WITHOUT_CLICKS = new Set(['DOH']);

export function hasClicks(productCode: string): boolean {
  return !PRODUCTS_WITHOUT_CLICKS.has(productCode.toUpperCase());
}

/** Clicks as shown on screen: 'N/A' for products without clicks. */
export function formatClicksFor(productCode: string, clicks: number | null | undefined): string {
  return hasClicks(productCode) ? formatInteger(clicks) : NOT_AVAILABLE;
}
