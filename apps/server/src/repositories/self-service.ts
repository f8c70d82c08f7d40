import { and, asc, between, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ctrPercent,
  type AccountOption,
  type ImportStatus,
  type PlatformStatusName,
  type SelfServiceCampaign,
  type SelfServiceProduct,
  type SortingItem,
} from '@portal/contracts';
import type { Db } from '../db/client';
import {
  platformConnections as connections,
  selfServiceCampaigns as campaigns,
  selfServiceDailyMetrics as daily,
  selfServiceProductDaily as products,
  users,
} from '../db/schema';
import { byText, orderClauses, sumOf, type Slice } from './campaign-reports/table';

// ---------------------------------------------------------------------------------------------
// Connections (one per organization and vendor)

export type ConnectionRecord = typeof connections.$inferSelect;

export async function findConnection(
  db: Db,
  { organizationId, vendorId }: { organizationId: number; vendorId: number },
) {
  const [row] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.organizationId, organizationId), eq(connections.vendorId, vendorId)));
  return row ?? null;
}

export function listConnections(db: Db, { organizationId }: { organizationId: number }) {
  return db
    .select({
      vendorId: connections.vendorId,
      sandbox: connections.sandbox,
      createdAt: connections.createdAt,
      connectedBy: users.name,
    })
    .from(connections)
    .leftJoin(users, eq(users.id, connections.connectedBy))
    .where(eq(connections.organizationId, organizationId));
}

export interface SaveConnectionParams {
  organizationId: number;
  vendorId: number;
  sandbox: boolean;
  accessTokenEnc: string;
  refreshTokenEnc: string | null;
  expiresAt: Date | null;
  connectedBy: number | null;
}

/** Creates or replaces the organization's connection to a vendor (a reconnect drops the cached accounts). */
export async function saveConnection(db: Db, params: SaveConnectionParams) {
  const values = { ...params, sandbox: params.sandbox ? 1 : 0, accounts: null, accountsRefreshedAt: null };
  await db
    .insert(connections)
    .values(values)
    .onConflictDoUpdate({
      target: [connections.organizationId, connections.vendorId],
      set: { ...values, createdAt: sql`now()` },
    });
}

export async function updateConnectionTokens(
  db: Db,
  {
    id,
    tokens,
  }: { id: number; tokens: { accessTokenEnc: string; refreshTokenEnc: string | null; expiresAt: Date | null } },
) {
  await db.update(connections).set(tokens).where(eq(connections.id, id));
}

export async function saveConnectionAccounts(
  db: Db,
  { id, accounts, at }: { id: number; accounts: AccountOption[]; at: Date },
) {
  await db.update(connections).set({ accounts, accountsRefreshedAt: at }).where(eq(connections.id, id));
}

export async function deleteConnection(
  db: Db,
  { organizationId, vendorId }: { organizationId: number; vendorId: number },
) {
  await db
    .delete(connections)
    .where(and(eq(connections.organizationId, organizationId), eq(connections.vendorId, vendorId)));
}

// ---------------------------------------------------------------------------------------------
// Self-service campaigns

export interface ImportRow {
  organizationId: number;
  dealershipId: number;
  vendorId: number;
  vendorCampaignId: string;
  name: string;
  accountId: string;
  accountName: string;
  loginCustomerId: string | null;
  startDate: string;
  endDate: string | null;
  statusName: PlatformStatusName;
}

/**
 * Inserts the campaigns the organization has not imported yet (unique organization, vendor,
 * platform id: one dealership at a time) and answers the ids of the new ones and of those already
 * under this dealership. The route refuses campaigns imported under another dealership first.
 */
export async function insertImportedCampaigns(db: Db, { rows }: { rows: ImportRow[] }) {
  if (rows.length === 0) return { created: [] as number[], existing: [] as number[] };
  const created = await db
    .insert(campaigns)
    .values(rows)
    .onConflictDoNothing({ target: [campaigns.organizationId, campaigns.vendorId, campaigns.vendorCampaignId] })
    .returning({ id: campaigns.id });
  const all = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.dealershipId, rows[0]!.dealershipId),
        eq(campaigns.vendorId, rows[0]!.vendorId),
        inArray(
          campaigns.vendorCampaignId,
          rows.map((r) => r.vendorCampaignId),
        ),
      ),
    );
  const createdIds = new Set(created.map((c) => c.id));
  return { created: [...createdIds], existing: all.map((c) => c.id).filter((id) => !createdIds.has(id)) };
}

