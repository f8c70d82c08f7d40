import { Anchor, Text } from '@mantine/core';
import { formatInteger, formatPercent, vehicleSortColumns } from '@portal/contracts';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { paths, rangeSearch } from '@/lib/paths';
import { useVehicles, vehiclesOperations, type VehicleRow, type VehiclesSource } from '../api/list-vehicles';
import { type ReportParams } from '../api/report-params';
import { useTableState } from '../hooks/use-table-state';
import { TableSection } from './table-section';

const columnHelper = createColumnHelper<VehicleRow>();
const DEFAULT_SORTING = [{ id: 'impressions', desc: true }];

export interface VehiclesTableProps {
  params: ReportParams;
  source: VehiclesSource;
  /** 'Top Performing Vehicles' on social pages, 'Vehicles' elsewhere. */
  title?: string;
  /** Social pages: Vehicle, VIN, Days on lot, Impressions, Interactions, CTR. Others add Stock and State and say Clicks. */
  variant?: 'social' | 'full';
  csvName?: string;
}

/** A campaign's vehicles: paged (10), sorted on the server (impressions descending by default), CSV export. */
export function VehiclesTable({ params, source, title = 'Vehicles', variant = 'full', csvName }: VehiclesTableProps) {
  const state = useTableState('vehicles', { defaultSorting: DEFAULT_SORTING, sortable: vehicleSortColumns });
  const query = useVehicles({ ...params, source, pageIndex: state.pageIndex, sorting: state.sorting });
  const { organizationId, dealershipId, startDate, endDate } = params;

  const columns = useMemo(() => {
    const search = rangeSearch({ startDate, endDate });
    const list: ColumnDef<VehicleRow, unknown>[] = [
      columnHelper.accessor('description', {
        header: 'Vehicle',
        cell: ({ row }) => (
          <Anchor
            component={Link}
            to={`${paths.vehicle(organizationId, dealershipId, row.original.vin_number)}${search}`}
            size="sm"
            fw={600}
          >
            {row.original.description}
          </Anchor>
        ),
      }) as ColumnDef<VehicleRow, unknown>,
      columnHelper.accessor('vin_number', {
        header: 'VIN',
        cell: ({ getValue }) => (
          <Text size="sm" ff="monospace">
            {getValue()}
          </Text>
        ),
      }) as ColumnDef<VehicleRow, unknown>,
    ];
    if (variant === 'full') {
      list.push(
        columnHelper.accessor('facebook_product_vendor_id', {
          header: 'Stock',
          cell: ({ getValue }) => getValue() ?? '—',
        }) as ColumnDef<VehicleRow, unknown>,
        columnHelper.accessor('vehicle_state', {
          header: 'State',
          cell: ({ getValue }) => getValue() ?? '—',
        }) as ColumnDef<VehicleRow, unknown>,
      );
    }
    // Issue 22 §3: on every report's vehicle table, from the inventory history (null: never listed).
    list.push(
      columnHelper.accessor('days_on_lot', {
        header: 'Days on lot',
        enableSorting: false,
        meta: { numeric: true },
        cell: ({ getValue }) => {
          const days = getValue();
          return days === null ? '—' : formatInteger(days);
        },
      }) as ColumnDef<VehicleRow, unknown>,
    );
    list.push(
      columnHelper.accessor('impressions', {
        header: 'Impressions',
        meta: { numeric: true },
        cell: ({ getValue }) => formatInteger(getValue()),
      }) as ColumnDef<VehicleRow, unknown>,
      columnHelper.accessor('clicks', {
        header: variant === 'social' ? 'Interactions' : 'Clicks',
        meta: { numeric: true },
        cell: ({ getValue }) => formatInteger(getValue()),
      }) as ColumnDef<VehicleRow, unknown>,
      columnHelper.accessor('ctr', {
        header: 'CTR',
        meta: { numeric: true },
        cell: ({ getValue }) => formatPercent(getValue()),
      }) as ColumnDef<VehicleRow, unknown>,
    );
    return list;
  }, [organizationId, dealershipId, startDate, endDate, variant]);

  return (
    <TableSection
      title={title}
      params={params}
      state={state}
      query={query}
      columns={columns}
      emptyText="No vehicles found"
      getRowId={(row) => row.vin_number}
      csvOperation={vehiclesOperations[source].csv}
      csvName={csvName}
      minWidth={variant === 'full' ? 860 : 640}
    />
  );
}
