import { useMatches, useParams } from 'react-router';
import { CampaignReport } from '@/features/campaign-reports/components/campaign-report';
import { toCampaignId, useDealershipIds } from '../route-params';

/** `campaigns/{product segment}/:campaignId`: the campaign's report page. */
export function CampaignReportRoute() {
  const { organizationId, dealershipId } = useDealershipIds();
  const { campaignId } = useParams();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { productSegment?: string } | undefined;

  return (
    <CampaignReport
      key={campaignId}
      organizationId={organizationId}
      dealershipId={dealershipId}
      campaignId={toCampaignId(campaignId)}
      productSegment={handle?.productSegment ?? ''}
    />
  );
}
