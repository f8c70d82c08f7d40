import type * as z from 'zod';
import type { RouteModule } from '../../route-module';
import {
  CREATIVE_VIEW_URL_TTL_SECONDS,
  MAX_CREATIVE_SLOTS,
  campaignDraftOperations,
  creativeMessages,
  creativeSlots,
  creativeUploadRules,
  flightErrors,
  inventoryFilterKeys,
  todayInZone,
  type CreativeFile,
  type FlightFields,
  type NonInventoryProductCode,
  type WizardProductCode,
  type draftDataSchema,
  vendorCampaignName,
} from '@portal/contracts';
import { registerOperation } from '../../register';
import { ApiError, notFound } from '../../../lib/errors';
import { isSafeStorageKey } from '../../../lib/storage/keys';
import { isAllowedCreative } from '../../../lib/storage/sniff';
import {
  addDraftCreative,
  createDraft,
  deleteDraft,
  deleteDraftCreatives,
  finaliseDraft,
  getDraft,
  listIncompleteDrafts,
  setDraftCreatives,
  toDraft,
  updateDraft,
} from '../../../repositories/campaign-drafts';
import {
  findDealershipUpload,
  findDuplicateUploads,
  listDealershipUploads,
  newCreativeKey,
  recordSignedUpload,
} from '../../../repositories/creative-uploads';
import { getDealership } from '../../../repositories/dealerships';

type DraftData = z.infer<typeof draftDataSchema>;
const badRequest = (message: string, path?: string) =>
  new ApiError(400, 'VALIDATION_FAILED', message, path ? [{ path, message }] : undefined);

/** How long a signed upload URL is valid. */
const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** 409 for a file whose content (SHA-256) is already among the draft's creatives (issue 25 item 8). */
const duplicateFile = (path: string) =>
  new ApiError(409, 'CONFLICT', creativeMessages.duplicate, [{ path, message: creativeMessages.duplicate }]);

/** The one answer for a link that is not an upload of this dealership or whose file is missing (no oracle). */
const NOT_UPLOADED = 'The file has not been uploaded';

/**
 * Campaign creation (spec 001 §4, §7): drafts, creatives and the two creation calls. Every route
 * runs `requireTenant` first; drafts are looked up by id and dealership, so another dealership's
 * draft is 404.
 */
