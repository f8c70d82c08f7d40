import { type SortingItem } from '@portal/contracts';
import { type ColumnDef } from '@tanstack/react-table';
import { type ReactNode } from 'react';
import { type TableCsvOperation } from '../api/download-table-csv';
import { type ReportParams } from '../api/report-params';
import { type TableState } from '../hooks/use-table-state';
import { CsvExportButton } from './csv-export-button';
import { ReportSection } from './report-section';
import { ReportTable } from './report-table';

export interface TablePage<Row> {
  data: Row[];
  pagination: { total: number };
}

export interface TableQueryState<Row> {
  data: TablePage<Row> | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface TableSectionProps<Row> {
  title: string;
  params: ReportParams;
  state: TableState;
  query: TableQueryState<Row>;
  columns: ColumnDef<Row, unknown>[];
  emptyText: string;
  getRowId: (row: Row) => string;
  /** The table's CSV export operation, when it has one. */
  csvOperation?: TableCsvOperation;
  /** File name stem of the CSV when the server sends none, e.g. the campaign name. */
  csvName?: string;
  renderExpanded?: (row: Row) => ReactNode;
  rowLabel?: (row: Row) => string;
  minWidth?: number;
}

function fallbackCsvName(stem: string, title: string, params: ReportParams) {
  const safe = `${stem}-${title}`.replace(/[^\w.-]+/g, '_');
  return `${safe}-${params.startDate}-${params.endDate}.csv`;
}

/** A titled report table with its CSV export. */
export function TableSection<Row>({
  title,
  params,
  state,
  query,
  columns,
  emptyText,
  getRowId,
  csvOperation,
  csvName = 'campaign',
  renderExpanded,
  rowLabel,
  minWidth,
}: TableSectionProps<Row>) {
  const sorting: SortingItem[] = state.sorting;
  return (
    <ReportSection
      title={title}
      actions={
        csvOperation ? (
          <CsvExportButton
            params={params}
            csvOperation={csvOperation}
            sorting={sorting}
            fallbackFilename={fallbackCsvName(csvName, title, params)}
            label={`Export CSV of ${title}`}
          />
        ) : undefined
      }
    >
      <ReportTable
        label={title}
        columns={columns}
        rows={query.data?.data}
        total={query.data?.pagination.total}
        loading={query.isPending}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        pageIndex={state.pageIndex}
        onPageChange={state.setPageIndex}
        sorting={sorting}
        onSortingChange={state.setSorting}
        emptyText={emptyText}
        getRowId={getRowId}
        renderExpanded={renderExpanded}
        rowLabel={rowLabel}
        minWidth={minWidth}
      />
    </ReportSection>
  );
}
