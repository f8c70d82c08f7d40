import {
  ActionIcon,
  Center,
  Group,
  Pagination,
  Skeleton,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { REPORT_PAGE_SIZE, formatInteger, type SortingItem } from '@portal/contracts';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type SortingState,
} from '@tanstack/react-table';
import { Fragment, useState, type ReactNode } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import classes from './report-table.module.css';

export interface ColumnMeta {
  numeric?: boolean;
}

export interface ReportTableProps<Row> {
  /** The table's accessible name, e.g. 'Vehicles'. */
  label: string;
  columns: ColumnDef<Row, unknown>[];
  rows: Row[] | undefined;
  total: number | undefined;
  loading: boolean;
  fetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  pageIndex: number;
  onPageChange: (pageIndex: number) => void;
  sorting: SortingItem[];
  onSortingChange: (sorting: SortingItem[]) => void;
  emptyText: string;
  getRowId: (row: Row) => string;
  /** Rows expand to show this (e.g. a site's impressions per creative size). */
  renderExpanded?: (row: Row) => ReactNode;
  /** Names a row for its expand button, e.g. the site. */
  rowLabel?: (row: Row) => string;
  minWidth?: number;
}

function numeric(meta: unknown): boolean {
  return Boolean((meta as ColumnMeta | undefined)?.numeric);
}

/**
 * A report table: server-side paging (10 rows, spec 000 §9) and sorting, loading and empty states,
 * optional expandable rows. Columns whose id is sortable on the server set `enableSorting`.
 */
export function ReportTable<Row>({
  label,
  columns,
  rows,
  total,
  loading,
  fetching = false,
  error,
  onRetry,
  pageIndex,
  onPageChange,
  sorting,
  onSortingChange,
  emptyText,
  getRowId,
  renderExpanded,
  rowLabel,
  minWidth = 640,
}: ReportTableProps<Row>) {
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / REPORT_PAGE_SIZE));

  const handleSortingChange: OnChangeFn<SortingState> = (updater) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    onSortingChange(next.map(({ id, desc }) => ({ id, desc })));
  };

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 returns mutable helpers by design
  const table = useReactTable({
    data: rows ?? [],
    columns,
    state: { sorting, pagination: { pageIndex, pageSize: REPORT_PAGE_SIZE } },
    onSortingChange: handleSortingChange,
    manualSorting: true,
    manualPagination: true,
    pageCount,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: true,
    getCoreRowModel: getCoreRowModel(),
    getRowId,
  });

  if (error && !rows) {
    return <ErrorState title={`${label} could not be loaded`} error={error} onRetry={onRetry} />;
  }

  const columnCount = columns.length + (renderExpanded ? 1 : 0);
  const first = pageIndex * REPORT_PAGE_SIZE + 1;
  const last = Math.min((pageIndex + 1) * REPORT_PAGE_SIZE, total ?? 0);

  return (
    <div aria-busy={fetching || loading || undefined}>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="xs" highlightOnHover className={classes.table} aria-label={label}>
          <Table.Thead>
            {table.getHeaderGroups().map((headerGroup) => (
              <Table.Tr key={headerGroup.id}>
                {renderExpanded ? (
                  <Table.Th w={40}>
                    <VisuallyHidden>Details</VisuallyHidden>
                  </Table.Th>
                ) : null}
                {headerGroup.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const isNumeric = numeric(header.column.columnDef.meta);
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <Table.Th
                      key={header.id}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      ta={isNumeric ? 'right' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <UnstyledButton
                          className={classes.sortButton}
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          <span>{content}</span>
                          <Center component="span" className={classes.sortIcon} aria-hidden>
                            {sorted === 'asc' ? (
                              <IconArrowUp size={14} />
                            ) : sorted === 'desc' ? (
                              <IconArrowDown size={14} />
                            ) : (
                              <IconArrowsSort size={14} />
                            )}
                          </Center>
                        </UnstyledButton>
                      ) : (
                        content
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {loading && !rows ? (
              Array.from({ length: 3 }, (_, index) => (
                <Table.Tr key={`skeleton-${index}`} aria-hidden>
                  {Array.from({ length: columnCount }, (__, cell) => (
                    <Table.Td key={cell}>
                      <Skeleton height={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            ) : table.getRowModel().rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  <Text c="dimmed" ta="center" py="lg">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              table.getRowModel().rows.map((row) => {
                const open = Boolean(expanded[row.id]);
                return (
                  <Fragment key={row.id}>
                    <Table.Tr>
                      {renderExpanded ? (
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="sm"
                            aria-expanded={open}
                            aria-label={`${open ? 'Hide' : 'Show'} details${rowLabel ? ` of ${rowLabel(row.original)}` : ''}`}
                            onClick={() => setExpanded((current) => ({ ...current, [row.id]: !open }))}
                          >
                            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                          </ActionIcon>
                        </Table.Td>
                      ) : null}
                      {row.getVisibleCells().map((cell) => (
                        <Table.Td key={cell.id} ta={numeric(cell.column.columnDef.meta) ? 'right' : undefined}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                    {renderExpanded && open ? (
                      <Table.Tr>
                        <Table.Td colSpan={columnCount} className={classes.expandedCell}>
                          {renderExpanded(row.original)}
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total !== undefined && total > REPORT_PAGE_SIZE ? (
        <Group justify="space-between" mt="sm" gap="sm">
          <Text size="sm" c="dimmed">
            {formatInteger(first)}–{formatInteger(last)} of {formatInteger(total)}
          </Text>
          <Pagination
            total={pageCount}
            value={pageIndex + 1}
            onChange={(page) => onPageChange(page - 1)}
            size="sm"
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control,
            })}
            getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
          />
        </Group>
      ) : null}
    </div>
  );
}
