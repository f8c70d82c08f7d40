import { alertRuleSchema, alertStateSchema, ROLE_AGENCY_ADMIN } from '@portal/contracts';
import { useSearchParams } from 'react-router';
import { NotFoundState } from '@/components/ui/not-found-state';
import { PageLoader } from '@/components/ui/page-loader';
import { useMe } from '@/features/auth/api/get-me';
import type { AlertFilters } from '@/features/alerts/api/alerts';
import { AlertCentre } from '@/features/alerts/components/alert-centre';
import { useRouteIds } from './route-params';

const STATES = new Set<string>(['unresolved', 'all', ...alertStateSchema.options]);
const RULES = new Set<string>(alertRuleSchema.options);
const positive = (text: string | null) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

/** The filters from the URL (`dealership`, `campaign`, `rule`, `state`, `page`); bad values are dropped. */
function useAlertFilters(): [AlertFilters, (next: Partial<AlertFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const rule = params.get('rule');
  const state = params.get('state');
  const page = positive(params.get('page'));
  const filters: AlertFilters = {
    dealership_id: positive(params.get('dealership')),
    campaign_id: positive(params.get('campaign')),
    rule: rule && RULES.has(rule) ? (rule as AlertFilters['rule']) : undefined,
    state: state && STATES.has(state) ? (state as AlertFilters['state']) : 'unresolved',
    pageIndex: page ? page - 1 : 0,
  };
  const set = (next: Partial<AlertFilters>) =>
    setParams((current) => {
      const merged = { ...filters, pageIndex: 0, ...next };
      const out = new URLSearchParams(current);
      const put = (key: string, value: string | number | undefined) =>
        value === undefined || value === '' ? out.delete(key) : out.set(key, String(value));
      put('dealership', merged.dealership_id);
      put('campaign', merged.campaign_id);
      put('rule', merged.rule);
      put('state', merged.state === 'unresolved' ? undefined : merged.state);
      put('page', merged.pageIndex && merged.pageIndex > 0 ? merged.pageIndex + 1 : undefined);
      return out;
    });
  return [filters, set];
}

/** `/dashboard/agency/:organizationId/alerts?dealership&campaign&rule&state&page` (issue 21 §3; every role). */
export function AlertsRoute() {
  const { organizationId } = useRouteIds();
  const me = useMe();
  const [filters, setFilters] = useAlertFilters();
  if (me.isPending) return <PageLoader />;
  if (organizationId === null || !me.data) return <NotFoundState title="Page not found" />;
  return (
    <AlertCentre
      organizationId={organizationId}
      filters={filters}
      onChange={setFilters}
      canManage={me.data.role_id <= ROLE_AGENCY_ADMIN}
    />
  );
}
