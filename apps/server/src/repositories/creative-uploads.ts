import crypto from 'node:crypto';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { CREATIVES_BUCKET } from '@portal/contracts';
import type { Db } from '../db/client';
import { creativeUploads, draftCreatives } from '../db/schema';

/** A transaction of `db.transaction` (or the database itself). */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type CreativeUpload = typeof creativeUploads.$inferSelect;

/**
 * The storage key of a new creative upload (issue 18 item 2):
 * `creatives/{organization_id}/{dealership_id}/{random UUID}/{file name}` — 122 random bits, so a key
 * can neither be computed nor guessed, under the tenant's prefix. The file name keeps letters,
 * digits, `.`, `_` and `-` (anything else becomes `_`, leading dots are dropped, at most 100
 * characters), so the wizard can show it.
 */
export function newCreativeKey(organizationId: number, dealershipId: number, fileName: string): string {
  let name = fileName
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '')
    .slice(-100);
  if (!/[A-Za-z0-9]/.test(name)) name = 'creative';
  return `${CREATIVES_BUCKET}/${organizationId}/${dealershipId}/${crypto.randomUUID()}/${name}`;
}

export interface RecordSignedUploadParams {
  storageKey: string;
  organizationId: number;
  dealershipId: number;
  userId: number;
  productCode: string;
  /** The content type the URL was signed for. */
  declaredType: string;
  /** The signed size limit in bytes. */
  maxBytes: number;
  /** The file name the browser sent. */
  fileName: string;
}

/** Writes the ledger row of an upload URL being signed (before the URL is handed out). */
export async function recordSignedUpload(db: Db, params: RecordSignedUploadParams): Promise<void> {
  await db.insert(creativeUploads).values(params);
}

/**
 * The ledger row of `storageKey` when it was signed for `dealershipId` and its file was not deleted;
 * null otherwise — the same null whether the key belongs to another dealership, never existed or is
 * not a key at all, so callers cannot answer differently (no oracle).
 */
export async function findDealershipUpload(
  db: Db | Tx,
  { dealershipId, storageKey }: { dealershipId: number; storageKey: string },
): Promise<CreativeUpload | null> {
  const [row] = await db
    .select()
    .from(creativeUploads)
    .where(
      and(
        eq(creativeUploads.storageKey, storageKey),
        eq(creativeUploads.dealershipId, dealershipId),
        isNull(creativeUploads.deletedAt),
      ),
    );
  return row ?? null;
}

/** The ledger row of a key whatever its dealership (the signed upload route), or null. */
export async function findUploadByKey(db: Db, { storageKey }: { storageKey: string }): Promise<CreativeUpload | null> {
  const [row] = await db.select().from(creativeUploads).where(eq(creativeUploads.storageKey, storageKey));
  return row ?? null;
}

/**
 * Marks a ledger row as stored with its size (bytes) and SHA-256 (hex). Only once: false when the
 * row was already stored or deleted (a signed URL takes one PUT).
 */
export async function markUploadStored(
  db: Db,
  { storageKey, file }: { storageKey: string; file: { sizeBytes: number; sha256: string; storedAt: Date } },
): Promise<boolean> {
  const rows = await db
    .update(creativeUploads)
    .set(file)
    .where(
      and(
        eq(creativeUploads.storageKey, storageKey),
        isNull(creativeUploads.storedAt),
        isNull(creativeUploads.deletedAt),
      ),
    )
    .returning({ id: creativeUploads.id });
  return rows.length === 1;
}

/** Undoes `markUploadStored` when writing the file failed, so the signed URL can be used again. */
export async function unmarkUploadStored(db: Db, { storageKey }: { storageKey: string }): Promise<void> {
  await db
    .update(creativeUploads)
    .set({ storedAt: null, sizeBytes: null, sha256: null })
    .where(eq(creativeUploads.storageKey, storageKey));
}

/**
 * Releases the creatives a draft no longer holds (its `campaign_draft_creatives` rows for `keys` are
 * already deleted inside `tx`), and returns the keys whose files may now be deleted: those of the
 * dealership's ledger that no other draft — incomplete or turned into a campaign — still records.
 * A key still recorded elsewhere is kept and its ledger row passes to a draft that records it. The
 * ledger rows are locked first, so a concurrent record of the same key either sees the deletion (and
 * is refused) or is seen here (and the file is kept).
 */
export async function releaseDraftUploads(
  tx: Tx,
  params: { dealershipId: number; draftId: number; keys: string[]; now: Date },
): Promise<string[]> {
  const keys = [...new Set(params.keys)];
  if (keys.length === 0) return [];
  const ledger = await tx
    .select({ key: creativeUploads.storageKey, draftId: creativeUploads.draftId })
    .from(creativeUploads)
    .where(
      and(
        inArray(creativeUploads.storageKey, keys),
        eq(creativeUploads.dealershipId, params.dealershipId),
        isNull(creativeUploads.deletedAt),
      ),
    )
    .for('update');
  const deletable: string[] = [];
  for (const { key } of ledger) {
    const [other] = await tx
      .select({ draftId: draftCreatives.draftId })
      .from(draftCreatives)
      .where(and(eq(draftCreatives.storageKey, key), ne(draftCreatives.draftId, params.draftId)))
      .limit(1);
    if (other) {
      await tx
        .update(creativeUploads)
        .set({ draftId: other.draftId })
        .where(and(eq(creativeUploads.storageKey, key), eq(creativeUploads.draftId, params.draftId)));
    } else {
      await tx.update(creativeUploads).set({ deletedAt: params.now }).where(eq(creativeUploads.storageKey, key));
      deletable.push(key);
    }
  }
  return deletable;
}

/**
 * The uploads of `keys` the ledger holds for `dealershipId` (not deleted), in the order of `keys`;
 * keys of another dealership, deleted or unknown are left out (issue 25 item 8: only these may get a
 * view URL).
 */
export async function listDealershipUploads(
  db: Db | Tx,
  { dealershipId, keys }: { dealershipId: number; keys: string[] },
): Promise<CreativeUpload[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return [];
  const rows = await db
    .select()
    .from(creativeUploads)
    .where(
      and(
        inArray(creativeUploads.storageKey, unique),
        eq(creativeUploads.dealershipId, dealershipId),
        isNull(creativeUploads.deletedAt),
      ),
    );
  const byKey = new Map(rows.map((row) => [row.storageKey, row]));
  return unique.flatMap((key) => byKey.get(key) ?? []);
}

/**
 * The keys among `keys` whose stored file has the same SHA-256 as an earlier key of the list (issue
 * 25 item 8: the same file twice on one draft). Keys without a recorded hash (not stored yet, or a
 * driver that does not hash) never count as duplicates.
 */
export async function findDuplicateUploads(
  db: Db | Tx,
  { dealershipId, keys }: { dealershipId: number; keys: string[] },
): Promise<string[]> {
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const upload of await listDealershipUploads(db, { dealershipId, keys })) {
    if (!upload.sha256) continue;
    if (seen.has(upload.sha256)) duplicates.push(upload.storageKey);
    seen.add(upload.sha256);
  }
  return duplicates;
}
