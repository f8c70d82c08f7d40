import { defaultReportRange } from '@portal/contracts';
import { Stack } from '@mantine/core';
import { Outlet, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { SourceChooserEmptyState } from '@/features/campaign-wizard/components/source-chooser-empty-state';
import { useManagedCampaignsExist } from '@/features/campaigns/api/list-managed-campaigns';
import { useDealership } from '@/features/dealerships/api/get-dealership';
import { MonthOverMonthIntro } from '@/features/month-over-month/components/month-over-month-intro';
import { MonthOverMonthReport, parseDateFilter } from '@/features/month-over-month/components/month-over-month-report';
import { ScheduledReports } from '@/features/report-generator/components/scheduled-reports';
import { paths } from '@/lib/paths';
import { useDealershipIds } from '../route-params';

// Its own route module, so the managed list's first load does not carry the month-over-month code.
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
  const dealership = useDealership(organizationId, dealershipId);
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
            <ScheduledReports
              organizationId={organizationId}
              dealershipId={dealershipId}
              dealershipTimeZone={dealership.data?.organization.time_zone ?? null}
            />
          </>
        )}
      </Stack>
      <Outlet />
    </>
  );
}
