import type { FastifyInstance } from 'fastify';
import {
  CREATIVE_VIEW_URL_TTL_SECONDS,
  MAX_CREATIVE_SLOTS,
  creativeMessages,
  creativeSlots,
  creativeUploadRules,
  flightErrors,
  todayInZone,
  type CreativeFile,
  type FlightFields,
  type NonInventoryProductCode,
  type WizardProductCode,
} from '@portal/contracts';
import { ApiError, notFound } from '../../../lib/errors';
import { isSafeStorageKey } from '../../../lib/storage/keys';
import { isAllowedCreative } from '../../../lib/storage/sniff';
import { findDealershipUpload, listDealershipUploads } from '../../../repositories/creative-uploads';
import { getDealership } from '../../../repositories/dealerships';

/**
 * The checks the campaign-drafts routes share (drafts.ts, creatives.ts, creation.ts): creative
 * links against the uploads ledger, the flight and budget rules, the dealership of the path, and
 * the errors they answer.
 */

/** 400 `VALIDATION_FAILED` with the message at `path` (when given). */
export const badRequest = (message: string, path?: string) =>
  new ApiError(400, 'VALIDATION_FAILED', message, path ? [{ path, message }] : undefined);

/** 409 for a file whose content (SHA-256) is already among the draft's creatives (issue 25 item 8). */
export const duplicateFile = (path: string) =>
  new ApiError(409, 'CONFLICT', creativeMessages.duplicate, [{ path, message: creativeMessages.duplicate }]);

/** The one answer for a link that is not an upload of this dealership or whose file is missing (no oracle). */
export const NOT_UPLOADED = 'The file has not been uploaded';

/** 400 for more creatives than the product's slots. */
export const tooManyCreatives = (slots: number, path: string) =>
  badRequest(`This product takes at most ${slots} creatives`, path);

/**
 * The check every path that writes a draft's `creatives` runs on each link (issue 18 item 2): the
 * link must be an upload the ledger holds for this dealership — anything else (another tenant's
 * key, a key that never existed, `../../session-secret`) is 400 "The file has not been uploaded",
 * the same answer whether or not such a file exists, and storage is not even read. Then the stored
 * file is checked again whatever the storage driver (an S3 presigned PUT cannot enforce a maximum
 * size): within the product's size limit and sniffed as a type of the product's creative kind.
 * Nothing is ever deleted here: a refused file stays where it is.
 */
export async function checkCreativeLink(
  app: FastifyInstance,
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

/**
 * Checks the links (already de-duplicated) for a product with creative slots: 400 when the product
 * takes no creatives or more links than its slots, then `checkCreativeLink` each.
 */
export async function checkCreativeLinks(
  app: FastifyInstance,
  dealershipId: number,
  links: string[],
  productCode: string,
  path: string,
) {
  if (links.length === 0) return;
  const slots = creativeSlots[productCode as NonInventoryProductCode];
  if (slots === undefined) throw badRequest('This product does not take custom creatives', path);
  if (new Set(links).size > Math.min(slots, MAX_CREATIVE_SLOTS)) throw tooManyCreatives(slots, path);
  for (const link of new Set(links))
    await checkCreativeLink(app, dealershipId, link, productCode as NonInventoryProductCode, path);
}

/**
 * The uploads of `links` the ledger holds for this dealership (others are left out: a key of another
 * tenant never gets a URL), each with its original file name and a signed view URL valid
 * `CREATIVE_VIEW_URL_TTL_SECONDS` (the files route's signing; S3 presigned GET with the S3 driver).
 */
export async function creativeFiles(
  app: FastifyInstance,
  dealershipId: number,
  links: string[],
): Promise<CreativeFile[]> {
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
 * today (`now` in the dealership organization's time zone), end on or after start, no longer than
 * the product allows, budget between the product's minimum and `MAX_CAMPAIGN_BUDGET`. Throws 422
 * `VALIDATION_FAILED` whose details name each refused field (`start_date`, `end_date`, `budget`).
 * With `sent` (a draft save) only the fields sent are judged — a start date saved yesterday is not
 * refused today — and the end date again when the start moves.
 */
export function checkFlight(
  now: Date,
  timeZone: string,
  product: WizardProductCode,
  fields: FlightFields,
  sent?: Set<string>,
) {
  let problems = flightErrors(product, fields, todayInZone(now, timeZone));
  if (sent) problems = problems.filter((p) => sent.has(p.path) || (p.path === 'end_date' && sent.has('start_date')));
  if (problems.length > 0) throw new ApiError(422, 'VALIDATION_FAILED', problems[0]!.message, problems);
}

/** The dealership of the path with its organization (its `time_zone`); 404 when it does not exist. */
export async function dealershipOf(app: FastifyInstance, params: { organization_id: number; dealership_id: number }) {
  const dealership = await getDealership(app.db, {
    organizationId: params.organization_id,
    dealershipId: params.dealership_id,
  });
  if (!dealership) throw notFound('Dealership not found');
  return dealership;
}
