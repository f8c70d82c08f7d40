import { ROLE_AGENCY_ADMIN, ROLE_PLATFORM_STAFF, type AccountOption, type Me, type VendorId } from '@portal/contracts';
import type { App } from '../types';
import { notFound } from '../lib/errors';
import { assignedAccountIds } from '../repositories/account-assignments';
import type { SelfServiceRecord } from '../repositories/self-service';
import type { AccountRef } from './connectors/types';

/**
 * The dealership scope of an agency's ad-platform connection (issue 18 item 3, docs/self-service.md
 * "Scope"). The agency's connection is shared by its dealerships, so the organization check of
 * `requireTenant` is not enough: every platform call runs on a `PlatformGrant`, and a grant is made
 * only here —
 *
 * - `grantConnection`: the connection as a whole (the account list), with the filter the answer
 *   must go through (a dealership user sees only accounts assigned to their dealerships);
 * - `grantAccount`: one account, for a request of a user who may use it (404 otherwise);
 * - `grantCampaign`: the account of an imported campaign already loaded under its dealership.
 *
 * `withPlatform` (platform-access.ts) takes a grant, not an organization id, so a route added later
 * cannot reach the platform without passing through one of these checks.
 */

declare const granted: unique symbol;

/** Permission to call a vendor's platform for an organization: about one account, or (null) the account list. */
export interface PlatformGrant<Account extends AccountRef | null = AccountRef | null> {
  readonly organizationId: number;
  readonly vendorId: VendorId;
  readonly account: Account;
  readonly [granted]: true;
}

const grant = <A extends AccountRef | null>(organizationId: number, vendorId: VendorId, account: A) =>
  ({ organizationId, vendorId, account }) as PlatformGrant<A>;

/** Roles 1 and 2 see every account and campaign of the agency; role 3 (or none) only their dealerships'. */
export function seesWholeAgency(user: Pick<Me, 'role_id'>): boolean {
  return user.role_id === ROLE_PLATFORM_STAFF || user.role_id === ROLE_AGENCY_ADMIN;
}

/**
 * The dealerships whose accounts the user may use: `dealershipId` alone when given (the caller's
 * `requireTenant` or the check below has opened it), else null for the whole agency (roles 1–2) or
 * the user's own dealerships (role 3). 404 when a role-3 user names a dealership not theirs.
 */
function dealershipsInScope(user: Me, dealershipId: number | undefined): number[] | null {
  if (dealershipId !== undefined) {
    if (!seesWholeAgency(user) && !user.dealership_ids.includes(dealershipId)) throw notFound('Dealership not found');
    return [dealershipId];
  }
  return seesWholeAgency(user) ? null : user.dealership_ids;
}

/**
 * The connection as a whole, for the account list; `visible` filters accounts to what the user
 * may see (assigned to `dealershipId` when given, else to the user's dealerships for role 3).
 * `dealershipId` must be a dealership of `organizationId` (checked here for roles 1–2 by the
 * assignment query itself: accounts of another organization's dealership are never assigned).
 */
export async function grantConnection(
  app: App,
  user: Me,
  params: { organizationId: number; vendorId: VendorId; dealershipId?: number | undefined },
) {
  const scope = dealershipsInScope(user, params.dealershipId);
  const allowed = scope === null ? null : await assignedAccountIds(app.db, { ...params, dealershipIds: scope });
  return {
    grant: grant(params.organizationId, params.vendorId, null),
    visible: (accounts: AccountOption[]) =>
      allowed === null ? accounts : accounts.filter((a) => allowed.has(a.value)),
  };
}

/**
 * One account, for a user who may use it: roles 1–2 any account of the agency's connection; role 3
 * only an account assigned to `dealershipId` (the path's dealership) or, without one, to any of
 * their dealerships. 404 'Account not found' otherwise, like any tenant the user may not open.
 */
export async function grantAccount(
  app: App,
  user: Me,
  params: { organizationId: number; vendorId: VendorId; account: AccountRef; dealershipId?: number | undefined },
): Promise<PlatformGrant<AccountRef>> {
  // Roles 1–2 decide the assignments: they may use any account of the agency for any of its dealerships.
  const scope = seesWholeAgency(user) ? null : dealershipsInScope(user, params.dealershipId);
  if (
    scope !== null &&
    !(await assignedAccountIds(app.db, { ...params, dealershipIds: scope })).has(params.account.accountId)
  )
    throw notFound('Account not found');
  return grant(params.organizationId, params.vendorId, params.account);
}

/**
 * The account of an imported campaign. Only for a row loaded under its dealership (a route's
 * dealership-filtered query after `requireTenant`) or by the sync job, which acts for the row.
 */
export function grantCampaign(campaign: SelfServiceRecord): PlatformGrant<AccountRef> {
  return grant(campaign.organizationId, campaign.vendorId as VendorId, {
    accountId: campaign.accountId,
    loginCustomerId: campaign.loginCustomerId,
  });
}
