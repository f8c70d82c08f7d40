import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  inventoryFilterKeys,
  productCatalog,
  wizardFormStateSchema,
  type Draft,
  type ProductCode,
  type WizardFormState,
} from '@portal/contracts';
import type { Db } from '../db/client';
import { campaignDrafts, creativeUploads, draftCreatives, managedCampaigns } from '../db/schema';
import { findDuplicateUploads, releaseDraftUploads } from './creative-uploads';

type DraftRow = typeof campaignDrafts.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Draft row → the incomplete campaign of spec 001 §3 (filters flattened by their spec names). */
export function toDraft(row: DraftRow): Draft {
  const filters = row.filters ?? {};
  const flat: Record<string, unknown> = {};
  for (const key of inventoryFilterKeys) if (key in filters) flat[key] = filters[key];
  return {
    link_campaign_id: row.id,
    product_code: row.productCode,
    pacing_id: row.pacingId,
    campaign_display_name: row.campaignDisplayName,
    notes: row.notes,
    start_date: row.startDate,
    end_date: row.endDate,
    budget: row.budget,
    objective: row.objective as Draft['objective'],
    zip: row.zip,
    creatives: row.creatives,
    allowed_vehicle_states: row.allowedVehicleStates,
    audiences: row.audiences ?? null,
    wizard_state: storedWizardState(row.wizardState),
    is_incomplete: row.isIncomplete,
    updated_at: row.updatedAt.toISOString(),
    ...flat,
  };
}

/**
 * The stored wizard form (issue 25 items 1, 2) when it still fits the current schema; null otherwise
 * (a form saved by an older release), so a resume falls back to the draft's columns.
 */
function storedWizardState(value: unknown): WizardFormState | null {
  if (value === null || value === undefined) return null;
  const parsed = wizardFormStateSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export async function createDraft(
  db: Db,
  params: {
    dealershipId: number;
    userId: number;
    productCode: string;
    pacingId: number;
    objective?: string | undefined;
    /** The wizard's form so far (checked by the route against `wizardFormStateSchema`). */
    wizardState?: WizardFormState | undefined;
  },
): Promise<number> {
  const [row] = await db
    .insert(campaignDrafts)
    .values({
      dealershipId: params.dealershipId,
      createdBy: params.userId,
      productCode: params.productCode,
      pacingId: params.pacingId,
      objective: params.objective ?? null,
      wizardState: params.wizardState ?? null,
      isIncomplete: 1,
    })
    .returning({ id: campaignDrafts.id });
  return row!.id;
}

/** The dealership's draft, or null (another dealership's id is null too). */
export async function getDraft(
  db: Db,
  { dealershipId, draftId }: { dealershipId: number; draftId: number },
): Promise<DraftRow | null> {
  const [row] = await db
    .select()
    .from(campaignDrafts)
    .where(and(eq(campaignDrafts.id, draftId), eq(campaignDrafts.dealershipId, dealershipId)));
  return row ?? null;
}

const columnOf: Record<string, keyof typeof campaignDrafts.$inferInsert> = {
  product_code: 'productCode',
  objective: 'objective',
  allowed_vehicle_states: 'allowedVehicleStates',
  start_date: 'startDate',
  end_date: 'endDate',
  zip: 'zip',
  campaign_display_name: 'campaignDisplayName',
  budget: 'budget',
  notes: 'notes',
  vendor_campaign_name: 'vendorCampaignName',
  audiences: 'audiences',
  wizard_state: 'wizardState',
};

/**
 * Saves a step's fields to an incomplete draft; returns the updated draft, or null when there is none.
 * `creatives` is not one of them: only `addDraftCreative` and `setDraftCreatives` write it, from
 * creatives recorded against the uploads ledger (issue 18 item 2). A save without `wizard_state`
 * clears the stored wizard form: it no longer describes the draft (issue 25 item 2).
 */
export async function updateDraft(
  db: Db,
  { dealershipId, draftId, data }: { dealershipId: number; draftId: number; data: Record<string, unknown> },
): Promise<DraftRow | null> {
  const existing = await getDraft(db, { dealershipId, draftId });
  if (!existing || existing.isIncomplete !== 1) return null;
  const set: Partial<typeof campaignDrafts.$inferInsert> = { updatedAt: new Date(), wizardState: null };
  const filters: Record<string, string | number | null> = { ...(existing.filters ?? {}) };
  let filtersChanged = false;
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    const column = columnOf[key];
    if (column) (set as Record<string, unknown>)[column] = value;
    else if ((inventoryFilterKeys as string[]).includes(key)) {
      filters[key] = value as string | number | null;
      filtersChanged = true;
    }
  }
  if (filtersChanged) set.filters = filters;
  const [row] = await db
    .update(campaignDrafts)
    .set(set)
    .where(and(eq(campaignDrafts.id, draftId), eq(campaignDrafts.dealershipId, dealershipId)))
    .returning();
  return row ?? null;
}

