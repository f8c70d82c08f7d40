import { Center, Text, UnstyledButton } from '@mantine/core';
import {
  formatInteger,
  type CampaignTrust,
  type ManagedCampaign,
  type SortingItem,
  formatMonth,
  type DateRange,
} from '@portal/contracts';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import {
  PlainTable,
  PlainTbody,
  PlainTd,
  PlainTh,
  PlainThead,
  PlainTr,
  TableScroll,
} from '@/components/ui/plain-table';
import { FreshnessCell, PacingChip } from '@/components/ui/trust-signals';
import {
  budgetField,
  formatBudget,
  formatClicks,
  formatCtr,
  formatProduct,
  isPending,
} from '../utils/campaign-display';
import { CampaignName } from './campaign-name';
import { CampaignStatusBadge } from './campaign-status-badge';
import classes from './managed-campaigns.module.css';

export interface ManagedCampaignsTableProps {
  campaigns: ManagedCampaign[];
  organizationId: number;
  dealershipId: number;
  showBudgetType: number | null;
  range: DateRange;
  sorting: SortingItem[];
  onSortingChange: (sorting: SortingItem[]) => void;
  /** Freshness and pacing by campaign id (issue 21); the columns stay empty until it loads. */
  trust?: Map<number, CampaignTrust> | undefined;
}

const columnHelper = createColumnHelper<ManagedCampaign>();

/** Columns of different value types in one list. */
function column<TValue>(definition: ColumnDef<ManagedCampaign, TValue>): ColumnDef<ManagedCampaign, unknown> {
  return definition as ColumnDef<ManagedCampaign, unknown>;
}

/** The managed list as a table: sorted on the server, pagination hidden (spec 000 §2.3, §9). */
export function ManagedCampaignsTable({
  campaigns,
  organizationId,
  dealershipId,
  showBudgetType,
  range,
  sorting,
  onSortingChange,
  trust,
}: ManagedCampaignsTableProps) {
  const budget = budgetField(showBudgetType);

  const columns = useMemo(() => {
    // Accessor columns (sortable) whose ids are the API's sort columns; sorting runs on the server.
    const list: ColumnDef<ManagedCampaign, unknown>[] = [
      column(
        columnHelper.accessor('campaign_status', {
          header: 'Status',
          cell: ({ row }) => <CampaignStatusBadge status={row.original.campaign_status} />,
        }),
      ),
    ];
    if (budget) {
      list.push(
        column(
          columnHelper.accessor(budget, {
            header: 'Budget',
            meta: { numeric: true },
            cell: ({ row }) => formatBudget(row.original, budget),
          }),
        ),
      );
    }
    list.push(
      column(
        columnHelper.accessor('start_date', {
          header: 'Booking Month',
          cell: ({ row }) => formatMonth(row.original.start_date),
        }),
      ),
      column(
        columnHelper.accessor('client_campaign_display_name', {
          header: 'Name',
          cell: ({ row }) => (
            <CampaignName
              campaign={row.original}
              organizationId={organizationId}
              dealershipId={dealershipId}
              range={range}
            />
          ),
        }),
      ),
      column(
        columnHelper.accessor('product_code', {
          header: 'Product',
          cell: ({ row }) => formatProduct(row.original),
        }),
      ),
      column(
        columnHelper.accessor('impressions', {
          header: 'Impressions',
          meta: { numeric: true },
          cell: ({ row }) => formatInteger(row.original.impressions),
        }),
      ),
      column(
        columnHelper.accessor('clicks', {
          header: 'Clicks',
          meta: { numeric: true },
          cell: ({ row }) => formatClicks(row.original),
        }),
      ),
      column(
        columnHelper.accessor('ctr', {
          header: 'CTR',
          meta: { numeric: true },
          cell: ({ row }) => formatCtr(row.original),
        }),
      ),
      column(
        columnHelper.display({
          id: 'pacing',
          header: 'Pacing',
          cell: ({ row }) => <PacingChip pacing={trust?.get(row.original.client_campaign_id)?.pacing} />,
        }),
      ),
      column(
        columnHelper.display({
          id: 'data_through',
          header: 'Data through',
          cell: ({ row }) => <FreshnessCell freshness={trust?.get(row.original.client_campaign_id)?.freshness} />,
        }),
      ),
    );
    return list;
  }, [budget, organizationId, dealershipId, range, trust]);

  const handleSortingChange: OnChangeFn<SortingState> = (updater) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    onSortingChange(next.map(({ id, desc }) => ({ id, desc })));
  };

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table 8 returns mutable helpers by design
  const table = useReactTable({
    data: campaigns,
    columns,
    state: { sorting },
    onSortingChange: handleSortingChange,
    manualSorting: true,
    enableMultiSort: false,
    sortDescFirst: false,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.client_campaign_id),
  });

  return (
    <TableScroll minWidth={1100}>
      <PlainTable verticalSpacing="sm" highlightOnHover className={classes.table} aria-label="Managed campaigns">
        <PlainThead>
          {table.getHeaderGroups().map((headerGroup) => (
            <PlainTr key={headerGroup.id}>
              {headerGroup.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const numeric = (header.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric;
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <PlainTh
                    key={header.id}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    ta={numeric ? 'right' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <UnstyledButton
                        className={classes.sortButton}
                        onClick={header.column.getToggleSortingHandler()}
                        data-numeric={numeric || undefined}
                      >
                        <span>{label}</span>
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
                      label
                    )}
                  </PlainTh>
                );
              })}
            </PlainTr>
          ))}
        </PlainThead>
        <PlainTbody>
          {table.getRowModel().rows.map((row) => (
            <PlainTr
              key={row.id}
              className={isPending(row.original) ? classes.pendingRow : undefined}
              data-status={row.original.campaign_status}
            >
              {row.getVisibleCells().map((cell) => {
                const numeric = (cell.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric;
                return (
                  <PlainTd key={cell.id} ta={numeric ? 'right' : undefined}>
                    {cell.column.id === 'client_campaign_display_name' ? (
                      <div className={classes.name}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</div>
                    ) : (
                      <Text component="span" size="sm">
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </Text>
                    )}
                  </PlainTd>
                );
              })}
            </PlainTr>
          ))}
        </PlainTbody>
      </PlainTable>
    </TableScroll>
  );
}
