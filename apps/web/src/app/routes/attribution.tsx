import { ROLE_AGENCY_ADMIN } from '@portal/contracts';
import { NotFoundState } from '@/components/ui/not-found-state';
import { PageLoader } from '@/components/ui/page-loader';
import { AttributionSettings } from '@/features/attribution/components/attribution-settings';
import { InventoryInsights } from '@/features/attribution/components/inventory-insights';
import { useMe } from '@/features/auth/api/get-me';
import { useDealershipIds, useRouteIds } from './route-params';

/** `/dashboard/agency/:organizationId/attribution` (issue 22 §2): roles 1–2; anyone else the not-found state. */
export function AttributionSettingsRoute() {
  const { organizationId } = useRouteIds();
  const me = useMe();
  if (me.isPending) return <PageLoader />;
  if (organizationId === null || !me.data || me.data.role_id > ROLE_AGENCY_ADMIN)
    return <NotFoundState title="Page not found" description="This page is for agency administrators." />;
  return <AttributionSettings organizationId={organizationId} />;
}

/** `…/dealership/:dealershipId/inventory/insights` (issue 22 §3): the dealership's Inventory insights. */
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
