import { and, count, desc, eq, sql } from 'drizzle-orm';
import { inventoryFilterKeys, productCatalog, type Draft, type ProductCode } from '@portal/contracts';
import type { Db } from '../../db/client';
import { campaignDrafts, draftCreatives, managedCampaigns } from '../../db/schema';

type DraftRow = typeof campaignDrafts.$inferSelect;

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
    is_incomplete: row.isIncomplete,
    updated_at: row.updatedAt.toISOString(),
    ...flat,
  };
}

export async function createDraft(
  db: Db,
  params: {
    dealershipId: number;
    userId: number;
    productCode: string;
    pacingId: number;
    objective?: string | undefined;
    creatives?: string | undefined;
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
      creatives: params.creatives || null,
      isIncomplete: 1,
    })
    .returning({ id: campaignDrafts.id });
  return row!.id;
}

/** The dealership's draft, or null (another dealership's id is null too). */
export async function getDraft(db: Db, dealershipId: number, draftId: number): Promise<DraftRow | null> {
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
  creatives: 'creatives',
  vendor_campaign_name: 'vendorCampaignName',
  audiences: 'audiences',
};

/** Saves a step's fields to an incomplete draft; returns the updated draft, or null when there is none. */
export async function updateDraft(
  db: Db,
  dealershipId: number,
  draftId: number,
  data: Record<string, unknown>,
): Promise<DraftRow | null> {
  const existing = await getDraft(db, dealershipId, draftId);
  if (!existing || existing.isIncomplete !== 1) return null;
  const set: Partial<typeof campaignDrafts.$inferInsert> = { updatedAt: new Date() };
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

/** Deletes an incomplete draft and its creative records; returns the storage keys of its creatives. */
export async function deleteDraft(db: Db, dealershipId: number, draftId: number): Promise<string[] | null> {
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
    return creatives.map((c) => c.key);
  });
}

/** Deletes the creatives of an incomplete draft and clears its `creatives`; returns their storage keys. */
export async function deleteDraftCreatives(db: Db, dealershipId: number, draftId: number): Promise<string[] | null> {
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
    return creatives.map((c) => c.key);
  });
}

/** Records an uploaded creative for a draft and appends it to the draft's comma-joined `creatives`. */
export async function addDraftCreative(
  db: Db,
  params: { dealershipId: number; draftId: number; storageKey: string; isActive: boolean; maxSlots: number },
): Promise<{ id: number; creatives: string } | 'no-draft' | 'full'> {
  return db.transaction(async (tx) => {
    const [draft] = await tx
      .select()
      .from(campaignDrafts)
      .where(and(eq(campaignDrafts.id, params.draftId), eq(campaignDrafts.dealershipId, params.dealershipId)))
      .for('update');
    if (!draft || draft.isIncomplete !== 1) return 'no-draft' as const;
    const links = (draft.creatives ?? '').split(',').filter(Boolean);
    if (!links.includes(params.storageKey) && links.length >= params.maxSlots) return 'full' as const;
    const [known] = await tx
      .select({ id: draftCreatives.id })
      .from(draftCreatives)
      .where(and(eq(draftCreatives.draftId, params.draftId), eq(draftCreatives.storageKey, params.storageKey)));
    if (known) return { id: known.id, creatives: links.join(',') };
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
 * creates one campaign; `created` tells which call made it). Null when the draft is not the dealership's; 'product' when its product differs.
 */
export async function finaliseDraft(
  db: Db,
  params: FinaliseParams,
): Promise<{ campaignId: number; vendorCampaignName: string; status: string; created: boolean } | null | 'product'> {
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
