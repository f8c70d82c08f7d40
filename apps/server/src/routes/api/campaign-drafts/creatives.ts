import type { RouteModule } from '../../route-module';
import {
  MAX_CREATIVE_SLOTS,
  campaignDraftOperations,
  creativeMessages,
  creativeSlots,
  creativeUploadRules,
  type NonInventoryProductCode,
} from '@portal/contracts';
import { registerOperation } from '../../register';
import { notFound } from '../../../lib/errors';
import { addDraftCreative, getDraft } from '../../../repositories/campaign-drafts';
import { newCreativeKey, recordSignedUpload } from '../../../repositories/creative-uploads';
import { NOT_UPLOADED, badRequest, checkCreativeLink, creativeFiles, duplicateFile, tooManyCreatives } from './checks';

/** How long a signed upload URL is valid. */
const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/**
 * Creatives of a non-inventory draft (spec 001 §7 "Creatives", docs/campaign-wizard.md "Creatives:
 * signed uploads"): signing an upload, recording it on the draft, describing uploaded files.
 */
const creativeRoutes: RouteModule = async (app, options) => {
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
    const dealershipId = request.params.dealership_id;
    const { link_campaign_id: draftId, creative_image: link, is_active: isActive } = request.body;
    const draft = await getDraft(app.db, { dealershipId, draftId });
    if (!draft || draft.isIncomplete !== 1) throw notFound('Draft not found');
    const slots = creativeSlots[draft.productCode as NonInventoryProductCode];
    if (slots === undefined) throw badRequest('This product does not take custom creatives', 'link_campaign_id');
    await checkCreativeLink(app, dealershipId, link, draft.productCode as NonInventoryProductCode);
    const result = await addDraftCreative(app.db, {
      dealershipId,
      draftId,
      storageKey: link,
      isActive: isActive === 1,
      maxSlots: Math.min(slots, MAX_CREATIVE_SLOTS),
    });
    if (result === 'no-draft') throw notFound('Draft not found');
    if (result === 'unknown') throw badRequest(NOT_UPLOADED, 'creative_image');
    if (result === 'full') throw tooManyCreatives(slots, 'creative_image');
    if (result === 'duplicate') throw duplicateFile('creative_image');
    const files = await creativeFiles(app, dealershipId, result.creatives.split(',').filter(Boolean));
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
    return { files: await creativeFiles(app, request.params.dealership_id, links) };
  });
};
export default creativeRoutes;
