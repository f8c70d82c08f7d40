import { asc, count, eq } from 'drizzle-orm';
import {
  agencySlug,
  brandingOperations,
  operationPath,
  type AgencyBrand,
  type AgencyBranding,
  type AgencyListItem,
} from '@portal/contracts';
import type { Db } from '../db/client';
import { dealerships, organizations, users } from '../db/schema';
import type { Storage } from '../lib/storage';

/**
 * The white-label of an agency (issue 20 §4, docs/users.md "Branding"): the `brand_*`/`email_*`
 * columns of `organizations` and the logo in storage (`branding/{organization_id}/logo-{version}`).
 */

type OrganizationRow = typeof organizations.$inferSelect;

/** The public URL of an agency's logo, versioned by its content (null without one). */
export const logoUrl = (row: Pick<OrganizationRow, 'id' | 'brandLogoKey' | 'brandLogoVersion'>) =>
  row.brandLogoKey
    ? `${operationPath(brandingOperations.getAgencyBrandLogo, { agency: row.id })}?v=${row.brandLogoVersion ?? '0'}`
    : null;

export function toBranding(row: OrganizationRow): AgencyBranding {
  return {
    organization_id: row.id,
    organization_name: row.name,
    display_name: row.brandDisplayName,
    primary_color: row.brandPrimaryColor,
    email_sender_name: row.emailSenderName,
    email_reply_to: row.emailReplyTo,
    paper_size: row.reportPaperSize,
    logo_url: logoUrl(row),
    sign_in_path: `/login?agency=${agencySlug(row.name)}`,
  };
}

export function toBrand(row: OrganizationRow): AgencyBrand {
  return {
    organization_id: row.id,
    slug: agencySlug(row.name),
    name: row.brandDisplayName ?? row.name,
    primary_color: row.brandPrimaryColor,
    logo_url: logoUrl(row),
  };
}

export async function getOrganizationRow(db: Db, { organizationId }: { organizationId: number }) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  return row ?? null;
}

/**
 * The agency a public brand link names: a decimal id, or the slug of its name (`agencySlug`); null
 * when none matches. Slugs are compared over every agency (a few hundred rows at most).
 */
export async function findOrganizationByAgencyParam(db: Db, { agency }: { agency: string }) {
  if (/^[0-9]{1,9}$/.test(agency)) return getOrganizationRow(db, { organizationId: Number(agency) });
  const rows = await db.select().from(organizations).orderBy(asc(organizations.id));
  return rows.find((row) => agencySlug(row.name) === agency) ?? null;
}

export interface BrandingChanges {
  displayName: string | null;
  primaryColor: string | null;
  emailSenderName: string | null;
  emailReplyTo: string | null;
  paperSize: OrganizationRow['reportPaperSize'];
}

export async function updateBranding(
  db: Db,
  { organizationId, changes }: { organizationId: number; changes: BrandingChanges },
) {
  const [row] = await db
    .update(organizations)
    .set({
      brandDisplayName: changes.displayName,
      brandPrimaryColor: changes.primaryColor,
      emailSenderName: changes.emailSenderName,
      emailReplyTo: changes.emailReplyTo,
      reportPaperSize: changes.paperSize,
      updatedAt: new Date(),
    })
    .where(eq(organizations.id, organizationId))
    .returning();
  return row ?? null;
}

export async function setLogo(
  db: Db,
  { organizationId, logo }: { organizationId: number; logo: { key: string; type: string; version: string } | null },
) {
  const [row] = await db
    .update(organizations)
    .set({
      brandLogoKey: logo?.key ?? null,
      brandLogoType: logo?.type ?? null,
      brandLogoVersion: logo?.version ?? null,
      updatedAt: new Date(),
    })
    .where(eq(organizations.id, organizationId))
    .returning();
  return row ?? null;
}

/** Every agency by name with its dealership and (active or not) user counts (staff's list, issue 23 §2). */
export async function listAgencies(db: Db): Promise<AgencyListItem[]> {
  const rows = await db.select().from(organizations).orderBy(asc(organizations.name));
  const dealershipCounts = await db
    .select({ id: dealerships.organizationId, n: count() })
    .from(dealerships)
    .groupBy(dealerships.organizationId);
  const userCounts = await db
    .select({ id: users.organizationId, n: count() })
    .from(users)
    .groupBy(users.organizationId);
  const byId = (list: Array<{ id: number; n: number }>) => new Map(list.map((r) => [r.id, Number(r.n)]));
  const d = byId(dealershipCounts);
  const u = byId(userCounts);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: agencySlug(row.name),
    time_zone: row.timeZone,
    dealership_count: d.get(row.id) ?? 0,
    user_count: u.get(row.id) ?? 0,
  }));
}

/** What PDFs, workbooks and emails show of an agency's brand (the logo's bytes read from storage). */
export interface AgencyBrandAssets {
  organizationId: number;
  name: string;
  primaryColor: string | null;
  logo: { bytes: Buffer; type: string } | null;
  senderName: string | null;
  replyTo: string | null;
  paperSize: OrganizationRow['reportPaperSize'];
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** The brand assets of an agency (null: no such agency). A logo missing from storage is left out, never an error. */
export async function loadBrandAssets(
  db: Db,
  storage: Storage | undefined,
  { organizationId }: { organizationId: number },
): Promise<AgencyBrandAssets | null> {
  const row = await getOrganizationRow(db, { organizationId });
  if (!row) return null;
  let logo: AgencyBrandAssets['logo'] = null;
  if (row.brandLogoKey && row.brandLogoType && storage) {
    const object = await storage.getStream(row.brandLogoKey).catch(() => null);
    if (object) logo = { bytes: await readAll(object.body), type: row.brandLogoType };
  }
  return {
    organizationId: row.id,
    name: row.brandDisplayName ?? row.name,
    primaryColor: row.brandPrimaryColor,
    logo,
    senderName: row.emailSenderName,
    replyTo: row.emailReplyTo,
    paperSize: row.reportPaperSize,
  };
}

/** The brand of the agency a dealership belongs to. */
export async function loadDealershipBrandAssets(
  db: Db,
  storage: Storage | undefined,
  { dealershipId }: { dealershipId: number },
): Promise<AgencyBrandAssets | null> {
  const [found] = await db
    .select({ organizationId: dealerships.organizationId })
    .from(dealerships)
    .where(eq(dealerships.id, dealershipId));
  return found ? loadBrandAssets(db, storage, { organizationId: found.organizationId }) : null;
}

/** The From name and Reply-To of the agency's emails: its sender name (else its display name) and reply-to. */
export const brandSender = (brand: AgencyBrandAssets | null) => ({
  name: brand?.senderName ?? brand?.name ?? null,
  replyTo: brand?.replyTo ?? null,
});

/**
 * An account email in the agency's brand (issue 20 §4): its display name as the email's brand line
 * and its sender name and reply-to. Without an agency (or one that is gone) the email is unchanged.
 */
export async function brandAccountEmail<T extends { brand: string | null; sender?: unknown }>(
  db: Db,
  organizationId: number | null | undefined,
  email: T,
): Promise<T> {
  if (!organizationId) return email;
  const brand = await loadBrandAssets(db, undefined, { organizationId });
  return brand ? { ...email, brand: brand.name, sender: brandSender(brand) } : email;
}
