import { demographicsChart, impressionsByPlacementChart } from '@portal/report-charts';
import { useMemo } from 'react';
import { useDemographics } from '../api/get-demographics';
import { usePlacements } from '../api/get-placements';
import { type ReportParams } from '../api/report-params';
import { ChartSection } from './chart-section';

/** Impressions per placement (`.../placements`). */
export function PlacementsSection({ params }: { params: ReportParams }) {
  const placements = usePlacements(params);
  const option = useMemo(
    () => (placements.data ? impressionsByPlacementChart(placements.data) : null),
    [placements.data],
  );
  return (
    <ChartSection
      title="Impressions by placement"
      option={option}
      empty={placements.data?.length === 0}
      error={placements.error}
      onRetry={() => void placements.refetch()}
    />
  );
}

/** Interactions of women and men per age group (`.../demographics`). */
export function DemographicsSection({ params }: { params: ReportParams }) {
  const demographics = useDemographics(params);
  const option = useMemo(
    () =>
      demographics.data
        ? demographicsChart(
            demographics.data.map((row) => ({ age: row.age, female: row.female_clicks, male: row.male_clicks })),
            { metricName: 'Interactions' },
          )
        : null,
    [demographics.data],
  );
  return (
    <ChartSection
      title="Interaction demographics"
      option={option}
      empty={demographics.data?.length === 0}
      error={demographics.error}
      onRetry={() => void demographics.refetch()}
    />
  );
}
