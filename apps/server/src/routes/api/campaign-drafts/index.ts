import crypto from 'node:crypto';
import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CREATIVES_BUCKET,
  createCampaignResponseSchema,
  createDraftBodySchema,
  createDraftResponseSchema,
  createInventoryCampaignBodySchema,
  createNonInventoryCampaignBodySchema,
  creativeMessages,
  creativeSlots,
  creativeUploadRules,
  draftParamsSchema,
  type draftDataSchema,
  draftSchema,
  errorResponseSchema,
  flightErrors,
  inventoryFilterKeys,
  listIncompleteQuerySchema,
  listIncompleteResponseSchema,
  MAX_CREATIVE_SLOTS,
  patchDraftBodySchema,
  recordCreativeBodySchema,
  recordCreativeResponseSchema,
  signCreativeUploadBodySchema,
  signCreativeUploadResponseSchema,
  tenantParamsSchema,
  todayInZone,
  vendorCampaignName,
  type FlightFields,
  type NonInventoryProductCode,
  type WizardProductCode,
} from '@portal/contracts';
import { ApiError, notFound } from '../../../lib/errors';
import { contentMatchesType } from '../../../lib/storage/sniff';
import {
  addDraftCreative,
  createDraft,
  deleteDraft,
  deleteDraftCreatives,
  finaliseDraft,
  getDraft,
  listIncompleteDrafts,
  toDraft,
  updateDraft,
} from '../../../plugins/app/campaign-drafts-repository';
import { getDealership } from '../../../plugins/app/dealerships-repository';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  422: errorResponseSchema,
};
const badRequest = (message: string, path?: string) =>
  new ApiError(400, 'VALIDATION_FAILED', message, path ? [{ path, message }] : undefined);

/** How long a signed upload URL is valid. */
const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** `creatives/link/{sha256(user id)[0..16]}{sha256(file name)[0..16]}.{ext}` (spec 001 §7). */
export function creativeKey(userId: number, fileName: string): string {
  const hash = (value: string) => crypto.createHash('sha256').update(value).digest('hex').slice(0, 16);
  const extension = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1]?.toLowerCase();
  return `${CREATIVES_BUCKET}/link/${hash(String(userId))}${hash(fileName)}${extension ? `.${extension}` : ''}`;
}

const isCreativeLink = (link: string) =>
  link.startsWith(`${CREATIVES_BUCKET}/link/`) && !link.includes(',') && !link.includes('..');

/**
 * Campaign creation (spec 001 §4, §7): drafts, creatives and the two creation calls. Every route
 * runs `requireTenant` first; drafts are looked up by id and dealership, so another dealership's
 * draft is 404.
 */
