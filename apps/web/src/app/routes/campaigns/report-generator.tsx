import { ROLE_AGENCY_ADMIN, todayInZone } from '@portal/contracts';
import { useLocation, useNavigate } from 'react-router';
import { useMe } from '@/features/auth/api/get-me';
import { useDealership } from '@/features/dealerships/api/get-dealership';
import { ReportGeneratorModal } from '@/features/report-generator/components/report-generator-modal';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { paths } from '@/lib/paths';
import { useDealershipIds } from '../route-params';

/** `campaigns/breakdown/create`: the report generator over the Month over Month tab (spec 001 §2.13). */
export function ReportGeneratorRoute() {
  const { organizationId, dealershipId } = useDealershipIds();
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMe();
  const dealership = useDealership(organizationId, dealershipId);
  const returnFocus = useReturnFocus();
  if (!me.data || !dealership.data) return null;
  const close = () => {
    void navigate({ pathname: paths.campaigns(organizationId, dealershipId, 'breakdown'), search: location.search });
    returnFocus();
  };
  return (
    <ReportGeneratorModal
      organizationId={organizationId}
      dealershipId={dealershipId}
      userEmail={me.data.email}
      today={todayInZone(new Date(), dealership.data.organization.time_zone)}
      dealershipTimeZone={dealership.data.organization.time_zone}
      canManageDomains={(me.data.role_id ?? 3) <= ROLE_AGENCY_ADMIN}
      onClose={close}
    />
  );
}
