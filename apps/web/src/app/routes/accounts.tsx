import { useSearchParams } from 'react-router';
import { useMe } from '@/features/auth/api/get-me';
import { useDealerships } from '@/features/dealerships/api/list-dealerships';
import { LinkedPlatforms } from '@/features/self-service/components/linked-platforms';
import { canConnectPlatforms } from '@/features/self-service/utils/roles';
import { useDealershipIds } from './route-params';

/** `accounts`: the agency's Linked Platforms (spec 001 §2.9); `?connected` / `?error` after the OAuth redirect. */
export function LinkedPlatformsRoute() {
  const { organizationId, dealershipId } = useDealershipIds();
  const [searchParams] = useSearchParams();
  const me = useMe();
  // An administrator assigns the connection's accounts to the agency's dealerships (issue 18 item 3).
  const admin = Boolean(me.data) && canConnectPlatforms(me.data?.role_id);
  const dealerships = useDealerships(organizationId, { enabled: admin });
  return (
    <LinkedPlatforms
      organizationId={organizationId}
      dealershipId={dealershipId}
      roleId={me.data?.role_id}
      connected={searchParams.get('connected')}
      error={searchParams.get('error')}
      dealerships={admin ? (dealerships.data?.data ?? []) : []}
    />
  );
}
