import { Table } from '@mantine/core';
import { formatInteger } from '@portal/contracts';
import { walkInLocationsChart } from '@portal/report-charts';
import { useMemo } from 'react';
import { useDmaBoundaries } from '../api/get-dma-boundaries';
import { useWalkIns } from '../api/get-walk-ins';
import { type ReportParams } from '../api/report-params';
import { ChartSection } from './chart-section';
import { DMA_MAP_NAME } from './dma-section';
import { ReportSection } from './report-section';

/** Walk-in locations: a map of the locations sized by visits. */
export function WalkInsMapSection({ params }: { params: ReportParams }) {
  const walkIns = useWalkIns(params);
  const boundaries = useDmaBoundaries();
  const rows = walkIns.data;
  const option = useMemo(
    () => (rows && boundaries.data ? walkInLocationsChart({ mapName: DMA_MAP_NAME, rows, aspect: 1.8 }) : null),
    [rows, boundaries.data],
  );
  const map = useMemo(
    () => (boundaries.data ? { name: DMA_MAP_NAME, geoJson: boundaries.data.geoJson } : undefined),
    [boundaries.data],
  );
  const total = rows?.reduce((sum, row) => sum + row.visits, 0);

  return (
    <ChartSection
      title="Walk-in locations"
      figure={total !== undefined ? `${formatInteger(total)} visits` : undefined}
      option={option}
      map={map}
      height={340}
      empty={rows?.length === 0}
      emptyText="No walk-ins in this date range"
      error={walkIns.error ?? boundaries.error}
      onRetry={() => {
        void walkIns.refetch();
        void boundaries.refetch();
      }}
    />
  );
}

/** The visits per location. */
export function WalkInsTableSection({ params }: { params: ReportParams }) {
  const rows = useWalkIns(params).data;
  return (
    <ReportSection title="Walk-ins by location">
      <Table.ScrollContainer minWidth={360} mah={340}>
        <Table verticalSpacing="xs" aria-label="Walk-ins by location" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Location</Table.Th>
              <Table.Th ta="right">Visits</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(rows ?? []).map((row) => (
              <Table.Tr key={`${row.location_name}-${row.latitude}-${row.longitude}`}>
                <Table.Td>{row.location_name}</Table.Td>
                <Table.Td ta="right">{formatInteger(row.visits)}</Table.Td>
              </Table.Tr>
            ))}
            {rows?.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={2} ta="center" c="dimmed">
                  No walk-ins found
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ReportSection>
  );
}
