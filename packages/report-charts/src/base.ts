import type { BuildOptions, ChartOption } from './types';

/** The portal's chart colours (Mantine blue, green, yellow, red, violet, cyan). */
export const CHART_COLORS = ['#228be6', '#40c057', '#fab005', '#fa5252', '#7950f2', '#15aabf'] as const;

/** Female and male series colours of the demographics chart. */
export const FEMALE_COLOR = '#e64980';
export const MALE_COLOR = '#228be6';

export const TEXT_COLOR = '#495057';
export const AXIS_LINE_COLOR = '#dee2e6';
export const MAP_AREA_COLOR = '#f1f3f5';
export const MAP_BORDER_COLOR = '#adb5bd';

const FONT_FAMILY =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-03-04' → 'Mar 4' (the spec's short date format, 'MMM D'). Other text is returned as is. */
export function shortDateLabel(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `${month} ${Number(match[3])}` : date;
}

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 1234567 → '1,234,567' (labels are static text, so options stay plain JSON). */
export function groupDigits(value: number): string {
  return grouping.format(value);
}

/**
 * A long category label on lines of at most `maxChars` characters, broken after a hyphen (then at a
 * space when one part is longer still): 'Greenville-Spartanburg-Asheville-Anderson' →
 * 'Greenville-Spartanburg-\nAsheville-Anderson'. Names are shown whole, never cut to 'Greenville-Sp…'.
 */
export function wrapLabel(text: string, maxChars = 26): string {
  if (text.length <= maxChars) return text;
  const pack = (tokens: readonly string[]) => {
    const lines: string[] = [];
    let line = '';
    for (const token of tokens) {
      if (line && (line + token).trimEnd().length > maxChars) {
        lines.push(line.trimEnd());
        line = token;
      } else line += token;
    }
    if (line.trim()) lines.push(line.trimEnd());
    return lines;
  };
  return pack(text.match(/[^-]+-?|-/g) ?? [text])
    .flatMap((line) => (line.length > maxChars ? pack(line.match(/\S+\s*/g) ?? [line]) : [line]))
    .join('\n');
}

/** Rounds to `decimals` places, as the contracts' rules do. */
export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * factor) / factor;
}

/** The settings every option starts from. */
export function baseOption(options: BuildOptions = {}): ChartOption {
  return {
    animation: options.animation ?? true,
    color: [...CHART_COLORS],
    textStyle: { fontFamily: FONT_FAMILY, color: TEXT_COLOR },
  };
}

/** A grid whose margins contain the axis labels (ECharts 6: `outerBoundsMode: 'same'`). */
export function gridLayout(margins: { top?: number; right?: number; bottom?: number; left?: number } = {}) {
  return {
    left: margins.left ?? 8,
    right: margins.right ?? 16,
    top: margins.top ?? 16,
    bottom: margins.bottom ?? 8,
    outerBoundsMode: 'same' as const,
    outerBoundsContain: 'axisLabel' as const,
  };
}

export const valueAxisStyle = {
  axisLabel: { color: TEXT_COLOR },
  splitLine: { lineStyle: { color: AXIS_LINE_COLOR, type: 'dashed' as const } },
};

export const categoryAxisStyle = {
  axisLine: { lineStyle: { color: AXIS_LINE_COLOR } },
  axisTick: { show: false },
  axisLabel: { color: TEXT_COLOR },
};

/** The `limit` largest rows by `value`, largest first; ties keep their input order. */
export function topRows<T>(rows: readonly T[], value: (row: T) => number, limit = 5): T[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => value(b.row) - value(a.row) || a.index - b.index)
    .slice(0, Math.max(0, limit))
    .map(({ row }) => row);
}
