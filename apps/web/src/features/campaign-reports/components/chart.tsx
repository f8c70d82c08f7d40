import { Skeleton } from '@mantine/core';
import { type ChartOption } from '@portal/report-charts';
import { lazy, Suspense } from 'react';

// ECharts is loaded on the first chart, never with the sign-in page or the campaign list. Maps also
// need the geo modules, registered before the chart is created.
const EChart = lazy(() => import('./echart'));
const GeoEChart = lazy(() => import('./echart-geo').then(() => import('./echart')));

export interface ChartProps {
  option: ChartOption;
  ariaLabel: string;
  height?: number;
  map?: { name: string; geoJson: unknown };
}

/** Whether an option draws on a map (choropleth, geo scatter) or uses a visual map. */
export function needsGeoModules(option: ChartOption): boolean {
  if (option.geo || option.visualMap) return true;
  const series = Array.isArray(option.series) ? option.series : option.series ? [option.series] : [];
  return series.some((item) => ['map', 'scatter', 'effectScatter'].includes(String(item.type)));
}

/** A chart from a `@portal/report-charts` option; ECharts loads lazily behind a skeleton. */
export function Chart({ option, ariaLabel, height = 260, map }: ChartProps) {
  const Component = needsGeoModules(option) ? GeoEChart : EChart;
  return (
    <Suspense fallback={<Skeleton height={height} aria-hidden />}>
      <Component option={option} ariaLabel={ariaLabel} height={height} map={map} />
    </Suspense>
  );
}
