import { useSearchParams } from 'react-router';
import { InventoryInsights } from '@/features/attribution/components/inventory-insights';
import { DealershipInventory } from '@/features/inventory/components/dealership-inventory';
import { useDealershipIds } from '../route-params';

/** `inventory`: the dealership inventory page; `?page=N` (1-based, bad values → 1). */
export function DealershipInventoryRoute() {
  const { organizationId, dealershipId } = useDealershipIds();
  const [search, setSearch] = useSearchParams();
  const raw = Number(search.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  return (
    <DealershipInventory
      key={`${organizationId}-${dealershipId}`}
      organizationId={organizationId}
      dealershipId={dealershipId}
      page={page}
      onPage={(next) => setSearch({ page: String(next) })}
    />
  );
}

/** `inventory/insights` (issue 22 §3): the dealership's Inventory insights. */
export function InventoryInsightsRoute() {
  const { organizationId, dealershipId } = useDealershipIds();
  return (
    <InventoryInsights
      key={`${organizationId}-${dealershipId}`}
      organizationId={organizationId}
      dealershipId={dealershipId}
    />
  );
}
