/**
 * The business rules of spec 000 §9 in one place, used by the web app, the server and exports.
 * Every function returns `null` where the spec shows 'N/A': a missing value or a zero denominator.
 */

function ratio(numerator: number | null | undefined, denominator: number | null | undefined): number | null {
  if (numerator === null || numerator === undefined || denominator === null || denominator === undefined) return null;
  if (!Number.isFinite(numerator) || !Number.isFinite(denominator) || denominator === 0) return null;
  return numerator / denominator;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * factor) / factor;
}

/** Click-through rate as a percent rounded to two decimals (clicks 25, impressions 1,000 → 2.5). */
export function ctrPercent(clicks: number | null | undefined, impressions: number | null | undefined): number | null {
  const value = ratio(clicks, impressions);
  return value === null ? null : round(value * 100, 2);
}

/** View-through rate (views ÷ impressions) as a percent rounded to two decimals (spec 001 §9). */
export function vtrPercent(views: number | null | undefined, impressions: number | null | undefined): number | null {
  const value = ratio(views, impressions);
  return value === null ? null : round(value * 100, 2);
}

/** Frequency = impressions ÷ reach, to two decimals. */
export function frequency(impressions: number | null | undefined, reach: number | null | undefined): number | null {
  const value = ratio(impressions, reach);
  return value === null ? null : round(value, 2);
}

/** Delivery = impressions ÷ booked impressions, as a percent to one decimal. */
export function deliveryPercent(
  impressions: number | null | undefined,
  bookedImpressions: number | null | undefined,
): number | null {
  const value = ratio(impressions, bookedImpressions);
  return value === null ? null : round(value * 100, 1);
}

/** Average time to convert, in days: '<1 day' below 1, otherwise whole days ('3 days'). */
export function timeToConvertLabel(days: number | null | undefined): string | null {
  if (days === null || days === undefined || !Number.isFinite(days) || days < 0) return null;
  if (days < 1) return '<1 day';
  const whole = Math.floor(days);
  return whole === 1 ? '1 day' : `${whole} days`;
}

/** The conversion tag id that counts as page views (spec 000 §9). */
export const PAGE_VIEW_TAG_ID = 4;

/** How many entries the DMA, key page and UTM charts show (spec 000 §9). */
export const TOP_ENTRIES = 5;

/** Report table page size (spec 000 §9). */
export const REPORT_PAGE_SIZE = 10;

/** Toast duration in milliseconds (spec 000 §9). */
export const TOAST_DURATION_MS = 5000;

/** Maximum layout width in pixels (spec 000 §9). */
export const LAYOUT_MAX_WIDTH = 1920;

/** Video completion rate at a quartile (video_N ÷ impressions) as a percent to two decimals. */
export function completionPercent(
  completions: number | null | undefined,
  impressions: number | null | undefined,
): number | null {
  const value = ratio(completions, impressions);
  return value === null ? null : round(value * 100, 2);
}

/**
 * The first `https://` URL of an inventory `image_url` field, which may hold several URLs separated
 * by `|`, `||||`, a comma or a semicolon (docs/ingestion.md); null when there is none. Plain
 * `http://` URLs are skipped: the portal's pages are served over HTTPS.
 */
export function firstHttpsImageUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  for (const part of value.split(/\|{4}|[|,;]/)) {
    const candidate = part.trim();
    if (!/^https:\/\/\S+$/i.test(candidate)) continue;
    try {
      new URL(candidate);
      return candidate;
    } catch {
      // not a URL: try the next one
    }
  }
  return null;
}
