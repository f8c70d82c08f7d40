import { Navigate } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { NotFoundState } from '@/components/ui/not-found-state';
import { PageLoader } from '@/components/ui/page-loader';
import { useMe } from '@/features/auth/api/get-me';
import { useDealerships } from '@/features/dealerships/api/list-dealerships';
import { isNotFound } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useRouteIds } from './route-params';

/** `/`: the user's agency, which then opens its first dealership. */
export function HomeRoute() {
  const meQuery = useMe();
  if (!meQuery.data) return <PageLoader />;
  return <Navigate to={paths.agency(meQuery.data.organization_id)} replace />;
}

/** `/dashboard/agency/:organizationId`: the first dealership of the agency, on its campaigns list. */
export function AgencyHomeRoute() {
  const { organizationId } = useRouteIds();
  const dealershipsQuery = useDealerships(organizationId ?? 0, { enabled: organizationId !== null });

  if (organizationId === null || (dealershipsQuery.isError && isNotFound(dealershipsQuery.error))) {
    return (
      <NotFoundState title="Dealership not found" description="This agency does not exist or you cannot open it." />
    );
  }
  if (dealershipsQuery.isError) {
    return (
      <ErrorState
        title="Dealerships could not be loaded"
        error={dealershipsQuery.error}
        onRetry={() => void dealershipsQuery.refetch()}
        retrying={dealershipsQuery.isFetching}
      />
    );
  }
  if (dealershipsQuery.isPending) return <PageLoader />;

  const first = dealershipsQuery.data.data[0];
  if (!first) {
    return (
      <NotFoundState
        title="No dealerships yet"
        description="There is no dealership you can open in this agency. Ask your administrator for access."
        linkTo={null}
      />
    );
  }
  return <Navigate to={paths.campaigns(organizationId, first.id, 'list')} replace />;
}