export type SelfServiceRecord = typeof campaigns.$inferSelect;

export async function findSelfServiceCampaign(db: Db, params: { dealershipId: number; campaignId: number }) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, params.campaignId), eq(campaigns.dealershipId, params.dealershipId)));
  return row ?? null;
}

export async function findSelfServiceCampaignById(db: Db, { campaignId }: { campaignId: number }) {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  return row ?? null;
}

export interface ListSelfServiceParams {
  dealershipId: number;
  pageIndex: number;
  pageSize: number;
  sorting?: SortingItem[] | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** A dealership's self-service campaigns with impressions and clicks summed over the range (all days when none). */
export async function listSelfServiceCampaigns(db: Db, params: ListSelfServiceParams) {
  const range = params.startDate && params.endDate ? between(daily.date, params.startDate, params.endDate) : undefined;
  const totals = db
    .select({
      campaignId: daily.campaignId,
      impressions: sql<number>`sum(${daily.impressions})`.mapWith(Number).as('impressions'),
      clicks: sql<number>`sum(${daily.clicks})`.mapWith(Number).as('clicks'),
    })
    .from(daily)
    .innerJoin(campaigns, eq(campaigns.id, daily.campaignId))
    .where(and(eq(campaigns.dealershipId, params.dealershipId), range))
    .groupBy(daily.campaignId)
    .as('totals');
  const impressions = sql<number>`coalesce(${totals.impressions}, 0)`.mapWith(Number);
  const clicks = sql<number>`coalesce(${totals.clicks}, 0)`.mapWith(Number);
  const ctr = sql`case when coalesce(${totals.impressions}, 0) = 0 then null else ${totals.clicks}::float / ${totals.impressions} end`;
  const order = orderClauses(
    params.sorting,
    {
      name: byText(campaigns.name),
      start_date: campaigns.startDate,
      impressions,
      clicks,
      ctr,
      status: campaigns.status,
    },
    [desc(campaigns.createdAt)],
    [desc(campaigns.id)],
  );
  const rows = await db
    .select({ campaign: campaigns, impressions, clicks })
    .from(campaigns)
    .leftJoin(totals, eq(totals.campaignId, campaigns.id))
    .where(eq(campaigns.dealershipId, params.dealershipId))
    .orderBy(...order)
    .limit(params.pageSize)
    .offset(params.pageIndex * params.pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(campaigns)
    .where(eq(campaigns.dealershipId, params.dealershipId));
  return { data: rows.map((r) => present(r.campaign, r.impressions, r.clicks)), total: total?.n ?? 0 };
}

export function present(c: SelfServiceRecord, impressions: number, clicks: number): SelfServiceCampaign {
  return {
    _id: c.id,
    vendor_id: c.vendorId,
    status: (['pending', 'initial_load', 'available'].includes(c.status) ? c.status : 'failed') as ImportStatus,
    failure_reason: c.failureReason,
    last_synced_at: c.lastSyncedAt ? c.lastSyncedAt.toISOString() : null,
    vendor_campaign: {
      id: c.vendorCampaignId,
      name: c.name,
      account_id: c.accountId,
      account_name: c.accountName,
      login_customer_id: c.loginCustomerId,
      start_date: c.startDate,
      end_date: c.endDate,
      status_name: c.statusName === 'paused' ? 'paused' : 'active',
    },
    campaign_stats: [{ impressions, clicks }],
    ctr: ctrPercent(clicks, impressions),
  };
}

export async function setStatusName(
  db: Db,
  { campaignId, statusName }: { campaignId: number; statusName: PlatformStatusName },
) {
  await db.update(campaigns).set({ statusName }).where(eq(campaigns.id, campaignId));
}

export async function setImportStatus(
  db: Db,
  {
    campaignId,
    status,
    extra = {},
  }: { campaignId: number; status: ImportStatus; extra?: { failureReason?: string | null; lastSyncedAt?: Date } },
) {
  await db
    .update(campaigns)
    .set({ status, ...extra })
    .where(eq(campaigns.id, campaignId));
}

/** Every imported campaign that is live or failed (the daily refresh re-syncs them). */
export async function campaignsToRefresh(db: Db) {
  return db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(inArray(campaigns.status, ['available', 'failed']));
}

// ---------------------------------------------------------------------------------------------
// Daily and product rows

export async function upsertDailyRows(
  db: Db,
  { campaignId, rows }: { campaignId: number; rows: Array<{ date: string; impressions: number; clicks: number }> },
) {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500).map((r) => ({ campaignId, ...r }));
    await db
      .insert(daily)
      .values(chunk)
      .onConflictDoUpdate({
        target: [daily.campaignId, daily.date],
        set: { impressions: sql`excluded.impressions`, clicks: sql`excluded.clicks` },
      });
  }
}

