import { useSearchParams } from 'react-router';
import { DealershipSales } from '@/features/sales/components/dealership-sales';
import { useDealershipIds } from '../route-params';

/** `sales`: the dealership's sales and the DMS sales upload (issue 22 §1); `?page=N` (1-based, bad values → 1). */
export function DealershipSalesRoute() {
  const { organizationId, dealershipId } = useDealershipIds();
  const [search, setSearch] = useSearchParams();
  const raw = Number(search.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  return (
    <DealershipSales
      key={`${organizationId}-${dealershipId}`}
      organizationId={organizationId}
      dealershipId={dealershipId}
      page={page}
      onPage={(next) => setSearch({ page: String(next) })}
    />
  );
}
