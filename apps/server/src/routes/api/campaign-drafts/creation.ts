import type { FastifyReply } from 'fastify';
import type { RouteModule } from '../../route-module';
import {
  campaignDraftOperations,
  inventoryFilterKeys,
  vendorCampaignName,
  type WizardProductCode,
} from '@portal/contracts';
import { registerOperation } from '../../register';
import { notFound } from '../../../lib/errors';
import { finaliseDraft, getDraft } from '../../../repositories/campaign-drafts';
import { badRequest, checkFlight, dealershipOf } from './checks';

/** What both creation calls check before the draft is finalised. */
interface CreationFields {
  vendor_campaign_name: string;
  campaign_display_name: string;
  product_code: string;
  pacing_id: number;
  start_date: string;
  end_date: string;
  budget: number;
  link_campaign_id: number;
}

/**
 * The two creation calls (spec 001 §4 "Final creation", §7): they turn a draft into a pending
 * managed campaign. Idempotent: the draft row is locked, and a draft already created answers its
 * campaign again (200).
 */
const creationRoutes: RouteModule = async (app, options) => {
  /**
   * `vendor_campaign_name` must be '{dealership} - {name} [{CODE}{pacing id}]' (400 at the field), and
   * the flight rules hold (422 with the field's path) — except for a retry of a draft already turned
   * into its campaign, which answers that campaign again even after its start date has passed.
   */
  async function checkCreation(params: { organization_id: number; dealership_id: number }, body: CreationFields) {
    const dealership = await dealershipOf(app, params);
    const expected = vendorCampaignName(dealership.name, body.campaign_display_name, body.product_code, body.pacing_id);
    if (body.vendor_campaign_name !== expected)
      throw badRequest(`vendor_campaign_name must be '${expected}'`, 'vendor_campaign_name');
    const draft = await getDraft(app.db, { dealershipId: params.dealership_id, draftId: body.link_campaign_id });
    if (draft?.isIncomplete === 1)
      checkFlight(options.clock(), dealership.organization.time_zone, body.product_code as WizardProductCode, body);
  }

  /**
   * Finalises the draft: whether this call created the campaign is decided inside the transaction that
   * holds the draft's row lock, so two concurrent submits get one 201 and one 200 with the same
   * campaign. 404 for a draft that is not this dealership's; 400 for another product than the
   * draft's, or creatives not recorded on this draft.
   */
  async function finalise(
    reply: FastifyReply,
    dealershipId: number,
    params: Omit<Parameters<typeof finaliseDraft>[1], 'dealershipId'>,
  ) {
    const result = await finaliseDraft(app.db, { dealershipId, ...params });
    if (result === null) throw notFound('Draft not found');
    if (result === 'product') throw badRequest("product_code is not the draft's product", 'product_code');
    if (result === 'creatives') throw badRequest('Every creative must be uploaded to this draft first', 'creatives');
    reply.status(result.created ? 201 : 200);
    return {
      client_campaign_id: result.campaignId,
      link_campaign_id: params.draftId,
      campaign_status: result.status,
      vendor_campaign_name: result.vendorCampaignName,
    };
  }

  /**
   * `POST .../campaigns/create-inventory-campaign` (spec 001 §7) → 201 `{ client_campaign_id,
   * link_campaign_id, campaign_status: 'pending', vendor_campaign_name }`. Validates the body
   * (`checkCreation`), finalises the draft (is_incomplete 0) and records a pending managed campaign.
   * Sending it again for the same draft answers 200 with the same campaign.
   */
  registerOperation(app, campaignDraftOperations.createInventoryCampaign, async (request, reply) => {
    const body = request.body;
    await checkCreation(request.params, body);
    const filters: Record<string, string | number | null> = {};
    for (const key of inventoryFilterKeys) filters[key] = body[key];
    return finalise(reply, request.params.dealership_id, {
      draftId: body.link_campaign_id,
      productCode: body.product_code,
      displayName: body.campaign_display_name,
      vendorCampaignName: body.vendor_campaign_name,
      productName: body.product,
      startDate: body.start_date,
      endDate: body.end_date,
      budget: body.budget,
      notes: body.notes,
      zip: body.zip,
      allowedVehicleStates: body.allowed_vehicle_states,
      filters,
      request: body,
    });
  });

  /**
   * `POST .../campaigns/create-noninventory-campaign` (spec 001 §7) → 201 as above. `audience` is a
   * list of 'name (size)' or ['None']; `creatives` comma-joined links, each recorded on this draft
   * (so in the uploads ledger for this dealership), else 400. Checked as the inventory call.
   */
  registerOperation(app, campaignDraftOperations.createNonInventoryCampaign, async (request, reply) => {
    const body = request.body;
    await checkCreation(request.params, body);
    return finalise(reply, request.params.dealership_id, {
      draftId: body.link_campaign_id,
      productCode: body.product_code,
      displayName: body.campaign_display_name,
      vendorCampaignName: body.vendor_campaign_name,
      productName: body.product,
      startDate: body.start_date,
      endDate: body.end_date,
      budget: body.budget,
      notes: body.notes,
      zip: body.zip,
      objective: body.objective,
      creatives: body.creatives,
      request: body,
    });
  });
};
export default creationRoutes;
