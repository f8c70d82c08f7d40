import { type RecordEventBody } from '@portal/contracts';
import { api } from '@/lib/api-client';

/** Records an analytics event; callers fire and forget (a failure never blocks the user). */
export function recordEvent(organizationId: number, dealershipId: number, body: RecordEventBody): Promise<void> {
  return api.post(`/api/agencies/${organizationId}/dealership/${dealershipId}/analytics/events`, body, {
    keepalive: true,
  });
}

export function recordCreateCampaignEvent(
  organizationId: number,
  dealershipId: number,
  tab: NonNullable<RecordEventBody['properties']['tab']>,
): void {
  recordEvent(organizationId, dealershipId, { name: 'create_campaign', properties: { tab } }).catch(() => {
    // Analytics is best effort.
  });
}