/** Incomplete drafts of a dealership, most recently saved first. */
export async function listIncompleteDrafts(
  db: Db,
  params: { dealershipId: number; pageIndex: number; pageSize: number },
): Promise<{ data: Draft[]; total: number }> {
  const where = and(eq(campaignDrafts.dealershipId, params.dealershipId), eq(campaignDrafts.isIncomplete, 1));
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select()
      .from(campaignDrafts)
      .where(where)
      .orderBy(desc(campaignDrafts.updatedAt), desc(campaignDrafts.id))
      .limit(params.pageSize)
      .offset(params.pageIndex * params.pageSize),
    db.select({ total: count() }).from(campaignDrafts).where(where),
  ]);
  return { data: rows.map(toDraft), total };
}

/**
 * Deletes an incomplete draft and its creative records; returns the storage keys whose files may be
 * deleted now: its creatives that no other draft or created campaign records (`releaseDraftUploads`).
 */
export async function deleteDraft(
  db: Db,
  { dealershipId, draftId }: { dealershipId: number; draftId: number },
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [draft] = await tx
      .select({ id: campaignDrafts.id, isIncomplete: campaignDrafts.isIncomplete })
      .from(campaignDrafts)
      .where(and(eq(campaignDrafts.id, draftId), eq(campaignDrafts.dealershipId, dealershipId)));
    if (!draft || draft.isIncomplete !== 1) return null;
    const creatives = await tx
      .delete(draftCreatives)
      .where(eq(draftCreatives.draftId, draftId))
      .returning({ key: draftCreatives.storageKey });
    await tx.delete(campaignDrafts).where(eq(campaignDrafts.id, draftId));
    const keys = creatives.map((c) => c.key);
    return releaseDraftUploads(tx, { dealershipId, draftId, keys, now: new Date() });
  });
}

/** Deletes the creatives of an incomplete draft and clears its `creatives`; returns the storage keys whose files may be deleted now (as `deleteDraft`). */
export async function deleteDraftCreatives(
  db: Db,
  { dealershipId, draftId }: { dealershipId: number; draftId: number },
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [draft] = await tx
      .select({ id: campaignDrafts.id, isIncomplete: campaignDrafts.isIncomplete })
      .from(campaignDrafts)
      .where(and(eq(campaignDrafts.id, draftId), eq(campaignDrafts.dealershipId, dealershipId)));
    if (!draft || draft.isIncomplete !== 1) return null;
    const creatives = await tx
      .delete(draftCreatives)
      .where(eq(draftCreatives.draftId, draftId))
      .returning({ key: draftCreatives.storageKey });
    await tx
      .update(campaignDrafts)
      .set({ creatives: null, updatedAt: new Date() })
      .where(eq(campaignDrafts.id, draftId));
    const keys = creatives.map((c) => c.key);
    return releaseDraftUploads(tx, { dealershipId, draftId, keys, now: new Date() });
  });
}

/**
 * Locks the ledger rows of `keys` for the dealership (not deleted); true when every key has one.
 * Recording a creative takes this lock, as does discarding a draft (`releaseDraftUploads`).
 */
async function lockDealershipUploads(tx: Tx, dealershipId: number, draftId: number, keys: string[]) {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return true;
  const rows = await tx
    .select({ key: creativeUploads.storageKey, draftId: creativeUploads.draftId })
    .from(creativeUploads)
    .where(
      and(
        inArray(creativeUploads.storageKey, unique),
        eq(creativeUploads.dealershipId, dealershipId),
        isNull(creativeUploads.deletedAt),
      ),
    )
    .for('update');
  if (rows.length !== unique.length) return false;
  // The first draft a key is recorded on owns it.
  const unowned = rows.filter((r) => r.draftId === null).map((r) => r.key);
  if (unowned.length > 0)
    await tx
      .update(creativeUploads)
      .set({ draftId })
      .where(and(inArray(creativeUploads.storageKey, unowned), isNull(creativeUploads.draftId)));
  return true;
}

