import { BarChart, EffectScatterChart, FunnelChart, LineChart, MapChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { init, registerMap, use } from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it } from 'vitest';
import {
  demographicsChart,
  dmaMapChart,
  eventLocationsChart,
  impressionsByDayChart,
  prepareDmaGeoJson,
  topDmasChart,
  videoCompletionFunnelChart,
  walkInLocationsChart,
  type ChartOption,
  type DmaFeatureCollection,
} from '../src';

use([
  LineChart,
  BarChart,
  FunnelChart,
  MapChart,
  ScatterChart,
  EffectScatterChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  GeoComponent,
  VisualMapComponent,
  LabelLayout,
  SVGRenderer,
]);

/** Renders an option the way the server does for PDFs (ECharts SSR to an SVG string). */
function renderSvg(option: ChartOption): string {
  const chart = init(null, null, { renderer: 'svg', ssr: true, width: 600, height: 300 });
  chart.setOption(option);
  const svg = chart.renderToSVGString();
  chart.dispose();
  return svg;
}

const geoJson: DmaFeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { dma_code: 635, dma_name: 'Austin, TX' },
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-98, 30],
            [-97, 30],
            [-97, 31],
            [-98, 31],
            [-98, 30],
          ],
        ],
      },
    },
  ],
};

describe('options render server-side to SVG', () => {
  it('daily, bar, grouped and funnel charts', () => {
    const still = { animation: false };
    expect(renderSvg(impressionsByDayChart([{ date: '2026-03-01', impressions: 1234 }], still))).toContain('Mar 1');
    expect(renderSvg(topDmasChart([{ dma: 'Austin', impressions: 10 }], still))).toContain('Austin');
    expect(renderSvg(demographicsChart([{ age: '25-34', female: 3, male: 4 }], still))).toContain('25-34');
    const funnel = renderSvg(
      videoCompletionFunnelChart(
        {
          impressions: 10,
          video_25: 8,
          video_50: 6,
          video_75: 4,
          video_100: 2,
          completion_25: 80,
          completion_50: 60,
          completion_75: 40,
          completion_100: 20,
        },
        still,
      ),
    );
    expect(funnel).toContain('100% complete (20.00%)');
  });

  it('the DMA map and the point maps on a registered map', () => {
    const prepared = prepareDmaGeoJson(geoJson);
    registerMap('test-dma', prepared.geoJson as never);
    const map = renderSvg(
      dmaMapChart({
        mapName: 'test-dma',
        rows: [{ dma_code: 635, dma: 'Austin', impressions: 10 }],
        names: prepared.names,
        bounds: prepared.bounds,
        animation: false,
      }),
    );
    expect(map).toContain('<path');
    const points = renderSvg(
      walkInLocationsChart({
        mapName: 'test-dma',
        rows: [{ location_name: 'Showroom', latitude: 30.5, longitude: -97.5, visits: 5 }],
        animation: false,
      }),
    );
    expect(points).toContain('Showroom');
    const events = renderSvg(
      eventLocationsChart({
        mapName: 'test-dma',
        rows: [{ event_name: 'Truck Month', latitude: 30.5, longitude: -97.5, attendees: 50 }],
        animation: false,
      }),
    );
    expect(events).toContain('Truck Month');
  });
});
