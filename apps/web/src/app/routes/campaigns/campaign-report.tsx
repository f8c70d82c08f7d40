import { useMatches, useParams } from 'react-router';
import { CampaignReport } from '@/features/campaign-reports/components/campaign-report';
import { useDealership } from '@/features/dealerships/api/get-dealership';
import { toCampaignId, useDealershipIds } from '../route-params';

/** `campaigns/{product segment}/:campaignId`: the campaign's report page. */
export function CampaignReportRoute() {
  const { organizationId, dealershipId } = useDealershipIds();
  const { campaignId } = useParams();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { productSegment?: string } | undefined;
  // The dealership is already loaded by its layout: calls and leads are dated in its zone.
  const dealership = useDealership(organizationId, dealershipId);

  return (
    <CampaignReport
      key={campaignId}
      organizationId={organizationId}
      dealershipId={dealershipId}
      campaignId={toCampaignId(campaignId)}
      productSegment={handle?.productSegment ?? ''}
      timeZone={dealership.data?.organization.time_zone}
    />
  );
}
