import { ROLE_AGENCY_ADMIN, ROLE_PLATFORM_STAFF } from '@portal/contracts';
import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { NotFoundState } from '@/components/ui/not-found-state';
import { PageLoader } from '@/components/ui/page-loader';
import {
  AgencyOverview,
  isOverviewSort,
  type OverviewState,
} from '@/features/agency-overview/components/agency-overview';
import { AgenciesAdmin } from '@/features/agencies/components/agencies-admin';
import { AuditLog } from '@/features/audit-log/components/audit-log';
import { AttributionSettings } from '@/features/attribution/components/attribution-settings';
import { BrandingSettings } from '@/features/branding/components/branding-settings';
import { DataHealth } from '@/features/data-health/components/data-health';
import { useMe } from '@/features/auth/api/get-me';
import { useDealerships } from '@/features/dealerships/api/list-dealerships';
import { UsersAdmin } from '@/features/users/components/users-admin';
import { useDateRangeParams } from '@/hooks/use-date-range-params';
import { useRouteIds } from './route-params';

/** The agency pages of roles 1–2 (issue 23): anyone else, or a bad id, gets the not-found state. */
function AgencyAdminOnly({ children }: { children: (organizationId: number, meId: number) => ReactNode }) {
  const { organizationId } = useRouteIds();
  const me = useMe();
  if (me.isPending) return <PageLoader />;
  if (organizationId === null || !me.data || me.data.role_id > ROLE_AGENCY_ADMIN)
    return <NotFoundState title="Page not found" description="This page is for agency administrators." />;
  return <>{children(organizationId, me.data.id)}</>;
}

/** `/dashboard/agency/:organizationId/overview?startDate&endDate&compare&q&sort&desc` (issue 23 §1). */
export function AgencyOverviewRoute() {
  const [range, setRange] = useDateRangeParams();
  const [params, setParams] = useSearchParams();
  const sort = params.get('sort');
  const state: OverviewState = useMemo(
    () => ({
      ...range,
      q: params.get('q') ?? undefined,
      sort: isOverviewSort(sort) ? sort : 'name',
      desc: params.get('desc') === 'true',
      compare: params.get('compare') === '1',
    }),
    [range, params, sort],
  );
  // A sort the page does not know (an edited or old link) is dropped from the address, so the URL
  // says the order shown (by name) and can be shared as it is.
  useEffect(() => {
    if (sort === null || isOverviewSort(sort)) return;
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        out.delete('sort');
        return out;
      },
      { replace: true },
    );
  }, [sort, setParams]);
  const onChange = useCallback(
    (next: Partial<OverviewState>) => {
      if (next.startDate && next.endDate) {
        setRange({ startDate: next.startDate, endDate: next.endDate });
        return;
      }
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          const put = (key: string, value: string | null) => {
            if (value) out.set(key, value);
            else out.delete(key);
          };
          if (next.q !== undefined) put('q', next.q);
          if (next.sort !== undefined) put('sort', next.sort);
          if (next.desc !== undefined) put('desc', next.desc ? 'true' : null);
          if (next.compare !== undefined) put('compare', next.compare ? '1' : null);
          return out;
        },
        { replace: next.q !== undefined },
      );
    },
    [setParams, setRange],
  );
  return (
    <AgencyAdminOnly>
      {(organizationId) => <AgencyOverview organizationId={organizationId} state={state} onChange={onChange} />}
    </AgencyAdminOnly>
  );
}

function UsersPage({ organizationId, meId }: { organizationId: number; meId: number }) {
  const dealerships = useDealerships(organizationId);
  if (dealerships.isPending) return <PageLoader />;
  return (
    <UsersAdmin
      organizationId={organizationId}
      meId={meId}
      dealerships={(dealerships.data?.data ?? []).map((d) => ({ id: d.id, name: d.name }))}
    />
  );
}

/** `/dashboard/agency/:organizationId/users` (issue 23 §2). */
export function UsersRoute() {
  return (
    <AgencyAdminOnly>
      {(organizationId, meId) => <UsersPage organizationId={organizationId} meId={meId} />}
    </AgencyAdminOnly>
  );
}

/** `/dashboard/agency/:organizationId/audit-log?user&action&from&to&page` (issue 23 §3). */
export function AuditLogRoute() {
  return <AgencyAdminOnly>{(organizationId) => <AuditLog organizationId={organizationId} />}</AgencyAdminOnly>;
}

/** `/dashboard/agency/:organizationId/data-health` (issue 21 §1; roles 1–2). */
export function DataHealthRoute() {
  return <AgencyAdminOnly>{(organizationId) => <DataHealth organizationId={organizationId} />}</AgencyAdminOnly>;
}

/** `/dashboard/agency/:organizationId/branding` (issue 20 §4; roles 1–2). */
export function BrandingRoute() {
  return <AgencyAdminOnly>{(organizationId) => <BrandingSettings organizationId={organizationId} />}</AgencyAdminOnly>;
}

/** `/dashboard/agency/:organizationId/attribution` (issue 22 §2): the agency's attribution window, model and aged threshold. */
export function AttributionSettingsRoute() {
  return (
    <AgencyAdminOnly>{(organizationId) => <AttributionSettings organizationId={organizationId} />}</AgencyAdminOnly>
  );
}

/** `/admin/agencies` (issue 23 §2): platform staff only; anyone else gets the not-found state. */
export function AdminAgenciesRoute() {
  const me = useMe();
  if (me.isPending) return <PageLoader />;
  if (me.data?.role_id !== ROLE_PLATFORM_STAFF)
    return <NotFoundState title="Page not found" description="This page is for platform staff." />;
  return <AgenciesAdmin />;
}
