import { SimpleGrid } from '@mantine/core';
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

/** Impressions by DMA: the top 5 as bars beside the map (spec 000 §9: top 5). */
export function DmaSection({ params }: { params: ReportParams }) {
  const dmas = useDmas(params);
  const rows = dmas.data;
  const topOption = useMemo(() => (rows ? topDmasChart(rows) : null), [rows]);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartSection
        title="Impressions by DMA (top 5)"
        option={topOption}
        height={320}
        empty={rows?.length === 0}
        error={dmas.error}
        onRetry={() => void dmas.refetch()}
      />
      {rows ? (
        <DmaMapSection rows={rows} />
      ) : (
        <ChartSection title="Impressions by DMA map" option={null} height={320} />
      )}
    </SimpleGrid>
  );
}
