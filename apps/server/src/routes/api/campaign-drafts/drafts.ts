import type * as z from 'zod';
import type { RouteModule } from '../../route-module';
import {
  MAX_CREATIVE_SLOTS,
  campaignDraftOperations,
  creativeSlots,
  type NonInventoryProductCode,
  type WizardProductCode,
  type draftDataSchema,
} from '@portal/contracts';
import { registerOperation } from '../../register';
import { notFound } from '../../../lib/errors';
import {
  addDraftCreative,
  createDraft,
  deleteDraft,
  deleteDraftCreatives,
  getDraft,
  listIncompleteDrafts,
  setDraftCreatives,
  toDraft,
  updateDraft,
} from '../../../repositories/campaign-drafts';
import { findDuplicateUploads } from '../../../repositories/creative-uploads';
import {
  NOT_UPLOADED,
  badRequest,
  checkCreativeLinks,
  checkFlight,
  dealershipOf,
  duplicateFile,
  tooManyCreatives,
} from './checks';

type DraftData = z.infer<typeof draftDataSchema>;

/**
 * The draft of a campaign being created (spec 001 §4 "Draft lifecycle", §7): create, list the
 * unfinished ones, save a step, discard. Every route runs `requireTenant` first; drafts are looked
 * up by id and dealership, so another dealership's draft is 404.
 */
