import { notFound } from '../../../lib/errors';
import { findSelfServiceCampaign } from '../../../repositories/self-service';
import type { App } from '../../../types';

/** The self-service campaign of the path's dealership; 404 'Campaign not found' for any other (spec 001 §7). */
export async function loadCampaign(app: App, params: { dealership_id: number; campaign_id: number }) {
  const campaign = await findSelfServiceCampaign(app.db, {
    dealershipId: params.dealership_id,
    campaignId: params.campaign_id,
  });
  if (!campaign) throw notFound('Campaign not found');
  return campaign;
}
