import { parseId } from '@portal/contracts';
import { useParams } from 'react-router';

/** A path parameter as a positive database id; null when absent or not one. */
export function toId(value: string | undefined): number | null {
  return parseId(value);
}

/** The agency and dealership ids of the current URL; null when absent or not a valid id. */
export function useRouteIds(): { organizationId: number | null; dealershipId: number | null } {
  const params = useParams();
  return { organizationId: toId(params.organizationId), dealershipId: toId(params.dealershipId) };
}

/** Inside the dealership layout both ids are known to be valid. */
export function useDealershipIds(): { organizationId: number; dealershipId: number } {
  const { organizationId, dealershipId } = useRouteIds();
  if (organizationId === null || dealershipId === null) {
    throw new Error(
      'useDealershipIds is only available under /dashboard/agency/:organizationId/dealership/:dealershipId',
    );
  }
  return { organizationId, dealershipId };
}

export function toCampaignId(value: string | undefined): number | null {
  return toId(value);
}
