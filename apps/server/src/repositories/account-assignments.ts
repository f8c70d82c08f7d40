import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { dealerships, platformAccountAssignments as assignments, selfServiceCampaigns } from '../db/schema';

/**
 * Account assignments (issue 18 item 3, docs/self-service.md "Scope"): which dealerships of an
 * organization may use each platform account of its connection to a vendor.
 */

export interface AssignmentKey {
  organizationId: number;
  vendorId: number;
}

/** Every assignment of the organization's accounts of a vendor: account id → dealership ids (ascending). */
export async function listAssignments(db: Db, key: AssignmentKey): Promise<Map<string, number[]>> {
  const rows = await db
    .select({ accountId: assignments.accountId, dealershipId: assignments.dealershipId })
    .from(assignments)
    .where(and(eq(assignments.organizationId, key.organizationId), eq(assignments.vendorId, key.vendorId)))
    .orderBy(asc(assignments.accountId), asc(assignments.dealershipId));
  const byAccount = new Map<string, number[]>();
  for (const row of rows) byAccount.set(row.accountId, [...(byAccount.get(row.accountId) ?? []), row.dealershipId]);
  return byAccount;
}

/** The account ids of a vendor assigned to at least one of `dealershipIds` (all of them in the organization). */
export async function assignedAccountIds(
  db: Db,
  { dealershipIds, ...key }: AssignmentKey & { dealershipIds: number[] },
): Promise<Set<string>> {
  if (dealershipIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ accountId: assignments.accountId })
    .from(assignments)
    .where(
      and(
        eq(assignments.organizationId, key.organizationId),
        eq(assignments.vendorId, key.vendorId),
        inArray(assignments.dealershipId, dealershipIds),
      ),
    );
  return new Set(rows.map((r) => r.accountId));
}

/** The ids among `dealershipIds` that are dealerships of the organization. */
export async function dealershipsOfOrganization(
  db: Db,
  { organizationId, dealershipIds }: { organizationId: number; dealershipIds: number[] },
) {
  if (dealershipIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: dealerships.id })
    .from(dealerships)
    .where(and(eq(dealerships.organizationId, organizationId), inArray(dealerships.id, dealershipIds)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Replaces the dealerships an account is assigned to (in one transaction). The caller has checked
 * that every dealership belongs to the organization. Answers the new set, ascending.
 */
export async function replaceAssignments(
  db: Db,
  params: AssignmentKey & { accountId: string; dealershipIds: number[]; assignedBy: number | null },
): Promise<number[]> {
  const ids = [...new Set(params.dealershipIds)].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    await tx
      .delete(assignments)
      .where(
        and(
          eq(assignments.organizationId, params.organizationId),
          eq(assignments.vendorId, params.vendorId),
          eq(assignments.accountId, params.accountId),
        ),
      );
    if (ids.length > 0)
      await tx.insert(assignments).values(
        ids.map((dealershipId) => ({
          organizationId: params.organizationId,
          vendorId: params.vendorId,
          accountId: params.accountId,
          dealershipId,
          assignedBy: params.assignedBy,
        })),
      );
  });
  return ids;
}

/** Platform campaign id → the dealership it is imported under, for the given platform campaigns of the organization. */
export async function placedCampaigns(
  db: Db,
  { vendorCampaignIds, ...key }: AssignmentKey & { vendorCampaignIds: string[] },
) {
  if (vendorCampaignIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({
      vendorCampaignId: selfServiceCampaigns.vendorCampaignId,
      dealershipId: selfServiceCampaigns.dealershipId,
    })
    .from(selfServiceCampaigns)
    .where(
      and(
        eq(selfServiceCampaigns.organizationId, key.organizationId),
        eq(selfServiceCampaigns.vendorId, key.vendorId),
        inArray(selfServiceCampaigns.vendorCampaignId, vendorCampaignIds),
      ),
    );
  return new Map(rows.map((r) => [r.vendorCampaignId, r.dealershipId]));
}

/** Moves an imported campaign to another dealership of its organization (role 1–2 only; the route checks). */
export async function moveCampaign(
  db: Db,
  params: { campaignId: number; organizationId: number; dealershipId: number },
) {
  await db
    .update(selfServiceCampaigns)
    .set({ dealershipId: params.dealershipId })
    .where(
      and(
        eq(selfServiceCampaigns.id, params.campaignId),
        eq(selfServiceCampaigns.organizationId, params.organizationId),
      ),
    );
}