const campaignDraftRoutes: RouteModule = async (app, options) => {
  /**
   * The check every path that writes a draft's `creatives` runs on each link (issue 18 item 2): the
   * link must be an upload the ledger holds for this dealership — anything else (another tenant's
   * key, a key that never existed, `../../session-secret`) is 400 "The file has not been uploaded",
   * the same answer whether or not such a file exists, and storage is not even read. Then the stored
   * file is checked again whatever the storage driver (an S3 presigned PUT cannot enforce a maximum
   * size): within the product's size limit and sniffed as a type of the product's creative kind.
   * Nothing is ever deleted here: a refused file stays where it is.
   */
  async function checkCreativeLink(
    dealershipId: number,
    link: string,
    product: NonInventoryProductCode,
    path = 'creative_image',
  ) {
    const rule = creativeUploadRules[product];
    // A string that cannot be a storage key (NUL, `..`, …) is not even looked up: the same answer.
    const upload =
      rule && isSafeStorageKey(link) ? await findDealershipUpload(app.db, { dealershipId, storageKey: link }) : null;
    const head = upload ? await app.storage.getStream(link, { start: 0, end: 4099 }).catch(() => null) : null;
    if (!rule || !upload || !head) throw badRequest(NOT_UPLOADED, path);
    const chunks: Buffer[] = [];
    for await (const chunk of head.body) chunks.push(chunk as Buffer);
    if (head.totalSize > rule.maxMb * 1024 * 1024) throw badRequest(creativeMessages.tooLarge(rule.maxMb), path);
    if (!(await isAllowedCreative(Buffer.concat(chunks), upload.declaredType, rule.kind)))
      throw badRequest(creativeMessages.wrongType, path);
  }

  /** Checks a comma-joined list of links for a product with creative slots (`checkCreativeLink` each). */
  async function checkCreativeLinks(dealershipId: number, links: string[], productCode: string, path: string) {
    if (links.length === 0) return;
    const slots = creativeSlots[productCode as NonInventoryProductCode];
    if (slots === undefined) throw badRequest('This product does not take custom creatives', path);
    if (new Set(links).size > Math.min(slots, MAX_CREATIVE_SLOTS))
      throw badRequest(`This product takes at most ${slots} creatives`, path);
    for (const link of new Set(links))
      await checkCreativeLink(dealershipId, link, productCode as NonInventoryProductCode, path);
  }

  /**
   * The uploads of `links` the ledger holds for this dealership (others are left out: a key of another
   * tenant never gets a URL), each with its original file name and a signed view URL valid
   * `CREATIVE_VIEW_URL_TTL_SECONDS` (the files route's signing; S3 presigned GET with the S3 driver).
   */
  async function creativeFiles(dealershipId: number, links: string[]): Promise<CreativeFile[]> {
    const safe = links.filter((link) => isSafeStorageKey(link)).slice(0, MAX_CREATIVE_SLOTS * 4);
    const uploads = await listDealershipUploads(app.db, { dealershipId, keys: safe });
    return Promise.all(
      uploads.map(async (upload) => ({
        link: upload.storageKey,
        file_name: upload.fileName,
        content_type: upload.declaredType,
        sha256: upload.sha256,
        url: await app.storage.signedUrl(upload.storageKey, CREATIVE_VIEW_URL_TTL_SECONDS),
      })),
    );
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
   * `{ link_campaign_id }`: the draft (spec 001 §4 "Draft lifecycle"). 400 for a link that is not an
   * upload of this dealership in the ledger, or whose file is missing, too large or of another type
   * (`checkCreativeLink`).
   */
  registerOperation(app, campaignDraftOperations.createDraft, async (request, reply) => {
    const links = [...new Set((request.body.creatives ?? '').split(',').filter(Boolean))];
    const slots = creativeSlots[request.body.product_code as NonInventoryProductCode];
    await checkCreativeLinks(request.params.dealership_id, links, request.body.product_code, 'creatives');
    if ((await findDuplicateUploads(app.db, { dealershipId: request.params.dealership_id, keys: links })).length > 0)
      throw duplicateFile('creatives');
    const id = await createDraft(app.db, {
      dealershipId: request.params.dealership_id,
      userId: request.user!.id,
      productCode: request.body.product_code,
      pacingId: request.body.pacing_id,
      objective: request.body.objective,
    });
    for (const link of links) {
      const added = await addDraftCreative(app.db, {
        dealershipId: request.params.dealership_id,
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
   * recorded on the draft) → the draft. 400 for a link that is not an upload of this dealership
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
    if (typeof data.creatives === 'string') {
      const draft = await getDraft(app.db, { dealershipId, draftId });
      if (!draft || draft.isIncomplete !== 1) throw notFound('Draft not found');
      const productCode = data.product_code ?? draft.productCode;
      const links = [...new Set(data.creatives.split(',').filter(Boolean))];
      await checkCreativeLinks(dealershipId, links, productCode, 'creatives');
      const slots = creativeSlots[productCode as NonInventoryProductCode] ?? 0;
      const result = await setDraftCreatives(app.db, {
        dealershipId,
        draftId,
        links,
        maxSlots: Math.min(slots, MAX_CREATIVE_SLOTS),
      });
      if (result === null) throw notFound('Draft not found');
      if (result === 'unknown') throw badRequest(NOT_UPLOADED, 'creatives');
      if (result === 'full') throw badRequest(`This product takes at most ${slots} creatives`, 'creatives');
      if (result === 'duplicate') throw duplicateFile('creatives');
    }
    const row = await updateDraft(app.db, {
      dealershipId: request.params.dealership_id,
      draftId: request.params.link_campaign_id,
      data: data as Record<string, unknown>,
    });
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

  /**
   * Upload signing (spec 001 §7): `POST .../campaigns/creative/upload-url` `{ mimeType, fileName,
   * bucket_name: 'creatives', product_code, fileSize? }` → `{ uploadUrl, link, expiresAt }`. The URL
   * is valid 15 minutes for one PUT of that content type up to the product's size limit (mob 1 MB,
   * others 100 MB). `link` is a new random key `creatives/{organization_id}/{dealership_id}/{uuid}/{file
   * name}` written to the uploads ledger for this dealership before the URL is returned (issue 18
   * item 2). 400 with the spec's messages for spaces in the name, a type outside the product's kind of
   * `creativeAllowedTypes` (item 10: MIME type and extension) or a size over the limit.
   */
  registerOperation(app, campaignDraftOperations.signCreativeUpload, async (request) => {
    const { mimeType, fileName, product_code: product, fileSize } = request.body;
    const rule = creativeUploadRules[product as NonInventoryProductCode];
    if (/\s/.test(fileName)) throw badRequest(creativeMessages.spaces, 'fileName');
    const extension = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
    if (!rule.mimeTypes.includes(mimeType.toLowerCase()) || !rule.extensions.includes(extension))
      throw badRequest(creativeMessages.wrongType, 'mimeType');
    const maxBytes = rule.maxMb * 1024 * 1024;
    if (fileSize !== undefined && fileSize > maxBytes)
      throw badRequest(creativeMessages.tooLarge(rule.maxMb), 'fileSize');
    const key = newCreativeKey(request.params.organization_id, request.params.dealership_id, fileName);
    await recordSignedUpload(app.db, {
      storageKey: key,
      organizationId: request.params.organization_id,
      dealershipId: request.params.dealership_id,
      userId: request.user!.id,
      productCode: product,
      declaredType: mimeType.toLowerCase(),
      maxBytes,
      fileName,
    });
    const uploadUrl = await app.storage.signedUploadUrl(key, {
      contentType: mimeType.toLowerCase(),
      maxBytes,
      ttlSeconds: UPLOAD_URL_TTL_SECONDS,
      exactBytes: app.storage.kind === 's3' ? fileSize : undefined,
    });
    const expiresAt = new Date(options.clock().getTime() + UPLOAD_URL_TTL_SECONDS * 1000).toISOString();
    return { uploadUrl, link: key, expiresAt };
  });

  /**
   * `POST .../campaigns/creative` `{ link_campaign_id, is_active, creative_image (the link) }` → 201
   * `{ id, link_campaign_id, creative_image, creatives, files }`: records an uploaded creative on the
   * draft; `files` describes the draft's creatives (original name, signed view URL: `creativeFiles`).
   * 409 `CONFLICT` 'This file is already added' when its content (SHA-256) is already on the draft
   * (issue 25 item 8).
   * 400 when the link is not an upload of this dealership in the ledger or its file is missing, too
   * large or of another type (`checkCreativeLink`: one answer, nothing deleted), or the product's
   * slots (mob 3, ott 1, vid 2, aud 3; never more than 3) are full; 404 for a draft that is not this
   * dealership's.
   */
  registerOperation(app, campaignDraftOperations.recordCreative, async (request, reply) => {
    const { link_campaign_id: draftId, creative_image: link, is_active: isActive } = request.body;
    const draft = await getDraft(app.db, { dealershipId: request.params.dealership_id, draftId });
    if (!draft || draft.isIncomplete !== 1) throw notFound('Draft not found');
    const slots = creativeSlots[draft.productCode as NonInventoryProductCode];
    if (slots === undefined) throw badRequest('This product does not take custom creatives', 'link_campaign_id');
    await checkCreativeLink(request.params.dealership_id, link, draft.productCode as NonInventoryProductCode);
    const result = await addDraftCreative(app.db, {
      dealershipId: request.params.dealership_id,
      draftId,
      storageKey: link,
      isActive: isActive === 1,
      maxSlots: Math.min(slots, MAX_CREATIVE_SLOTS),
    });
    if (result === 'no-draft') throw notFound('Draft not found');
    if (result === 'unknown') throw badRequest(NOT_UPLOADED, 'creative_image');
    if (result === 'full') throw badRequest(`This product takes at most ${slots} creatives`, 'creative_image');
    if (result === 'duplicate') throw duplicateFile('creative_image');
    const files = await creativeFiles(request.params.dealership_id, result.creatives.split(',').filter(Boolean));
    return reply.status(201).send({
      id: result.id,
      link_campaign_id: draftId,
      creative_image: link,
      creatives: result.creatives,
      files,
    });
  });

  /**
   * `GET .../campaigns/creative/files?links={comma-joined links}` → `{ files: [{ link, file_name,
   * content_type, sha256, url }] }` (issue 25 item 8): for each link the uploads ledger holds for this
   * dealership, its original file name and a signed view URL valid 15 minutes; any other link (another
   * dealership's key, unknown, deleted, a path string) is left out — the same for all of them.
   * `cache-control: no-store`. The wizard shows names and thumbnails with it, before the draft exists.
   */
  registerOperation(app, campaignDraftOperations.listCreativeFiles, async (request, reply) => {
    const links = request.query.links.split(',').filter(Boolean);
    reply.header('cache-control', 'no-store');
    return { files: await creativeFiles(request.params.dealership_id, links) };
  });

  async function dealershipOf(params: { organization_id: number; dealership_id: number }) {
    const dealership = await getDealership(app.db, {
      organizationId: params.organization_id,
      dealershipId: params.dealership_id,
    });
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
    const draft = await getDraft(app.db, { dealershipId: params.dealership_id, draftId: body.link_campaign_id });
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
  registerOperation(app, campaignDraftOperations.createInventoryCampaign, async (request, reply) => {
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
  });

  /**
   * `POST .../campaigns/create-noninventory-campaign` (spec 001 §7) → 201 as above. `audience` is a
   * list of 'name (size)' or ['None']; `creatives` comma-joined links, each recorded on this draft
   * (so in the uploads ledger for this dealership), else 400. The flight rules as for the inventory
   * call (422 with the field's path).
   */
  registerOperation(app, campaignDraftOperations.createNonInventoryCampaign, async (request, reply) => {
    const body = request.body;
    await checkedName(request.params, body);
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
    if (result === 'creatives') throw badRequest('Every creative must be uploaded to this draft first', 'creatives');
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
