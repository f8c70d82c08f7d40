import { parseSortingJson, type SortingItem } from '@portal/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface TableState {
  pageIndex: number;
  sorting: SortingItem[];
  setPageIndex: (pageIndex: number) => void;
  setSorting: (sorting: SortingItem[]) => void;
}

/** Query parameter names of a report table's state, e.g. `vehiclesPage` and `vehiclesSort`. */
export function tableParamNames(tableId: string) {
  return { page: `${tableId}Page`, sort: `${tableId}Sort` };
}

/** Whether a query parameter holds a report table's page (reset when the date range changes). */
export function isTablePageParam(name: string): boolean {
  return name.endsWith('Page');
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page - 1 : 0;
}

function parseSorting(value: string | null, sortable: readonly string[], fallback: SortingItem[]): SortingItem[] {
  // One item, on a sortable column; anything else is the default sorting.
  const items = parseSortingJson(value, new Set(sortable), 1);
  return items.length === 1 ? items : fallback;
}

/**
 * A report table's page and sorting, kept in the URL (`{tableId}Page`, 1-based, and `{tableId}Sort`
 * in TanStack shape) so a shared link opens the same page. Bad values fall back to the first page and
 * the default sorting (STYLE habit 7); changing the sorting goes back to the first page.
 */
export function useTableState(
  tableId: string,
  { defaultSorting, sortable }: { defaultSorting: SortingItem[]; sortable: readonly string[] },
): TableState {
  const [searchParams, setSearchParams] = useSearchParams();
  const names = tableParamNames(tableId);
  const pageParam = searchParams.get(names.page);
  const sortParam = searchParams.get(names.sort);
  const defaultKey = JSON.stringify(defaultSorting);
  const sortableKey = sortable.join(',');

  const pageIndex = parsePage(pageParam);
  const sorting = useMemo(
    () => parseSorting(sortParam, sortableKey.split(','), JSON.parse(defaultKey) as SortingItem[]),
    [sortParam, sortableKey, defaultKey],
  );

  const setPageIndex = useCallback(
    (next: number) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next > 0) params.set(names.page, String(next + 1));
          else params.delete(names.page);
          return params;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams, names.page],
  );

  const setSorting = useCallback(
    (next: SortingItem[]) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          const value = JSON.stringify(next.map(({ id, desc }) => ({ id, desc })));
          if (next.length === 0 || value === defaultKey) params.delete(names.sort);
          else params.set(names.sort, value);
          params.delete(names.page);
          return params;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearchParams, names.sort, names.page, defaultKey],
  );

  return { pageIndex, sorting, setPageIndex, setSorting };
}
