import { dmaMapChart, topDmasChart } from '@portal/report-charts';
import { useMemo } from 'react';
import { useDmaBoundaries } from '../api/get-dma-boundaries';
import { useDmas, type DmaRow } from '../api/get-dmas';
import { type ReportParams } from '../api/report-params';
import { ChartSection } from './chart-section';

/** The name the DMA boundaries are registered under in ECharts. */
export const DMA_MAP_NAME = 'dma-boundaries';

/** Impressions per DMA as a choropleth zoomed to the DMAs with delivery; the boundaries load once, lazily. */
export function DmaMapSection({ rows }: { rows: DmaRow[] }) {
  const boundaries = useDmaBoundaries();
  const option = useMemo(
    () =>
      boundaries.data
        ? dmaMapChart({
            mapName: DMA_MAP_NAME,
            rows,
            names: boundaries.data.names,
            bounds: boundaries.data.bounds,
            aspect: 1.7,
          })
        : null,
    [boundaries.data, rows],
  );
  const map = useMemo(
    () => (boundaries.data ? { name: DMA_MAP_NAME, geoJson: boundaries.data.geoJson } : undefined),
    [boundaries.data],
  );
  return (
    <ChartSection
      title="Impressions by DMA map"
      option={option}
      map={map}
      height={320}
      error={boundaries.error}
      onRetry={() => void boundaries.refetch()}
      empty={rows.length === 0}
    />
  );
}

/** Impressions by DMA: the top 5 as bars (spec 000 §9: top 5); beside the map on the page. */
export function TopDmasSection({ params }: { params: ReportParams }) {
  const dmas = useDmas(params);
  const rows = dmas.data;
  const topOption = useMemo(() => (rows ? topDmasChart(rows) : null), [rows]);
  return (
    <ChartSection
      title="Impressions by DMA (top 5)"
      option={topOption}
      height={320}
      empty={rows?.length === 0}
      error={dmas.error}
      onRetry={() => void dmas.refetch()}
    />
  );
}

/** The DMA choropleth of the campaign's DMAs (a placeholder until they load). */
export function DmaMapOfCampaign({ params }: { params: ReportParams }) {
  const rows = useDmas(params).data;
  return rows ? (
    <DmaMapSection rows={rows} />
  ) : (
    <ChartSection title="Impressions by DMA map" option={null} height={320} />
  );
}
