import { managedCampaignSortColumns, parseSortingJson, type SortingItem } from '@portal/contracts';

const sortable = new Set<string>(managedCampaignSortColumns);

/** Reads the `sorting` query parameter (TanStack shape); anything unreadable means "no sorting". */
export function parseSortingParam(value: string | null): SortingItem[] {
  return parseSortingJson(value, sortable, 1);
}

export function serializeSorting(sorting: SortingItem[]): string | null {
  return sorting.length > 0 ? JSON.stringify(sorting.map(({ id, desc }) => ({ id, desc }))) : null;
}
