import { Text } from '@mantine/core';
import { formatDateTime, formatDuration, phoneCallSortColumns } from '@portal/contracts';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { usePhoneCalls, type PhoneCallRow } from '../api/list-phone-calls';
import { type ReportParams } from '../api/report-params';
import { useReportTimeZone } from '../hooks/use-report-time-zone';
import { useTableState } from '../hooks/use-table-state';
import { TableSection } from './table-section';

const columnHelper = createColumnHelper<PhoneCallRow>();
const DEFAULT_SORTING = [{ id: 'datetime', desc: true }];

/** The table's columns; dates in `timeZone` (the dealership's organization zone) when known. */
const callColumns = (timeZone: string | undefined): ColumnDef<PhoneCallRow, unknown>[] => [
  columnHelper.accessor('phone_number', { header: 'Caller' }) as ColumnDef<PhoneCallRow, unknown>,
  columnHelper.display({
    id: 'recording',
    header: 'Recording',
    cell: ({ row }) =>
      row.original.recording_url ? (
        <audio
          controls
          preload="none"
          src={row.original.recording_url}
          aria-label={`Recording of the call from ${row.original.phone_number}`}
          style={{ height: 32, maxWidth: 260 }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          No recording
        </Text>
      ),
  }) as ColumnDef<PhoneCallRow, unknown>,
  columnHelper.accessor('datetime', {
    header: 'Date',
    cell: ({ getValue }) => formatDateTime(getValue(), timeZone),
  }) as ColumnDef<PhoneCallRow, unknown>,
  columnHelper.accessor('duration', {
    header: 'Duration',
    meta: { numeric: true },
    cell: ({ getValue }) => formatDuration(getValue()),
  }) as ColumnDef<PhoneCallRow, unknown>,
];

/**
 * Phone calls with their recordings: newest first by default, paged (10), CSV export (spec 000 §2.7).
 * Each call's date and time are shown in the dealership's zone, as the range filter and the CSV use it.
 */
export function PhoneCallsTable({ params, csvName }: { params: ReportParams; csvName?: string }) {
  const state = useTableState('calls', { defaultSorting: DEFAULT_SORTING, sortable: phoneCallSortColumns });
  const query = usePhoneCalls({ ...params, pageIndex: state.pageIndex, sorting: state.sorting });
  const timeZone = useReportTimeZone();
  const columns = useMemo(() => callColumns(timeZone), [timeZone]);
  return (
    <TableSection
      title="Phone Calls"
      params={params}
      state={state}
      query={query}
      columns={columns}
      emptyText="No phone calls found"
      getRowId={(row) => row.phone_call_vendor_id}
      csvOperation="listPhoneCallsCsv"
      csvName={csvName}
      minWidth={720}
    />
  );
}
