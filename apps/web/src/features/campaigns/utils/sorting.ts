import { managedCampaignSortColumns, sortingItemSchema, type SortingItem } from '@portal/contracts';
import * as z from 'zod';

const sortingParamSchema = z.array(sortingItemSchema).max(1);
const sortable = new Set<string>(managedCampaignSortColumns);

/** Reads the `sorting` query parameter (TanStack shape); anything unreadable means "no sorting". */
export function parseSortingParam(value: string | null): SortingItem[] {
  if (!value) return [];
  try {
    const parsed = sortingParamSchema.safeParse(JSON.parse(value));
    if (!parsed.success) return [];
    return parsed.data.filter((item) => sortable.has(item.id));
  } catch {
    return [];
  }
}

export function serializeSorting(sorting: SortingItem[]): string | null {
  return sorting.length > 0 ? JSON.stringify(sorting.map(({ id, desc }) => ({ id, desc }))) : null;
}