/**
 * Records an uploaded creative for a draft and appends it to the draft's comma-joined `creatives`.
 * 'unknown' when the uploads ledger holds no (undeleted) upload of `storageKey` for this dealership
 * (the foreign key of `campaign_draft_creatives` would refuse it too); 'duplicate' when its stored
 * file has the SHA-256 of a creative already on the draft (issue 25 item 8).
 */
export async function addDraftCreative(
  db: Db,
  params: { dealershipId: number; draftId: number; storageKey: string; isActive: boolean; maxSlots: number },
): Promise<{ id: number; creatives: string } | 'no-draft' | 'full' | 'unknown' | 'duplicate'> {
  return db.transaction(async (tx) => {
    const [draft] = await tx
      .select()
      .from(campaignDrafts)
      .where(and(eq(campaignDrafts.id, params.draftId), eq(campaignDrafts.dealershipId, params.dealershipId)))
      .for('update');
    if (!draft || draft.isIncomplete !== 1) return 'no-draft' as const;
    if (!(await lockDealershipUploads(tx, params.dealershipId, params.draftId, [params.storageKey])))
      return 'unknown' as const;
    const links = (draft.creatives ?? '').split(',').filter(Boolean);
    if (!links.includes(params.storageKey) && links.length >= params.maxSlots) return 'full' as const;
    // The same content (SHA-256) as a creative already on the draft (issue 25 item 8): decided here,
    // with the draft row locked, so two concurrent records of one file cannot both pass.
    if (
      !links.includes(params.storageKey) &&
      (
        await findDuplicateUploads(tx, { dealershipId: params.dealershipId, keys: [...links, params.storageKey] })
      ).includes(params.storageKey)
    )
      return 'duplicate' as const;
    const [known] = await tx
      .select({ id: draftCreatives.id })
      .from(draftCreatives)
      .where(and(eq(draftCreatives.draftId, params.draftId), eq(draftCreatives.storageKey, params.storageKey)));
    if (known) {
      if (!links.includes(params.storageKey)) {
        links.push(params.storageKey);
        await tx
          .update(campaignDrafts)
          .set({ creatives: links.join(','), updatedAt: new Date() })
          .where(eq(campaignDrafts.id, params.draftId));
      }
      return { id: known.id, creatives: links.join(',') };
    }
    const [row] = await tx
      .insert(draftCreatives)
      .values({
        draftId: params.draftId,
        dealershipId: params.dealershipId,
        storageKey: params.storageKey,
        isActive: params.isActive,
      })
      .returning({ id: draftCreatives.id });
    if (!links.includes(params.storageKey)) links.push(params.storageKey);
    const creatives = links.join(',');
    await tx
      .update(campaignDrafts)
      .set({ creatives, updatedAt: new Date() })
      .where(eq(campaignDrafts.id, params.draftId));
    return { id: row!.id, creatives };
  });
}

/**
 * Sets an incomplete draft's `creatives` to `links` (the PATCH of a step that sends them): every link
 * must be an upload of the dealership in the ledger ('unknown' otherwise), at most `maxSlots`
 * ('full'), no two with the same stored SHA-256 ('duplicate', issue 25 item 8); links not yet
 * recorded on the draft are recorded. Links left out stay recorded (their
 * files are released when the draft is discarded). Null when there is no such incomplete draft.
 */
export async function setDraftCreatives(
  db: Db,
  params: { dealershipId: number; draftId: number; links: string[]; maxSlots: number },
): Promise<'unknown' | 'full' | 'duplicate' | null | 'ok'> {
  return db.transaction(async (tx) => {
    const [draft] = await tx
      .select({ id: campaignDrafts.id, isIncomplete: campaignDrafts.isIncomplete })
      .from(campaignDrafts)
      .where(and(eq(campaignDrafts.id, params.draftId), eq(campaignDrafts.dealershipId, params.dealershipId)))
      .for('update');
    if (!draft || draft.isIncomplete !== 1) return null;
    const links = [...new Set(params.links)];
    if (links.length > params.maxSlots) return 'full' as const;
    if (!(await lockDealershipUploads(tx, params.dealershipId, params.draftId, links))) return 'unknown' as const;
    if ((await findDuplicateUploads(tx, { dealershipId: params.dealershipId, keys: links })).length > 0)
      return 'duplicate' as const;
    const recorded = new Set(
      (
        await tx
          .select({ key: draftCreatives.storageKey })
          .from(draftCreatives)
          .where(eq(draftCreatives.draftId, params.draftId))
      ).map((r) => r.key),
    );
    const missing = links.filter((link) => !recorded.has(link));
    if (missing.length > 0)
      await tx.insert(draftCreatives).values(
        missing.map((storageKey) => ({
          draftId: params.draftId,
          dealershipId: params.dealershipId,
          storageKey,
          isActive: true,
        })),
      );
    await tx
      .update(campaignDrafts)
      .set({ creatives: links.length ? links.join(',') : null, updatedAt: new Date() })
      .where(eq(campaignDrafts.id, params.draftId));
    return 'ok' as const;
  });
}