const campaignDraftRoutes: FastifyPluginAsyncZod<{ clock: () => Date }> = async (app, options) => {
  app.addHook('preHandler', app.requireTenant);

  /**
   * Checks a stored creative again before it is recorded (whatever the storage driver: an S3
   * presigned PUT cannot enforce a maximum size): it exists, is within the product's size limit and,
   * for mob and aud, its bytes are of an accepted type. A refused file is deleted.
   */
  async function verifyStoredCreative(link: string, product: NonInventoryProductCode, path = 'creative_image') {
    const rule = creativeUploadRules[product];
    const head = rule ? await app.storage.getStream(link, { start: 0, end: 4099 }).catch(() => null) : null;
    if (!rule || !head) throw badRequest('The file has not been uploaded', path);
    const chunks: Buffer[] = [];
    for await (const chunk of head.body) chunks.push(chunk as Buffer);
    let problem: string | null = null;
    if (head.totalSize > rule.maxMb * 1024 * 1024) problem = creativeMessages.tooLarge(rule.maxMb);
    else if (rule.mimeTypes && !(await contentMatchesType(Buffer.concat(chunks), head.contentType)))
      problem = creativeMessages.wrongType;
    if (problem) {
      await app.storage.delete(link);
      throw badRequest(problem, path);
    }
  }

  /**
   * The flight and budget rules (issue 25 item 5, `flightErrors` in contracts): start on or after
   * today in the dealership organization's time zone, end on or after start, no longer than the
   * product allows, budget between the product's minimum and `MAX_CAMPAIGN_BUDGET`. Throws 422
   * `VALIDATION_FAILED` whose details name each refused field (`start_date`, `end_date`, `budget`).
   */
  function checkFlight(timeZone: string, product: WizardProductCode, fields: FlightFields, sent?: Set<string>) {
    let problems = flightErrors(product, fields, todayInZone(options.clock(), timeZone));
    // A draft save judges only what it sends (a start date saved yesterday is not refused today),
    // and the end date again when the start moves.
    if (sent) problems = problems.filter((p) => sent.has(p.path) || (p.path === 'end_date' && sent.has('start_date')));
    if (problems.length > 0) throw new ApiError(422, 'VALIDATION_FAILED', problems[0]!.message, problems);
  }

  /**
   * `POST .../campaigns` `{ pacing_id (unix s), product_code (upper case), objective?, is_incomplete: 1,
   * creatives? (comma-joined links of uploaded creatives, recorded on the draft) }` → 201
   * `{ link_campaign_id }`: the draft (spec 001 §4 "Draft lifecycle"). 400 for a link that was not uploaded.
   */
  app.post(
    '/campaigns',
    {
      schema: {
        tags: ['campaign-drafts'],
        summary: 'Create the draft of a new campaign',
        params: tenantParamsSchema,
        body: createDraftBodySchema,
        response: { 201: createDraftResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const links = (request.body.creatives ?? '').split(',').filter(Boolean);
      const slots = creativeSlots[request.body.product_code as NonInventoryProductCode];
      if (links.length > 0) {
        if (slots === undefined) throw badRequest('This product does not take custom creatives', 'creatives');
        if (links.length > slots) throw badRequest(`This product takes at most ${slots} creatives`, 'creatives');
        for (const link of links) {
          if (!isCreativeLink(link)) throw badRequest('Not a creative link', 'creatives');
          await verifyStoredCreative(link, request.body.product_code as NonInventoryProductCode, 'creatives');
        }
      }
      const id = await createDraft(app.db, {
        dealershipId: request.params.dealership_id,
        userId: request.user!.id,
        productCode: request.body.product_code,
        pacingId: request.body.pacing_id,
        objective: request.body.objective,
      });
      for (const link of links)
        await addDraftCreative(app.db, {
          dealershipId: request.params.dealership_id,
          draftId: id,
          storageKey: link,
          isActive: true,
          maxSlots: Math.min(slots ?? 0, MAX_CREATIVE_SLOTS),
        });
      return reply.status(201).send({ link_campaign_id: id });
    },
  );

  /** `GET .../campaigns/incomplete?pageIndex&pageSize` → `{ data: draft[], pagination: { total } }`, newest first; `cache-control: no-store`. */
  app.get(
    '/campaigns/incomplete',
    {
      schema: {
        tags: ['campaign-drafts'],
        summary: 'Unfinished drafts of the dealership',
        params: tenantParamsSchema,
        querystring: listIncompleteQuerySchema,
        response: { 200: listIncompleteResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { data, total } = await listIncompleteDrafts(app.db, {
        dealershipId: request.params.dealership_id,
        ...request.query,
      });
      reply.header('cache-control', 'no-store');
      return { data, pagination: { total } };
    },
  );

  /**
   * `PATCH .../campaigns/{link_campaign_id}` with `{ data, link_campaign_id }` (or the fields alone):
   * saves a step (objective; allowed_vehicle_states + filter fields; dates, zip, name, budget;
   * notes) → the draft. 404 when the draft is not an incomplete draft of this dealership. 422 with
   * the field's path when the saved dates or budget (as they would be after this save) break the
   * flight rules (`checkFlight`).
   */
  app.patch(
    '/campaigns/:link_campaign_id',
    {
      schema: {
        tags: ['campaign-drafts'],
        summary: 'Save a wizard step to the draft',
        params: draftParamsSchema,
        body: patchDraftBodySchema,
        response: { 200: draftSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const data = ('data' in body && typeof body.data === 'object' ? body.data : body) as z.infer<
        typeof draftDataSchema
      >;
      if ('link_campaign_id' in body && body.link_campaign_id !== request.params.link_campaign_id)
        throw badRequest('link_campaign_id does not match the path', 'link_campaign_id');
      if (data.start_date !== undefined || data.end_date !== undefined || data.budget !== undefined) {
        const draft = await getDraft(app.db, request.params.dealership_id, request.params.link_campaign_id);
        if (!draft || draft.isIncomplete !== 1) throw notFound('Draft not found');
        const dealership = await dealershipOf(request.params);
        checkFlight(
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
      const row = await updateDraft(
        app.db,
        request.params.dealership_id,
        request.params.link_campaign_id,
        data as Record<string, unknown>,
      );
      if (!row) throw notFound('Draft not found');
      return toDraft(row);
    },
  );

  /** `DELETE .../campaigns/{link_campaign_id}` → 204: discards an unfinished draft, its creatives and their files (already gone: 204). */
  app.delete(
    '/campaigns/:link_campaign_id',
    {
      schema: {
        tags: ['campaign-drafts'],
        summary: 'Discard an unfinished draft',
        params: draftParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const keys = await deleteDraft(app.db, request.params.dealership_id, request.params.link_campaign_id);
      for (const key of keys ?? []) await app.storage.delete(key);
      return reply.status(204).send(null);
    },
  );

  /** `DELETE .../campaigns/{link_campaign_id}/creative` → 204: removes the draft's creatives and their files (none: 204). */
  app.delete(
    '/campaigns/:link_campaign_id/creative',
    {
      schema: {
        tags: ['campaign-drafts'],
        summary: "Discard an unfinished draft's creatives",
        params: draftParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const keys = await deleteDraftCreatives(app.db, request.params.dealership_id, request.params.link_campaign_id);
      for (const key of keys ?? []) await app.storage.delete(key);
      return reply.status(204).send(null);
    },
  );

  /**
   * Upload signing (spec 001 §7): `POST .../campaigns/creative/upload-url` `{ mimeType, fileName,
   * bucket_name: 'creatives', product_code, fileSize? }` → `{ uploadUrl, link, expiresAt }`. The URL
   * is valid 15 minutes for one PUT of that content type up to the product's size limit (mob 1 MB,
   * others 100 MB). 400 with the spec's messages for spaces in the name, a wrong type or a size over the limit.
   */
  app.post(
    '/campaigns/creative/upload-url',
    {
      schema: {
        tags: ['campaign-drafts'],
        summary: 'Sign a creative upload',
        params: tenantParamsSchema,
        body: signCreativeUploadBodySchema,
        response: { 200: signCreativeUploadResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { mimeType, fileName, product_code: product, fileSize } = request.body;
      const rule = creativeUploadRules[product as NonInventoryProductCode];
      if (/\s/.test(fileName)) throw badRequest(creativeMessages.spaces, 'fileName');
      const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
      if (rule.extensions && rule.mimeTypes) {
        if (!rule.mimeTypes.includes(mimeType.toLowerCase()) || !rule.extensions.includes(extension))
          throw badRequest(creativeMessages.wrongType, 'mimeType');
      }
      if (!/^[\w.+-]+\/[\w.+-]+$/.test(mimeType)) throw badRequest(creativeMessages.wrongType, 'mimeType');
      const maxBytes = rule.maxMb * 1024 * 1024;
      if (fileSize !== undefined && fileSize > maxBytes)
        throw badRequest(creativeMessages.tooLarge(rule.maxMb), 'fileSize');
      const key = creativeKey(request.user!.id, fileName);
      const uploadUrl = await app.storage.signedUploadUrl(key, {
        contentType: mimeType.toLowerCase(),
        maxBytes,
        ttlSeconds: UPLOAD_URL_TTL_SECONDS,
        exactBytes: app.storage.kind === 's3' ? fileSize : undefined,
      });
      const expiresAt = new Date(options.clock().getTime() + UPLOAD_URL_TTL_SECONDS * 1000).toISOString();
      return { uploadUrl, link: key, expiresAt };
    },
  );

  /**
   * `POST .../campaigns/creative` `{ link_campaign_id, is_active, creative_image (the link) }` → 201
   * `{ id, link_campaign_id, creative_image, creatives }`: records an uploaded creative on the draft.
   * 400 when the file was not uploaded, is not a creative link, or the product's slots (mob 3, ott 1,
   * vid 2, aud 3; never more than 3) are full; 404 for a draft that is not this dealership's.
   */
  app.post(
    '/campaigns/creative',
    {
      schema: {
        tags: ['campaign-drafts'],
        summary: 'Record an uploaded creative on the draft',
        params: tenantParamsSchema,
        body: recordCreativeBodySchema,
        response: { 201: recordCreativeResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { link_campaign_id: draftId, creative_image: link, is_active: isActive } = request.body;
      const draft = await getDraft(app.db, request.params.dealership_id, draftId);
      if (!draft || draft.isIncomplete !== 1) throw notFound('Draft not found');
      if (!isCreativeLink(link)) throw badRequest('Not a creative link', 'creative_image');
      const slots = creativeSlots[draft.productCode as NonInventoryProductCode];
      if (slots === undefined) throw badRequest('This product does not take custom creatives', 'link_campaign_id');
      await verifyStoredCreative(link, draft.productCode as NonInventoryProductCode);
      const result = await addDraftCreative(app.db, {
        dealershipId: request.params.dealership_id,
        draftId,
        storageKey: link,
        isActive: isActive === 1,
        maxSlots: Math.min(slots, MAX_CREATIVE_SLOTS),
      });
      if (result === 'no-draft') throw notFound('Draft not found');
      if (result === 'full') throw badRequest(`This product takes at most ${slots} creatives`, 'creative_image');
      return reply
        .status(201)
        .send({ id: result.id, link_campaign_id: draftId, creative_image: link, creatives: result.creatives });
    },
  );

  async function dealershipOf(params: { organization_id: number; dealership_id: number }) {
    const dealership = await getDealership(app.db, params.organization_id, params.dealership_id);
    if (!dealership) throw notFound('Dealership not found');
    return dealership;
  }

  async function checkedName(
    params: { organization_id: number; dealership_id: number },
    body: {
      vendor_campaign_name: string;
      campaign_display_name: string;
      product_code: string;
      pacing_id: number;
      start_date: string;
      end_date: string;
      budget: number;
      link_campaign_id: number;
    },
  ) {
    const dealership = await dealershipOf(params);
    const expected = vendorCampaignName(dealership.name, body.campaign_display_name, body.product_code, body.pacing_id);
    if (body.vendor_campaign_name !== expected)
      throw badRequest(`vendor_campaign_name must be '${expected}'`, 'vendor_campaign_name');
    // A draft already turned into its campaign answers that campaign again (idempotent retry),
    // even when the retry comes after the start date has passed.
    const draft = await getDraft(app.db, params.dealership_id, body.link_campaign_id);
    if (draft?.isIncomplete === 1)
      checkFlight(dealership.organization.time_zone, body.product_code as WizardProductCode, body);
  }

  /**
   * `POST .../campaigns/create-inventory-campaign` (spec 001 §7) → 201 `{ client_campaign_id,
   * link_campaign_id, campaign_status: 'pending', vendor_campaign_name }`. Validates the body
   * (vendor_campaign_name '{dealership} - {name} [{CODE}{pacing id}]'; the flight rules, 422 with
   * the field's path),
   * finalises the draft (is_incomplete 0) and records a pending managed campaign. Sending it again
   * for the same draft answers 200 with the same campaign.
   */
  app.post(
    '/campaigns/create-inventory-campaign',
    {
      schema: {
        tags: ['campaign-drafts'],
        summary: 'Create an inventory campaign from its draft',
        params: tenantParamsSchema,
        body: createInventoryCampaignBodySchema,
        response: { 200: createCampaignResponseSchema, 201: createCampaignResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await checkedName(request.params, body);
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
    },
  );

  /**
   * `POST .../campaigns/create-noninventory-campaign` (spec 001 §7) → 201 as above. `audience` is a
   * list of 'name (size)' or ['None']; `creatives` comma-joined links recorded on the draft. The
   * flight rules as for the inventory call (422 with the field's path).
   */
  app.post(
    '/campaigns/create-noninventory-campaign',
    {
      schema: {
        tags: ['campaign-drafts'],
        summary: 'Create a non-inventory campaign from its draft',
        params: tenantParamsSchema,
        body: createNonInventoryCampaignBodySchema,
        response: { 200: createCampaignResponseSchema, 201: createCampaignResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await checkedName(request.params, body);
      const draft = await getDraft(app.db, request.params.dealership_id, body.link_campaign_id);
      if (!draft) throw notFound('Draft not found');
      if (draft.isIncomplete === 1) {
        const recorded = new Set((draft.creatives ?? '').split(',').filter(Boolean));
        const sent = body.creatives.split(',').filter(Boolean);
        if (sent.some((link) => !recorded.has(link)))
          throw badRequest('Every creative must be uploaded to this draft first', 'creatives');
      }
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
    },
  );

  async function finalise(
    reply: { status(code: number): unknown },
    dealershipId: number,
    params: Omit<Parameters<typeof finaliseDraft>[1], 'dealershipId'>,
  ) {
    // Whether this call created the campaign is decided inside the transaction that holds the draft's
    // row lock: two concurrent submits get one 201 and one 200 with the same campaign.
    const result = await finaliseDraft(app.db, { dealershipId, ...params });
    if (result === null) throw notFound('Draft not found');
    if (result === 'product') throw badRequest("product_code is not the draft's product", 'product_code');
    reply.status(result.created ? 201 : 200);
    return {
      client_campaign_id: result.campaignId,
      link_campaign_id: params.draftId,
      campaign_status: result.status,
      vendor_campaign_name: result.vendorCampaignName,
    };
  }
};
export default campaignDraftRoutes;
