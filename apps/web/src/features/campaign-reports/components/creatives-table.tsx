import { Text } from '@mantine/core';
import { creativeSortColumns, formatInteger, formatPercent } from '@portal/contracts';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useCreatives, type CreativeRow } from '../api/list-creatives';
import { type ReportParams } from '../api/report-params';
import { useTableState } from '../hooks/use-table-state';
import { CreativeImage } from './creative-image';
import { TableSection } from './table-section';

const columnHelper = createColumnHelper<CreativeRow>();
const DEFAULT_SORTING = [{ id: 'impressions', desc: true }];

const columns: ColumnDef<CreativeRow, unknown>[] = [
  columnHelper.display({
    id: 'preview',
    header: 'Preview',
    cell: ({ row }) => (
      <CreativeImage src={row.original.image_url} alt={row.original.creative_name} height={56} width={96} />
    ),
  }) as ColumnDef<CreativeRow, unknown>,
  columnHelper.accessor('creative_name', {
    header: 'Creative',
    cell: ({ getValue }) => (
      <Text size="sm" fw={500} lineClamp={2}>
        {getValue()}
      </Text>
    ),
  }) as ColumnDef<CreativeRow, unknown>,
  columnHelper.accessor('creative_size', { header: 'Size' }) as ColumnDef<CreativeRow, unknown>,
  columnHelper.accessor('impressions', {
    header: 'Impressions',
    meta: { numeric: true },
    cell: ({ getValue }) => formatInteger(getValue()),
  }) as ColumnDef<CreativeRow, unknown>,
  columnHelper.accessor('clicks', {
    header: 'Clicks',
    meta: { numeric: true },
    cell: ({ getValue }) => formatInteger(getValue()),
  }) as ColumnDef<CreativeRow, unknown>,
  columnHelper.accessor('ctr', {
    header: 'CTR',
    meta: { numeric: true },
    cell: ({ getValue }) => formatPercent(getValue()),
  }) as ColumnDef<CreativeRow, unknown>,
];

/** Top creatives with their previews: paged (10), impressions descending by default. */
export function CreativesTable({
  params,
  title = 'Top Creatives',
  csvName,
}: {
  params: ReportParams;
  title?: string;
  csvName?: string;
}) {
  const state = useTableState('creatives', { defaultSorting: DEFAULT_SORTING, sortable: creativeSortColumns });
  const query = useCreatives({ ...params, pageIndex: state.pageIndex, sorting: state.sorting });
  return (
    <TableSection
      title={title}
      params={params}
      state={state}
      query={query}
      columns={columns}
      emptyText="No creatives found"
      getRowId={(row) => row.creative_id}
      csvOperation="listCreativesCsv"
      csvName={csvName}
      minWidth={760}
    />
  );
}
