import type { ByteRangeSpec } from './types';

/**
 * Parses an HTTP `Range` header (RFC 9110 §14.1.2) into one byte range. Returns undefined when
 * there is no header, or when it is not a single `bytes=` range (then the whole file is served,
 * as the RFC allows).
 */
export function parseRangeHeader(header: string | undefined): ByteRangeSpec | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return undefined;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? undefined : { start, end };
}

/** The inclusive bytes a range selects of an object of `size` bytes, or null when it selects none. */
export function resolveByteRange(
  range: ByteRangeSpec | undefined,
  size: number,
): { start: number; end: number } | null {
  if (!range) return size === 0 ? { start: 0, end: -1 } : { start: 0, end: size - 1 };
  if ('suffix' in range) {
    if (range.suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}
