import { useQuery } from '@tanstack/react-query';
import { callOperation } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-keys';

/**
 * `countOpenAlerts` (`GET …/agencies/{organization_id}/alerts/count`) → `{ open }`, polled every
 * minute for the header's bell. Its own module: the bell is in every page's first load.
 */
export function useOpenAlertCount(organizationId: number) {
  return useQuery({
    queryKey: agencyKey(organizationId, 'alerts', 'count'),
    queryFn: ({ signal }) => callOperation('countOpenAlerts', { params: { organization_id: organizationId }, signal }),
    refetchInterval: 60_000,
  });
}
