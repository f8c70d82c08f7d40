import { useParams } from 'react-router';
import { SelfServiceReport } from '@/features/campaign-reports/components/self-service-report';
import { useDealership } from '@/features/dealerships/api/get-dealership';
import { paths } from '@/lib/paths';
import { toCampaignId, useDealershipIds } from '../route-params';

/** `campaigns/self-service/:campaignId`: a self-service campaign's report (spec 001 §2.11). */
export function SelfServiceReportRoute() {
  const { organizationId, dealershipId } = useDealershipIds();
  const { campaignId } = useParams();
  const dealership = useDealership(organizationId, dealershipId);
  return (
    <SelfServiceReport
      key={campaignId}
      organizationId={organizationId}
      dealershipId={dealershipId}
      campaignId={toCampaignId(campaignId)}
      dealershipName={dealership.data?.name}
      listPath={paths.campaigns(organizationId, dealershipId, 'self-service/list')}
    />
  );
}
