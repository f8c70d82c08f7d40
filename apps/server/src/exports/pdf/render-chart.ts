import * as echarts from 'echarts';
import type { ChartOption } from '@portal/report-charts';

/**
 * Renders an ECharts option (from @portal/report-charts, the builders the web page uses) to an SVG
 * string on the server: no DOM, no browser (`ssr: true`, SVG renderer), animation off.
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
    chart.setOption({ ...option, animation: false, textStyle });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
