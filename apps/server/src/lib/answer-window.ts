/**
 * Answer windows: UTC-aligned half hours. An answer that depends on the current instant — "today"
 * in a dealership's time zone, a signed URL's expiry — is the same for every request inside one
 * window, so it can be kept for the window (plugins/external/http-cache.ts, docs/performance.md).
 * No US time zone has a local midnight inside a window: their offsets are whole or half hours.
 */
export const ANSWER_WINDOW_MS = 30 * 60_000;

/** The index of the window `instant` falls in (milliseconds since the epoch ÷ 30 min, floored). */
export function answerWindowOf(instant: Date): number {
  return Math.floor(instant.getTime() / ANSWER_WINDOW_MS);
}

/** The first instant of the window `instant` falls in, and the first instant after it. */
export function answerWindowBounds(instant: Date): { start: Date; end: Date } {
  const start = answerWindowOf(instant) * ANSWER_WINDOW_MS;
  return { start: new Date(start), end: new Date(start + ANSWER_WINDOW_MS) };
}
