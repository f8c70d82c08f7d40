import { BarChart, FunnelChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { getMap, init, registerMap, use as registerModules, type EChartsType } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { type ChartOption } from '@portal/report-charts';
import { useEffect, useRef } from 'react';

// Only what the report-charts builders use: this module is the lazily loaded chart chunk. The map
// modules are a second chunk (`echart-geo`) that `Chart` loads before a map chart is created
// (an ECharts instance only knows the modules registered before its `init`).
// MarkLine: the note markers of the daily charts (issue 21 §4).
registerModules([
  LineChart,
  BarChart,
  FunnelChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  MarkLineComponent,
  SVGRenderer,
]);

export interface EChartProps {
  option: ChartOption;
  height: number;
  /** Describes the chart for assistive technology. */
  ariaLabel: string;
  /** A map the option draws on; registered once under its name. */
  map?: { name: string; geoJson: unknown };
}

/** No animation for automated browsers (screenshots, PDFs) or users who ask for reduced motion. */
function animationAllowed(): boolean {
  if (typeof navigator !== 'undefined' && navigator.webdriver) return false;
  return !(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
}

/** Renders an ECharts option with the SVG renderer and follows the container's size. */
export default function EChart({ option, height, ariaLabel, map }: EChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const chart = init(container, null, { renderer: 'svg' });
    chartRef.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(container);
    return () => {
      observer.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, []);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || chart.isDisposed()) return;
    if (map && !getMap(map.name)) registerMap(map.name, map.geoJson as Parameters<typeof registerMap>[1]);
    chart.setOption({ ...option, animation: option.animation !== false && animationAllowed() }, { notMerge: true });
  }, [option, map]);

  return <div ref={containerRef} role="img" aria-label={ariaLabel} style={{ width: '100%', height }} />;
}
