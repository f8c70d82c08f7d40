import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { CampaignsHeader } from '@/features/campaigns/components/campaigns-header';
import { ManagedCampaigns } from '@/features/campaigns/components/managed-campaigns';
import { useDealership } from '@/features/dealerships/api/get-dealership';
import { paths, type CampaignTab } from '@/lib/paths';
import { useDealershipIds } from '../route-params';

/**
 * The source chooser of a dealership without campaigns, loaded only when it is shown: its radio
 * cards (Mantine's Radio) are not in the list's first load (docs/performance.md, 200 KB budget).
 */
const SourceChooserEmptyState = lazy(() =>
  import('@/features/campaign-wizard/components/source-chooser-empty-state').then((module) => ({
    default: module.SourceChooserEmptyState,
  })),
);

/** The tab a campaigns URL is on, from the path after `/campaigns/`. */
export function campaignTabOf(pathname: string): CampaignTab {
  const rest = pathname.split('/campaigns/')[1] ?? '';
  if (rest.startsWith('self-service/list')) return 'self-service/list';
  if (rest.startsWith('breakdown')) return 'breakdown';
  return 'list';
}

/** Title, tabs and action above the three tab routes (spec 000 §2.1). */
export function CampaignsTabsLayout() {
  const { organizationId, dealershipId } = useDealershipIds();
  const location = useLocation();
  return (
    <>
      <CampaignsHeader
        organizationId={organizationId}
        dealershipId={dealershipId}
        activeTab={campaignTabOf(location.pathname)}
      />
      <Outlet />
    </>
  );
}

/** `campaigns/list`: the managed campaigns list, with the create modal routes over it. */
export function ManagedCampaignsRoute() {
  const { organizationId, dealershipId } = useDealershipIds();
  const navigate = useNavigate();
  const dealershipQuery = useDealership(organizationId, dealershipId);
  if (!dealershipQuery.data) return <PageLoader />;
  const dealership = dealershipQuery.data;
  const listPath = paths.campaigns(organizationId, dealershipId, 'list');

  return (
    <>
      <ManagedCampaigns
        organizationId={organizationId}
        dealershipId={dealershipId}
        showBudgetType={dealership.organization.show_budget_type}
        hasSoldReportSource={dealership.has_sold_report_source}
        emptyState={
          <Suspense fallback={<PageLoader />}>
            <SourceChooserEmptyState onContinue={(source) => void navigate(`${listPath}/create/${source}`)} />
          </Suspense>
        }
      />
      <Outlet />
    </>
  );
}

/** Any unknown path under a dealership's campaigns: the managed list. */
export function CampaignsRedirect() {
  const { organizationId, dealershipId } = useDealershipIds();
  return <Navigate to={paths.campaigns(organizationId, dealershipId, 'list')} replace />;
}