export async function upsertProductRows(
  db: Db,
  {
    campaignId,
    rows,
  }: {
    campaignId: number;
    rows: Array<{
      date: string;
      productItemId: string;
      productTitle: string;
      impressions: number;
      clicks: number;
      conversions: number;
    }>;
  },
) {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500).map((r) => ({ campaignId, ...r }));
    await db
      .insert(products)
      .values(chunk)
      .onConflictDoUpdate({
        target: [products.campaignId, products.date, products.productItemId],
        set: {
          productTitle: sql`excluded.product_title`,
          impressions: sql`excluded.impressions`,
          clicks: sql`excluded.clicks`,
          conversions: sql`excluded.conversions`,
        },
      });
  }
}

export interface RangeParams {
  campaignId: number;
  startDate: string;
  endDate: string;
}

export function dailyRows(db: Db, params: RangeParams) {
  return db
    .select({ date: daily.date, impressions: daily.impressions, clicks: daily.clicks })
    .from(daily)
    .where(and(eq(daily.campaignId, params.campaignId), between(daily.date, params.startDate, params.endDate)))
    .orderBy(asc(daily.date));
}

/** Impressions and clicks of every synced day of a campaign. */
export async function campaignTotals(db: Db, { campaignId }: { campaignId: number }) {
  const [row] = await db
    .select({ impressions: sumOf(daily.impressions), clicks: sumOf(daily.clicks) })
    .from(daily)
    .where(eq(daily.campaignId, campaignId));
  return row ?? { impressions: 0, clicks: 0 };
}

/** Distinct products with results in the range. */
export async function countProducts(db: Db, params: RangeParams) {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${products.productItemId})`.mapWith(Number) })
    .from(products)
    .where(and(eq(products.campaignId, params.campaignId), between(products.date, params.startDate, params.endDate)));
  return row?.n ?? 0;
}

/** Product rows summed over the range, sorted (clicks descending by default), one slice. */
export async function listProducts(
  db: Db,
  { slice, ...params }: (RangeParams & { sorting?: SortingItem[] | undefined }) & { slice: Slice },
): Promise<SelfServiceProduct[]> {
  const impressions = sumOf(products.impressions);
  const clicks = sumOf(products.clicks);
  const conversions = sumOf(products.conversions);
  const title = sql<string>`max(${products.productTitle})`;
  return db
    .select({ product_title: title, product_item_id: products.productItemId, impressions, clicks, conversions })
    .from(products)
    .where(and(eq(products.campaignId, params.campaignId), between(products.date, params.startDate, params.endDate)))
    .groupBy(products.productItemId)
    .orderBy(
      ...orderClauses(
        params.sorting,
        {
          product_title: sql`lower(max(${products.productTitle})) collate "C"`,
          product_item_id: sql`${products.productItemId} collate "C"`,
          impressions,
          clicks,
          conversions,
        },
        [sql`${clicks} desc`],
        [sql`${products.productItemId} collate "C"`],
      ),
    )
    .limit(slice.limit)
    .offset(slice.offset);
}
