import type { EChartsOption } from 'echarts';

/**
 * An ECharts option object. Every builder returns plain data (no functions), so an option can be
 * serialised, compared in tests and rendered on the server (`ssr: true`, SVG) for PDFs.
 */
export type ChartOption = EChartsOption;

/** Options every builder takes. */
export interface BuildOptions {
  /** ECharts animation; turn it off for screenshots and PDFs. Default true. */
  animation?: boolean;
}

/** Options of the daily charts. */
export interface DailyChartOptions extends BuildOptions {
  /** Line (default) or bar. */
  kind?: 'line' | 'bar';
  /**
   * The days drawn: every day of it, a day without a row as zero (counts) or a gap (ratios). Pass
   * `drawnRange(selected range, today)`. Without it, the days from the first row's to the last's.
   */
  range?: DailyRange;
  /**
   * Notes to mark (issue 21 §4): a dashed vertical line on each day of the drawn range that has
   * notes, labelled with the notes' numbers (`label`, e.g. '2' or '2,3', the numbers of the list
   * under the chart), the notes' text in the marker's tooltip. Days outside the drawn range are left out.
   */
  annotations?: readonly ChartAnnotation[];
}

/** A note on a day of a daily chart: its number in the list under the chart and its text. */
export interface ChartAnnotation {
  date: IsoDate;
  label: string;
  text: string;
}

/** A range of calendar days, both ends included. */
export interface DailyRange {
  startDate: IsoDate;
  endDate: IsoDate;
}

/** Options of the top-N bar charts. */
export interface TopChartOptions extends BuildOptions {
  /** How many entries to show, largest first (spec 000 §9: top 5). Default 5. */
  limit?: number;
}

/** A calendar day on the wire, `YYYY-MM-DD`. */
export type IsoDate = string;

/** `[west, south, east, north]` in degrees. */
export type Bounds = [number, number, number, number];