const draftRoutes: RouteModule = async (app, options) => {
  /**
   * `POST .../campaigns` `{ pacing_id (unix s), product_code (upper case), objective?, is_incomplete: 1,
   * creatives? (comma-joined links of uploaded creatives, recorded on the draft) }` → 201
   * `{ link_campaign_id }`: the draft (spec 001 §4 "Draft lifecycle"), with `wizard_state` (the
   * wizard's form so far, issue 25 items 1, 2) when sent. 400 for a link that is not an
   * upload of this dealership in the ledger, or whose file is missing, too large or of another type
   * (`checkCreativeLink`); 409 for the same file twice (issue 25 item 8).
   */
  registerOperation(app, campaignDraftOperations.createDraft, async (request, reply) => {
    const dealershipId = request.params.dealership_id;
    const links = [...new Set((request.body.creatives ?? '').split(',').filter(Boolean))];
    const slots = creativeSlots[request.body.product_code as NonInventoryProductCode];
    await checkCreativeLinks(app, dealershipId, links, request.body.product_code, 'creatives');
    if ((await findDuplicateUploads(app.db, { dealershipId, keys: links })).length > 0)
      throw duplicateFile('creatives');
    const id = await createDraft(app.db, {
      dealershipId,
      userId: request.user!.id,
      productCode: request.body.product_code,
      pacingId: request.body.pacing_id,
      objective: request.body.objective,
      wizardState: request.body.wizard_state,
    });
    for (const link of links) {
      const added = await addDraftCreative(app.db, {
        dealershipId,
        draftId: id,
        storageKey: link,
        isActive: true,
        maxSlots: Math.min(slots ?? 0, MAX_CREATIVE_SLOTS),
      });
      if (added === 'unknown') throw badRequest(NOT_UPLOADED, 'creatives');
      if (added === 'duplicate') throw duplicateFile('creatives');
    }
    return reply.status(201).send({ link_campaign_id: id });
  });

  /** `GET .../campaigns/incomplete?pageIndex&pageSize` → `{ data: draft[], pagination: { total } }`, newest first; `cache-control: no-store`. */
  registerOperation(app, campaignDraftOperations.listIncompleteDrafts, async (request, reply) => {
    const { data, total } = await listIncompleteDrafts(app.db, {
      dealershipId: request.params.dealership_id,
      ...request.query,
    });
    reply.header('cache-control', 'no-store');
    return { data, pagination: { total } };
  });

  /**
   * `PATCH .../campaigns/{link_campaign_id}` with `{ data, link_campaign_id }` (or the fields alone):
   * saves a step (objective; allowed_vehicle_states + filter fields; dates, zip, name, budget;
   * notes; creatives: comma-joined links, each checked as on `POST .../campaigns/creative` and
   * recorded on the draft; `wizard_state`: the wizard's whole form, issue 25 items 1, 2 — a save
   * without it clears it) → the draft. 400 for a link that is not an upload of this dealership
   * (`checkCreativeLink`); 404 when the draft is not an incomplete draft of this dealership; 422 with
   * the field's path when the saved dates or budget (as they would be after this save) break the
   * flight rules (`checkFlight`).
   */
  registerOperation(app, campaignDraftOperations.patchDraft, async (request) => {
    const body = request.body;
    const data: DraftData = 'data' in body && typeof body.data === 'object' ? body.data : (body as DraftData);
    if ('link_campaign_id' in body && body.link_campaign_id !== request.params.link_campaign_id)
      throw badRequest('link_campaign_id does not match the path', 'link_campaign_id');
    const { dealership_id: dealershipId, link_campaign_id: draftId } = request.params;
    if (data.start_date !== undefined || data.end_date !== undefined || data.budget !== undefined) {
      const draft = await getDraft(app.db, { dealershipId, draftId });
      if (!draft || draft.isIncomplete !== 1) throw notFound('Draft not found');
      const dealership = await dealershipOf(app, request.params);
      checkFlight(
        options.clock(),
        dealership.organization.time_zone,
        (data.product_code ?? draft.productCode) as WizardProductCode,
        {
          start_date: data.start_date ?? draft.startDate,
          end_date: data.end_date ?? draft.endDate,
          budget: data.budget ?? draft.budget,
        },
        new Set(Object.keys(data)),
      );
    }
    if (typeof data.creatives === 'string') {
      const draft = await getDraft(app.db, { dealershipId, draftId });
      if (!draft || draft.isIncomplete !== 1) throw notFound('Draft not found');
      const productCode = data.product_code ?? draft.productCode;
      const links = [...new Set(data.creatives.split(',').filter(Boolean))];
      await checkCreativeLinks(app, dealershipId, links, productCode, 'creatives');
      const slots = creativeSlots[productCode as NonInventoryProductCode] ?? 0;
      const result = await setDraftCreatives(app.db, {
        dealershipId,
        draftId,
        links,
        maxSlots: Math.min(slots, MAX_CREATIVE_SLOTS),
      });
      if (result === null) throw notFound('Draft not found');
      if (result === 'unknown') throw badRequest(NOT_UPLOADED, 'creatives');
      if (result === 'full') throw tooManyCreatives(slots, 'creatives');
      if (result === 'duplicate') throw duplicateFile('creatives');
    }
    const row = await updateDraft(app.db, { dealershipId, draftId, data: data as Record<string, unknown> });
    if (!row) throw notFound('Draft not found');
    return toDraft(row);
  });

  /**
   * `DELETE .../campaigns/{link_campaign_id}` → 204: discards an unfinished draft and its creatives;
   * deletes the files of those creatives that no other draft or created campaign records (already
   * gone: 204).
   */
  registerOperation(app, campaignDraftOperations.deleteDraft, async (request, reply) => {
    const keys = await deleteDraft(app.db, {
      dealershipId: request.params.dealership_id,
      draftId: request.params.link_campaign_id,
    });
    for (const key of keys ?? []) await app.storage.delete(key);
    return reply.status(204).send(null);
  });

  /** `DELETE .../campaigns/{link_campaign_id}/creative` → 204: removes the draft's creatives and the files nothing else records (none: 204). */
  registerOperation(app, campaignDraftOperations.deleteDraftCreatives, async (request, reply) => {
    const keys = await deleteDraftCreatives(app.db, {
      dealershipId: request.params.dealership_id,
      draftId: request.params.link_campaign_id,
    });
    for (const key of keys ?? []) await app.storage.delete(key);
    return reply.status(204).send(null);
  });
};
export default draftRoutes;
