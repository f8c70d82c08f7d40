import { Stack } from '@mantine/core';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { SourceChooserEmptyState } from '@/features/campaign-wizard/components/source-chooser-empty-state';
import { useManagedCampaignsExist } from '@/features/campaigns/api/list-managed-campaigns';
import { CampaignsHeader } from '@/features/campaigns/components/campaigns-header';
import { ManagedCampaigns } from '@/features/campaigns/components/managed-campaigns';
import { useDealership } from '@/features/dealerships/api/get-dealership';
import { MonthOverMonthIntro } from '@/features/month-over-month/components/month-over-month-intro';
import { MonthOverMonthReport, parseDateFilter } from '@/features/month-over-month/components/month-over-month-report';
import { ScheduledReports } from '@/features/report-generator/components/scheduled-reports';
import { SelfServiceCampaigns } from '@/features/self-service/components/self-service-campaigns';
import { SelfServiceEmptyState } from '@/features/self-service/components/self-service-empty-state';
import { defaultReportRange } from '@/lib/dates';
import { paths, type CampaignTab } from '@/lib/paths';
import { useDealershipIds } from '../route-params';

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
        emptyState={<SourceChooserEmptyState onContinue={(source) => void navigate(`${listPath}/create/${source}`)} />}
      />
      <Outlet />
    </>
  );
}

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

/**
 * `campaigns/breakdown?dateFilter=3_month|6_month`: the introduction, the month-over-month tables
 * and the user's scheduled reports; without managed campaigns, the source chooser (spec 001 §2.12).
 */
export function MonthOverMonthRoute() {
  const { organizationId, dealershipId } = useDealershipIds();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const dateFilter = parseDateFilter(searchParams.get('dateFilter'));
  const existQuery = useManagedCampaignsExist({ organizationId, dealershipId, ...defaultReportRange() });
  const listPath = paths.campaigns(organizationId, dealershipId, 'list');

  return (
    <>
      <Stack gap="lg">
        <MonthOverMonthIntro />
        {existQuery.isPending ? (
          <PageLoader />
        ) : existQuery.data === false ? (
          <SourceChooserEmptyState
            description="Month over month comparisons appear once the dealership has campaigns. Create or import your first ones."
            onContinue={(source) => void navigate(`${listPath}/create/${source}`)}
          />
        ) : (
          <>
            <MonthOverMonthReport
              organizationId={organizationId}
              dealershipId={dealershipId}
              dateFilter={dateFilter}
              onDateFilterChange={(filter) =>
                setSearchParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    next.set('dateFilter', filter);
                    return next;
                  },
                  { replace: true },
                )
              }
            />
            <ScheduledReports organizationId={organizationId} dealershipId={dealershipId} />
          </>
        )}
      </Stack>
      <Outlet />
    </>
  );
}

/** Any unknown path under a dealership's campaigns: the managed list. */
export function CampaignsRedirect() {
  const { organizationId, dealershipId } = useDealershipIds();
  return <Navigate to={paths.campaigns(organizationId, dealershipId, 'list')} replace />;
}
