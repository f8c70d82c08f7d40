import { Badge, Group, Skeleton, Table, Text } from '@mantine/core';
import { formatInteger, siteSortColumns } from '@portal/contracts';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { ErrorState } from '@/components/ui/error-state';
import { useSiteSizes } from '../api/get-site-sizes';
import { useSites, type SiteRow } from '../api/list-sites';
import { type ReportParams } from '../api/report-params';
import { useTableState } from '../hooks/use-table-state';
import { TableSection } from './table-section';

const columnHelper = createColumnHelper<SiteRow>();
const DEFAULT_SORTING = [{ id: 'IMPRESSIONS', desc: true }];

const columns: ColumnDef<SiteRow, unknown>[] = [
  columnHelper.accessor('SITE', { header: 'Site' }) as ColumnDef<SiteRow, unknown>,
  columnHelper.accessor('AD_SIZES', {
    header: 'Ad Sizes',
    enableSorting: false,
    cell: ({ getValue }) => (
      <Group gap={4}>
        {getValue().map((size) => (
          <Badge key={size} variant="light" color="gray" radius="sm" tt="none">
            {size}
          </Badge>
        ))}
      </Group>
    ),
  }) as ColumnDef<SiteRow, unknown>,
  columnHelper.accessor('IMPRESSIONS', {
    header: 'Impressions',
    meta: { numeric: true },
    cell: ({ getValue }) => formatInteger(getValue()),
  }) as ColumnDef<SiteRow, unknown>,
];

/** Impressions per creative size of one site: the expanded row of the sites table. */
function SiteSizes({ params, site }: { params: ReportParams; site: string }) {
  const query = useSiteSizes({ ...params, site });
  if (query.isPending) return <Skeleton height={48} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No creative sizes for this site
      </Text>
    );
  return (
    <Table withRowBorders={false} verticalSpacing={4} aria-label={`Impressions per creative size on ${site}`} maw={420}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Size</Table.Th>
          <Table.Th ta="right">Impressions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {query.data.map((row) => (
          <Table.Tr key={row.SIZE}>
            <Table.Td>{row.SIZE}</Table.Td>
            <Table.Td ta="right">{formatInteger(row.IMPRESSIONS)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Top Performing Sites (shown only when show_site_list): a row expands to impressions per creative size. */
export function SitesTable({ params, csvName }: { params: ReportParams; csvName?: string }) {
  const state = useTableState('sites', { defaultSorting: DEFAULT_SORTING, sortable: siteSortColumns });
  const query = useSites({ ...params, pageIndex: state.pageIndex, sorting: state.sorting });
  return (
    <TableSection
      title="Top Performing Sites"
      params={params}
      state={state}
      query={query}
      columns={columns}
      emptyText="No sites found"
      getRowId={(row) => row.SITE}
      renderExpanded={(row) => <SiteSizes params={params} site={row.SITE} />}
      rowLabel={(row) => row.SITE}
      csvOperation="listSitesCsv"
      csvName={csvName}
    />
  );
}
