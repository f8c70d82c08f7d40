import { Anchor, Badge, Text } from '@mantine/core';
import { formatDateTime, leadSortColumns } from '@portal/contracts';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { paths, rangeSearch } from '@/lib/paths';
import { useLeads, type LeadRow } from '../api/list-leads';
import { type ReportParams } from '../api/report-params';
import { useReportTimeZone } from '../hooks/use-report-time-zone';
import { useTableState } from '../hooks/use-table-state';
import { TableSection } from './table-section';

const columnHelper = createColumnHelper<LeadRow>();
const DEFAULT_SORTING = [{ id: 'datetime', desc: true }];

/** Leads delivered: newest first by default, paged (10), CSV export. */
export function LeadsTable({ params, csvName }: { params: ReportParams; csvName?: string }) {
  const state = useTableState('leads', { defaultSorting: DEFAULT_SORTING, sortable: leadSortColumns });
  const query = useLeads({ ...params, pageIndex: state.pageIndex, sorting: state.sorting });
  const { organizationId, dealershipId, startDate, endDate } = params;
  // Dates in the dealership's zone, as the range filter and the CSV use it.
  const timeZone = useReportTimeZone();

  const columns = useMemo<ColumnDef<LeadRow, unknown>[]>(
    () => [
      columnHelper.accessor('datetime', {
        header: 'Date',
        cell: ({ getValue }) => formatDateTime(getValue(), timeZone),
      }) as ColumnDef<LeadRow, unknown>,
      columnHelper.accessor('lead_type', { header: 'Type' }) as ColumnDef<LeadRow, unknown>,
      columnHelper.accessor('contact_name', {
        header: 'Contact',
        cell: ({ getValue }) => getValue() ?? '—',
      }) as ColumnDef<LeadRow, unknown>,
      columnHelper.accessor('vehicle_vin', {
        header: 'Vehicle',
        enableSorting: false,
        cell: ({ getValue }) => {
          const vin = getValue();
          if (!vin) return <Text size="sm">—</Text>;
          return (
            <Anchor
              component={Link}
              to={`${paths.vehicle(organizationId, dealershipId, vin)}${rangeSearch({ startDate, endDate })}`}
              size="sm"
              ff="monospace"
            >
              {vin}
            </Anchor>
          );
        },
      }) as ColumnDef<LeadRow, unknown>,
      columnHelper.accessor('status', {
        header: 'Status',
        cell: ({ getValue }) => {
          const status = getValue();
          return status ? (
            <Badge variant="light" radius="sm" tt="none">
              {status}
            </Badge>
          ) : (
            '—'
          );
        },
      }) as ColumnDef<LeadRow, unknown>,
    ],
    [organizationId, dealershipId, startDate, endDate, timeZone],
  );

  return (
    <TableSection
      title="Leads"
      params={params}
      state={state}
      query={query}
      columns={columns}
      emptyText="No leads found"
      getRowId={(row) => row.lead_id}
      csvOperation="listLeadsCsv"
      csvName={csvName}
      minWidth={760}
    />
  );
}