export interface FinaliseParams {
  dealershipId: number;
  draftId: number;
  productCode: string;
  displayName: string;
  vendorCampaignName: string;
  productName: string;
  startDate: string;
  endDate: string;
  budget: number;
  notes: string;
  zip: string;
  objective?: string | undefined;
  creatives?: string | undefined;
  allowedVehicleStates?: string | undefined;
  filters?: Record<string, string | number | null> | undefined;
  request: Record<string, unknown>;
}

/**
 * Creates the campaign of a draft (spec 001 §4 "Final creation"): in one transaction with the
 * draft row locked, records a pending managed campaign and sets the draft's `is_incomplete` to 0
 * with its name and notes. A draft already finalised answers its campaign again (a double submit
 * creates one campaign; `created` tells which call made it). Null when the draft is not the dealership's; 'product' when its product differs;
 * 'creatives' when `creatives` names a link that is not recorded on this draft (so it is in the
 * uploads ledger for this dealership: issue 18 item 2).
 */
export async function finaliseDraft(
  db: Db,
  params: FinaliseParams,
): Promise<
  { campaignId: number; vendorCampaignName: string; status: string; created: boolean } | null | 'product' | 'creatives'
> {
  return db.transaction(async (tx) => {
    const [draft] = await tx
      .select()
      .from(campaignDrafts)
      .where(and(eq(campaignDrafts.id, params.draftId), eq(campaignDrafts.dealershipId, params.dealershipId)))
      .for('update');
    if (!draft) return null;
    if (draft.managedCampaignId !== null) {
      const [existing] = await tx
        .select({ status: managedCampaigns.campaignStatus, name: managedCampaigns.vendorCampaignName })
        .from(managedCampaigns)
        .where(eq(managedCampaigns.id, draft.managedCampaignId));
      return {
        campaignId: draft.managedCampaignId,
        vendorCampaignName: existing?.name ?? draft.vendorCampaignName ?? '',
        status: existing?.status ?? 'pending',
        created: false,
      };
    }
    if (draft.isIncomplete !== 1) return null;
    if (draft.productCode !== params.productCode) return 'product' as const;
    if (params.creatives !== undefined) {
      const recorded = new Set(
        (
          await tx
            .select({ key: draftCreatives.storageKey })
            .from(draftCreatives)
            .where(eq(draftCreatives.draftId, params.draftId))
        ).map((r) => r.key),
      );
      if (params.creatives.split(',').some((link) => link !== '' && !recorded.has(link))) return 'creatives' as const;
    }
    const catalog = productCatalog[params.productCode as ProductCode];
    const [created] = await tx
      .insert(managedCampaigns)
      .values({
        id: sql`nextval('portal_campaign_id_seq')`,
        dealershipId: params.dealershipId,
        displayName: params.displayName,
        vendorCampaignName: params.vendorCampaignName,
        campaignStatus: 'pending',
        startDate: params.startDate,
        endDate: params.endDate,
        productCode: params.productCode,
        productName: params.productName,
        campaignType: catalog.family,
        budget: params.budget,
      })
      .returning({ id: managedCampaigns.id });
    const id = created!.id;
    await tx
      .update(campaignDrafts)
      .set({
        isIncomplete: 0,
        managedCampaignId: Number(id),
        campaignDisplayName: params.displayName,
        vendorCampaignName: params.vendorCampaignName,
        notes: params.notes,
        startDate: params.startDate,
        endDate: params.endDate,
        budget: params.budget,
        zip: params.zip,
        ...(params.objective ? { objective: params.objective } : {}),
        ...(params.creatives !== undefined ? { creatives: params.creatives } : {}),
        ...(params.allowedVehicleStates ? { allowedVehicleStates: params.allowedVehicleStates } : {}),
        ...(params.filters ? { filters: params.filters } : {}),
        creationRequest: params.request,
        updatedAt: new Date(),
      })
      .where(eq(campaignDrafts.id, params.draftId));
    return { campaignId: Number(id), vendorCampaignName: params.vendorCampaignName, status: 'pending', created: true };
  });
}
