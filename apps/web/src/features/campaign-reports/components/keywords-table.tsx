import { formatInteger, formatPercent, keywordSortColumns } from '@portal/contracts';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useKeywords, type KeywordRow } from '../api/list-keywords';
import { type ReportParams } from '../api/report-params';
import { useTableState } from '../hooks/use-table-state';
import { TableSection } from './table-section';

const columnHelper = createColumnHelper<KeywordRow>();
const DEFAULT_SORTING = [{ id: 'impressions', desc: true }];

const count = (header: string, key: 'impressions' | 'clicks') =>
  columnHelper.accessor(key, {
    header,
    meta: { numeric: true },
    cell: ({ getValue }) => formatInteger(getValue()),
  }) as ColumnDef<KeywordRow, unknown>;

const percent = (header: string, key: 'ctr' | 'impression_share' | 'click_share') =>
  columnHelper.accessor(key, {
    header,
    meta: { numeric: true },
    cell: ({ getValue }) => formatPercent(getValue()),
  }) as ColumnDef<KeywordRow, unknown>;

const columns: ColumnDef<KeywordRow, unknown>[] = [
  columnHelper.accessor('keyword', { header: 'Keyword' }) as ColumnDef<KeywordRow, unknown>,
  count('Impressions', 'impressions'),
  count('Clicks', 'clicks'),
  percent('CTR', 'ctr'),
  percent('Impression share', 'impression_share'),
  percent('Click share', 'click_share'),
];

/** Keyword performance of a search campaign: paged (10), impressions descending by default, CSV export. */
export function KeywordsTable({ params, csvName }: { params: ReportParams; csvName?: string }) {
  const state = useTableState('keywords', { defaultSorting: DEFAULT_SORTING, sortable: keywordSortColumns });
  const query = useKeywords({ ...params, pageIndex: state.pageIndex, sorting: state.sorting });
  return (
    <TableSection
      title="Keywords"
      params={params}
      state={state}
      query={query}
      columns={columns}
      emptyText="No keywords found"
      getRowId={(row) => String(row.keyword_id)}
      csvOperation="listKeywordsCsv"
      csvName={csvName}
      minWidth={760}
    />
  );
}
