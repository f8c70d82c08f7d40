import { useSearchParams } from 'react-router';
import { useMe } from '@/features/auth/api/get-me';
import { LinkedPlatforms } from '@/features/self-service/components/linked-platforms';
import { useDealershipIds } from './route-params';

/** `accounts`: the agency's Linked Platforms (spec 001 §2.9); `?connected` / `?error` after the OAuth redirect. */
export function LinkedPlatformsRoute() {
  const { organizationId, dealershipId } = useDealershipIds();
  const [searchParams] = useSearchParams();
  const me = useMe();
  return (
    <LinkedPlatforms
      organizationId={organizationId}
      dealershipId={dealershipId}
      roleId={me.data?.role_id}
      connected={searchParams.get('connected')}
      error={searchParams.get('error')}
    />
  );
}
