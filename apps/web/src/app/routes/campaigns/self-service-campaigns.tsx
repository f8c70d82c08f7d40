import { Outlet } from 'react-router';
import { useMe } from '@/features/auth/api/get-me';
import { useDealerships } from '@/features/dealerships/api/list-dealerships';
import { SelfServiceCampaigns } from '@/features/self-service/components/self-service-campaigns';
import { SelfServiceEmptyState } from '@/features/self-service/components/self-service-empty-state';
import { canConnectPlatforms } from '@/features/self-service/utils/roles';
import { paths } from '@/lib/paths';
import { useDealershipIds } from '../route-params';

// Its own route module, so the managed list's first load does not carry the self-service code.
/** `campaigns/self-service/list`: the imported campaigns, or the two-step empty state (spec 001 §2.10). */
export function SelfServiceCampaignsRoute() {
  const { organizationId, dealershipId } = useDealershipIds();
  // Agency administrators move a campaign to another dealership of the agency (issue 18 item 3).
  const me = useMe();
  const admin = Boolean(me.data) && canConnectPlatforms(me.data?.role_id);
  const dealerships = useDealerships(organizationId, { enabled: admin });
  const moveTargets = admin ? dealerships.data?.data.filter((d) => d.id !== dealershipId) : undefined;
  return (
    <>
      <SelfServiceCampaigns
        organizationId={organizationId}
        dealershipId={dealershipId}
        reportPath={(id) => paths.selfServiceReport(organizationId, dealershipId, id)}
        moveTargets={moveTargets}
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
