import { type RecordEventBody } from '@portal/contracts';
import { callOperation } from '@/lib/api-client';

/** Records an analytics event; callers fire and forget (a failure never blocks the user). */
export async function recordEvent(organizationId: number, dealershipId: number, body: RecordEventBody): Promise<void> {
  await callOperation('recordEvent', {
    params: { organization_id: organizationId, dealership_id: dealershipId },
    body,
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
