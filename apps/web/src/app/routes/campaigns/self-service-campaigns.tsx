import { Outlet } from 'react-router';
import { SelfServiceCampaigns } from '@/features/self-service/components/self-service-campaigns';
import { SelfServiceEmptyState } from '@/features/self-service/components/self-service-empty-state';
import { paths } from '@/lib/paths';
import { useDealershipIds } from '../route-params';

// Its own route module, so the managed list's first load does not carry the self-service code.
/** `campaigns/self-service/list`: the imported campaigns, or the two-step empty state (spec 001 §2.10). */
export function SelfServiceCampaignsRoute() {
  const { organizationId, dealershipId } = useDealershipIds();
  return (
    <>
      <SelfServiceCampaigns
        organizationId={organizationId}
        dealershipId={dealershipId}
        reportPath={(id) => paths.selfServiceReport(organizationId, dealershipId, id)}
        emptyState={
          <SelfServiceEmptyState
            importPath={`${paths.campaigns(organizationId, dealershipId, 'self-service/list')}/create/import`}
            connectPath={paths.linkedPlatforms(organizationId, dealershipId)}
          />
        }
      />
      <Outlet />
    </>
  );
}
