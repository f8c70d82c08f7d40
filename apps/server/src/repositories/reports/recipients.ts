import { and, asc, eq, sql } from 'drizzle-orm';
import { mailboxPattern } from '@portal/contracts';
import type { Db } from '../../db/client';
import { organizationEmailDomains, userDealerships, users } from '../../db/schema';

/** The tenant a report email is about: its recipients are checked against it. */
export interface ReportTenant {
  organizationId: number;
  dealershipId: number;
}

/**
 * Whether a report about `tenant` may be emailed to `email` (issue 18 item 8, docs/reports.md
 * "Recipients"): a single plain mailbox (`mailboxPattern`) that is either a user who may open the
 * dealership — platform staff, an agency administrator of its organization, or a dealership user of
 * that organization given the dealership (the `requireTenant` rule) — or an address whose domain the
 * organization allows (`organization_email_domains`). Case-insensitive.
 */
export async function isAllowedRecipient(
  db: Db,
  { tenant, email }: { tenant: ReportTenant; email: string },
): Promise<boolean> {
  const address = email.trim().toLowerCase();
  if (!mailboxPattern.test(address)) return false;
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const [row] = await db
    .select({
      allowedDomain: sql<boolean>`exists (select 1 from ${organizationEmailDomains} where ${organizationEmailDomains.organizationId} = ${tenant.organizationId} and ${organizationEmailDomains.domain} = ${domain})`,
      tenantUser: sql<boolean>`exists (select 1 from ${users} where lower(${users.email}) = ${address} and (
        ${users.roleId} = 1
        or (${users.organizationId} = ${tenant.organizationId} and (
          ${users.roleId} = 2
          or exists (select 1 from ${userDealerships} where ${userDealerships.userId} = ${users.id} and ${userDealerships.dealershipId} = ${tenant.dealershipId})))))`,
    })
    .from(sql`(select 1) as one`);
  return Boolean(row?.allowedDomain || row?.tenantUser);
}

/** The organization's allowed report email domains, alphabetically. */
export async function listEmailDomains(db: Db, { organizationId }: { organizationId: number }) {
  const rows = await db
    .select({ domain: organizationEmailDomains.domain, createdAt: organizationEmailDomains.createdAt })
    .from(organizationEmailDomains)
    .where(eq(organizationEmailDomains.organizationId, organizationId))
    .orderBy(asc(organizationEmailDomains.domain));
  return rows.map((row) => ({ domain: row.domain, created_at: row.createdAt.toISOString() }));
}

/** Allows a domain (lower-case, checked by the contract); adding one already allowed changes nothing. */
export async function addEmailDomain(db: Db, params: { organizationId: number; domain: string }) {
  await db
    .insert(organizationEmailDomains)
    .values({ organizationId: params.organizationId, domain: params.domain })
    .onConflictDoNothing();
  const [row] = await db
    .select({ domain: organizationEmailDomains.domain, createdAt: organizationEmailDomains.createdAt })
    .from(organizationEmailDomains)
    .where(
      and(
        eq(organizationEmailDomains.organizationId, params.organizationId),
        eq(organizationEmailDomains.domain, params.domain),
      ),
    );
  return { domain: row!.domain, created_at: row!.createdAt.toISOString() };
}

/** Removes a domain from the allow-list (nothing happens when it is not there). */
export async function removeEmailDomain(db: Db, params: { organizationId: number; domain: string }) {
  await db
    .delete(organizationEmailDomains)
    .where(
      and(
        eq(organizationEmailDomains.organizationId, params.organizationId),
        eq(organizationEmailDomains.domain, params.domain),
      ),
    );
}
