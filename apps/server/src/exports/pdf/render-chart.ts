import * as echarts from 'echarts';
import { formatCompact } from '@portal/contracts';
import { wrapLabel, type ChartOption } from '@portal/report-charts';

type Axis = { type?: string; axisLabel?: { formatter?: unknown; [key: string]: unknown }; [key: string]: unknown };

/**
 * Axis labels that never run into each other (issue 20 §1): value ticks compact ('1M', '2.5K',
 * '$10K'; a percent axis keeps its '{value}%'), and ECharts hides any label that would still overlap
 * its neighbour. The options stay plain JSON until here, where a formatter function may be added.
 */
export function compactAxes(option: ChartOption): ChartOption {
  // The names of horizontal bars (a y category axis: DMAs, sites, pages) are never hidden — a bar
  // without its name misleads; they are wrapped to their room instead (roomForLabels).
  const fix = (axis: Axis, names = false): Axis => {
    const formatter = axis.axisLabel?.formatter;
    const label = { ...axis.axisLabel, hideOverlap: !(names && axis.type === 'category') };
    if (axis.type !== 'value' || (formatter !== undefined && formatter !== '{value}' && formatter !== '${value}'))
      return { ...axis, axisLabel: label };
    const prefix = formatter === '${value}' ? '$' : '';
    return { ...axis, axisLabel: { ...label, formatter: (value: number) => `${prefix}${formatCompact(value)}` } };
  };
  const each = (axes: unknown, names = false) =>
    axes === undefined
      ? undefined
      : Array.isArray(axes)
        ? axes.map((axis: Axis) => fix(axis, names))
        : fix(axes as Axis, names);
  return {
    ...option,
    ...(option.xAxis === undefined ? {} : { xAxis: each(option.xAxis) }),
    ...(option.yAxis === undefined ? {} : { yAxis: each(option.yAxis, true) }),
  } as ChartOption;
}

type Series = { type?: string; label?: { show?: boolean; position?: string } };

/**
 * A label wrapped by `wrapLabel` back on one line: a break after a hyphen joins as is, a break at a
 * space gets its space back ('Birmingham (Anniston and\nTuscaloosa)' → '… and Tuscaloosa)').
 */
export function unwrapLabel(label: string): string {
  return label.replace(/-\n/g, '-').replace(/\n/g, ' ');
}

/** The share of a narrow chart's width its category names may take. */
const LABEL_SHARE = 0.45;
type Grid = { top?: number; right?: number; [key: string]: unknown };

/**
 * Room for what ECharts does not keep inside the grid: the value labels right of horizontal bars
 * (the longest bar's '8,274,537' would run off the chart) and a top legend above a named value axis;
 * category names of horizontal bars take at most 45% of a narrow chart, wrapped to it on up to three
 * lines (truncated with '…' only past that).
 */
export function roomForLabels(option: ChartOption, width: number): ChartOption {
  const series = ([] as Series[]).concat((option.series as Series | Series[] | undefined) ?? []);
  const grid = option.grid as Grid | undefined;
  if (!grid || Array.isArray(grid)) return option;
  const barLabels = series.some((s) => s.type === 'bar' && s.label?.show && s.label.position === 'right');
  const axes = ([] as Array<{ name?: string }>).concat((option.yAxis as { name?: string } | undefined) ?? []);
  const legendOverName = option.legend !== undefined && axes.some((axis) => Boolean(axis.name));
  const category =
    (option.yAxis as { type?: string; data?: unknown[]; axisLabel?: { width?: number } } | undefined) ?? {};
  const narrow = category.type === 'category' && (category.axisLabel?.width ?? 0) > width * LABEL_SHARE;
  // A narrow chart's names are wrapped again to its room, in a smaller type, so they stay whole
  // (DMA names, issue 20 §2): about 5.5 px a character at 10 px.
  const room = Math.round(width * LABEL_SHARE);
  const rewrap = (entry: unknown) =>
    typeof entry === 'string' ? wrapLabel(unwrapLabel(entry), Math.max(8, Math.floor(room / 5.5))) : entry;
  return {
    ...option,
    ...(narrow
      ? {
          yAxis: {
            ...category,
            ...(Array.isArray(category.data) ? { data: category.data.map(rewrap) } : {}),
            axisLabel: { ...category.axisLabel, width: room, fontSize: 10, lineHeight: 11 },
          },
        }
      : {}),
    grid: {
      ...grid,
      ...(barLabels ? { right: Math.max(grid.right ?? 0, 64) } : {}),
      ...(legendOverName ? { top: Math.max(grid.top ?? 0, 56) } : {}),
    },
  } as ChartOption;
}

/**
 * Renders an ECharts option (from @portal/report-charts, the builders the web page uses) to an SVG
 * string on the server: no DOM, no browser (`ssr: true`, SVG renderer), animation off, compact axes.
 */
export function renderChartSvg(option: ChartOption, size: { width: number; height: number }): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: size.width, height: size.height });
  try {
    // The PDF's font; also keeps quoted font names (e.g. "Segoe UI") out of SVG attributes, which
    // ECharts does not escape and pdfmake's strict SVG parser would refuse.
    const textStyle = {
      ...(option.textStyle as object | undefined),
      fontFamily: 'Roboto, Helvetica, Arial, sans-serif',
    };
    chart.setOption({ ...roomForLabels(compactAxes(option), size.width), animation: false, textStyle });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
