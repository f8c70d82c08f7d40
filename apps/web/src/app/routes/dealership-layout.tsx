import { Outlet } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { NotFoundState } from '@/components/ui/not-found-state';
import { PageLoader } from '@/components/ui/page-loader';
import { useDealership } from '@/features/dealerships/api/get-dealership';
import { isNotFound } from '@/lib/api-client';
import { useRouteIds } from './route-params';

/**
 * `/dashboard/agency/:organizationId/dealership/:dealershipId`: nothing below renders (and no
 * dealership data is requested) until the API confirms the user may open this dealership.
 */
export function DealershipLayout() {
  const { organizationId, dealershipId } = useRouteIds();
  const valid = organizationId !== null && dealershipId !== null;
  const dealershipQuery = useDealership(organizationId ?? 0, dealershipId ?? 0, { enabled: valid });

  if (!valid || (dealershipQuery.isError && isNotFound(dealershipQuery.error))) {
    return (
      <NotFoundState
        title="Dealership not found"
        description="This dealership does not exist or you do not have access to it."
      />
    );
  }
  if (dealershipQuery.isError) {
    return (
      <ErrorState
        title="The dealership could not be loaded"
        error={dealershipQuery.error}
        onRetry={() => void dealershipQuery.refetch()}
        retrying={dealershipQuery.isFetching}
      />
    );
  }
  if (dealershipQuery.isPending) return <PageLoader />;
  return <Outlet />;
}
