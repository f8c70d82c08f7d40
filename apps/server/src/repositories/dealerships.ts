import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  ROLE_AGENCY_ADMIN,
  ROLE_PLATFORM_STAFF,
  type DealershipDetail,
  type DealershipSummary,
  type Me,
} from '@portal/contracts';
import type { Db } from '../db/client';
import { dealerships, dmas, organizations } from '../db/schema';

/** Organizations the user may open: all for platform staff, else their own. */
export async function listOrganizations(db: Db, { user }: { user: Me }): Promise<Array<{ id: number; name: string }>> {
  const query = db.select({ id: organizations.id, name: organizations.name }).from(organizations);
  return user.role_id === ROLE_PLATFORM_STAFF
    ? query.orderBy(asc(organizations.name))
    : query.where(eq(organizations.id, user.organization_id));
}

export async function getOrganization(db: Db, { organizationId }: { organizationId: number }) {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  return org ?? null;
}

/** Dealerships of an organization that the user may open, by name (role 3: only its own). */
export async function listDealerships(
  db: Db,
  { user, organizationId }: { user: Me; organizationId: number },
): Promise<DealershipSummary[]> {
  const conditions = [eq(dealerships.organizationId, organizationId)];
  if (user.role_id !== ROLE_PLATFORM_STAFF && user.role_id !== ROLE_AGENCY_ADMIN) {
    if (user.dealership_ids.length === 0) return [];
    conditions.push(inArray(dealerships.id, user.dealership_ids));
  }
  const rows = await db
    .select({
      id: dealerships.id,
      organization_id: dealerships.organizationId,
      name: dealerships.name,
      city: dealerships.city,
      state: dealerships.state,
      dma_code: dealerships.dmaCode,
      dma_name: dmas.name,
    })
    .from(dealerships)
    .leftJoin(dmas, eq(dmas.dmaCode, dealerships.dmaCode))
    .where(and(...conditions))
    .orderBy(asc(dealerships.name), asc(dealerships.id));
  return rows;
}

/** A dealership with its settings and its organization's settings, or null. */
export async function getDealership(
  db: Db,
  { organizationId, dealershipId }: { organizationId: number; dealershipId: number },
): Promise<DealershipDetail | null> {
  const [row] = await db
    .select({ dealership: dealerships, organization: organizations, dmaName: dmas.name })
    .from(dealerships)
    .innerJoin(organizations, eq(organizations.id, dealerships.organizationId))
    .leftJoin(dmas, eq(dmas.dmaCode, dealerships.dmaCode))
    .where(and(eq(dealerships.id, dealershipId), eq(dealerships.organizationId, organizationId)));
  if (!row) return null;
  const d = row.dealership;
  return {
    id: d.id,
    organization_id: d.organizationId,
    name: d.name,
    street: d.street,
    city: d.city,
    state: d.state,
    zip: d.zip,
    dma_code: d.dmaCode,
    dma_name: row.dmaName,
    enable_facebook_campaign_conversions: d.enableFacebookCampaignConversions,
    has_sold_report_source: d.hasSoldReportSource,
    organization: {
      id: row.organization.id,
      name: row.organization.name,
      show_budget_type: row.organization.showBudgetType,
      time_zone: row.organization.timeZone,
    },
  };
}
