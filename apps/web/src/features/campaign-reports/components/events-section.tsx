import { Table } from '@mantine/core';
import { formatDisplayDate, formatInteger } from '@portal/contracts';
import { eventLocationsChart } from '@portal/report-charts';
import { useMemo } from 'react';
import { useDmaBoundaries } from '../api/get-dma-boundaries';
import { type EventRow } from '../api/get-events';
import { ChartSection } from './chart-section';
import { DMA_MAP_NAME } from './dma-section';
import { ReportSection } from './report-section';

/** The promoted events on a map with their coordinates. */
export function EventsMapSection({ rows }: { rows: EventRow[] }) {
  const boundaries = useDmaBoundaries();
  const option = useMemo(
    () => (boundaries.data ? eventLocationsChart({ mapName: DMA_MAP_NAME, rows, aspect: 3.5 }) : null),
    [rows, boundaries.data],
  );
  const map = useMemo(
    () => (boundaries.data ? { name: DMA_MAP_NAME, geoJson: boundaries.data.geoJson } : undefined),
    [boundaries.data],
  );
  return (
    <ChartSection
      title="Event locations"
      option={option}
      map={map}
      height={360}
      empty={rows.length === 0}
      emptyText="No events in this date range"
      error={boundaries.error}
      onRetry={() => void boundaries.refetch()}
    />
  );
}

/** The promoted events' results. */
export function EventsTableSection({ rows }: { rows: EventRow[] }) {
  return (
    <ReportSection title="Events">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" aria-label="Events" style={{ fontVariantNumeric: 'tabular-nums' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th ta="right">Impressions</Table.Th>
              <Table.Th ta="right">Clicks</Table.Th>
              <Table.Th ta="right">Attendees</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.event_id}>
                <Table.Td fw={500}>{row.event_name}</Table.Td>
                <Table.Td>{formatDisplayDate(row.event_date)}</Table.Td>
                <Table.Td>{row.address ?? '—'}</Table.Td>
                <Table.Td ta="right">{formatInteger(row.impressions)}</Table.Td>
                <Table.Td ta="right">{formatInteger(row.clicks)}</Table.Td>
                <Table.Td ta="right">{formatInteger(row.attendees)}</Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6} ta="center" c="dimmed">
                  No events found
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ReportSection>
  );
}
