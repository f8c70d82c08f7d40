import { useParams } from 'react-router';
import { AudienceDetails } from '@/features/audiences/components/audience-details';
import { NotFoundState } from '@/components/ui/not-found-state';
import { toCampaignId, useDealershipIds } from '../route-params';

/** `customers/audiences/:audienceId/details`. */
export function AudienceDetailsRoute() {
  const { organizationId, dealershipId } = useDealershipIds();
  const { audienceId } = useParams();
  const id = toCampaignId(audienceId);
  if (id === null) return <NotFoundState title="Audience not found" />;
  return <AudienceDetails key={id} organizationId={organizationId} dealershipId={dealershipId} audienceId={id} />;
}
