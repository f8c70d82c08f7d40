import type { RouteModule } from '../../route-module';
import type * as z from 'zod';
import {
  ROLE_AGENCY_ADMIN,
  VENDOR_GOOGLE_ADS,
  platformOperations,
  platformStatusValues,
  type AccountAssignment,
  type AccountOption,
  type Me,
  type VendorId,
  type vendorCampaignsQuerySchema,
  vendorIds,
  vendorNames,
} from '@portal/contracts';
import { registerOperation } from '../../register';
import type { App } from '../../../types';
import { ApiError, forbidden, notFound } from '../../../lib/errors';
import {
  dealershipsOfOrganization,
  listAssignments,
  placedCampaigns,
  replaceAssignments,
} from '../../../repositories/account-assignments';
import { deleteConnection, listConnections, saveConnectionAccounts } from '../../../repositories/self-service';
import { oauthCallbackUrl } from '../../../self-service/oauth-redirect';
import { signState } from '../../../self-service/token-cipher';
import {
  grantAccount,
  grantConnection,
  seesWholeAgency,
  type PlatformGrant,
} from '../../../self-service/account-scope';
import { platformFailure, withPlatform } from '../../../self-service/platform-access';

/** How long an OAuth consent may take before its state expires. */
const STATE_TTL_MS = 15 * 60_000;

/** Role 2 or lower may connect and disconnect platforms and assign their accounts (spec 001 §2.9, §6; issue 18 item 3). */
function requireAgencyAdmin(roleId: number | null | undefined) {
  if ((roleId ?? 3) > ROLE_AGENCY_ADMIN)
    throw forbidden('Contact the agency administrator (Agency, Linked Platforms) to connect this account');
}

/** The connection's account list: the cached one, read from the platform (and cached) when there is none or `refresh`. */
function connectionAccounts(app: App, grant: PlatformGrant<null>, refresh: boolean): Promise<AccountOption[]> {
  return withPlatform(app, grant, async (connector, token, _account, c) => {
    if (c.accounts && !refresh) return c.accounts;
    const accounts = await connector.listAccounts(token);
    await saveConnectionAccounts(app.db, { id: c.id, accounts, at: app.adPlatforms.clock() });
    return accounts;
  }).catch((error: unknown) => {
    throw platformFailure(error);
  });
}

/**
 * The agency's linked ad platforms and the import lookups (spec 001 §2.9, §7), registered under
 * `/api/agencies/{organization_id}`: connections belong to the agency, so every dealership of it
 * imports from the same accounts. Every route runs `requireTenant` (organization) first.
 */
const platformRoutes: RouteModule = async (fastify) => {
  const app: App = fastify;
  const accountRef = (vendorId: VendorId, query: z.infer<typeof vendorCampaignsQuerySchema>) => {
    const accountId = vendorId === VENDOR_GOOGLE_ADS ? query.customer_account_id : query.account_id;
    if (!accountId)
      throw new ApiError(
        400,
        'VALIDATION_FAILED',
        vendorId === VENDOR_GOOGLE_ADS ? 'customer_account_id is required' : 'account_id is required',
      );
    return { accountId, loginCustomerId: vendorId === VENDOR_GOOGLE_ADS ? (query.login_customer_id ?? null) : null };
  };

  /** `GET /api/agencies/{organization_id}/dsp/platforms` → both vendors, connected or not (Linked Platforms page). */
  registerOperation(fastify, platformOperations.listLinkedPlatforms, async (request) => {
    const rows = await listConnections(app.db, { organizationId: request.params.organization_id });
    return {
      data: vendorIds.map((vendorId) => {
        const row = rows.find((r) => r.vendorId === vendorId);
        return {
          vendor_id: vendorId,
          vendor_name: vendorNames[vendorId],
          connected: Boolean(row),
          sandbox: app.adPlatforms.connector(vendorId).sandbox,
          connected_at: row ? row.createdAt.toISOString() : null,
          connected_by: row?.connectedBy ?? null,
        };
      }),
    };
  });

  /**
   * `POST /api/agencies/{organization_id}/dsp/platforms/{vendor_id}/connect` with `{ dealership_id }`
   * → `{ authorize_url }`: the platform's OAuth 2.0 consent page (authorization-code flow) with a
   * signed, expiring state; the sandbox's page on this portal when no credentials are configured.
   * 403 for a role above 2.
   */
  registerOperation(fastify, platformOperations.connectPlatform, async (request) => {
    requireAgencyAdmin(request.user?.role_id);
    const { organization_id, vendor_id } = request.params;
    const state = signState(app.adPlatforms.stateSecret, {
      o: organization_id,
      v: vendor_id,
      u: request.user!.id,
      d: request.body.dealership_id,
      e: app.adPlatforms.clock().getTime() + STATE_TTL_MS,
    });
    const authorize_url = app.adPlatforms
      .connector(vendor_id as VendorId)
      .authorizeUrl({ state, redirectUri: oauthCallbackUrl(app.adPlatforms.publicUrl, request) });
    return { authorize_url };
  });

  /**
   * `GET /api/agencies/{organization_id}/dsp/accounts?vendor_id&force_refresh` → `{ data: [{ value,
   * label, login_customer_id }] }` (spec 001 §3 account option): the cached list, read from the
   * platform when there is none or `force_refresh` is true. Only the accounts assigned to
   * `dealership_id` when it is given; a dealership user (role 3) only ever gets the accounts assigned
   * to their dealerships (issue 18 item 3; 404 for a `dealership_id` not theirs). 409 when the vendor
   * is not connected.
   */
  registerOperation(fastify, platformOperations.listAccounts, async (request) => {
    const { grant, visible } = await grantConnection(app, request.user!, {
      organizationId: request.params.organization_id,
      vendorId: request.query.vendor_id as VendorId,
      dealershipId: request.query.dealership_id,
    });
    return { data: visible(await connectionAccounts(app, grant, request.query.force_refresh)) };
  });

  /**
   * `POST /api/agencies/{organization_id}/dsp/accounts/refresh` with `{ vendor_id }` → the account
   * list read again from the platform, filtered like `GET …/dsp/accounts` (role 3: assigned accounts only).
   */
  registerOperation(fastify, platformOperations.refreshAccounts, async (request) => {
    const { grant, visible } = await grantConnection(app, request.user!, {
      organizationId: request.params.organization_id,
      vendorId: request.body.vendor_id as VendorId,
    });
    return { data: visible(await connectionAccounts(app, grant, true)) };
  });

  /**
   * `GET /api/agencies/{agency_id}/dsp/accounts/vendors/{vendor_id}/campaigns?customer_account_id&login_customer_id`
   * (Google Ads) or `?account_id` (Meta) (spec 001 §7) → `[{ value, label, status, status_name }]`,
   * status 1 active, 2 paused, sorted by status then name. A dealership user (role 3) gets 404 for an
   * account not assigned to one of their dealerships, and does not see the account's campaigns that
   * are imported under another dealership (issue 18 item 3).
   */
  registerOperation(fastify, platformOperations.listVendorCampaigns, async (request) => {
    const user = request.user!;
    const key = { organizationId: request.params.organization_id, vendorId: request.params.vendor_id as VendorId };
    const grant = await grantAccount(app, user, { ...key, account: accountRef(key.vendorId, request.query) });
    const onPlatform = await withPlatform(app, grant, (connector, token, account) =>
      connector.listCampaigns(token, account),
    ).catch((error: unknown) => {
      throw platformFailure(error);
    });
    // A dealership user does not see campaigns imported under a dealership that is not theirs.
    const placed = seesWholeAgency(user)
      ? new Map<string, number>()
      : await placedCampaigns(app.db, { ...key, vendorCampaignIds: onPlatform.map((c) => c.id) });
    const campaigns = onPlatform.filter((c) => {
      const dealershipId = placed.get(c.id);
      return dealershipId === undefined || user.dealership_ids.includes(dealershipId);
    });
    return campaigns
      .map((c) => ({
        value: c.id,
        label: c.name,
        status: platformStatusValues[c.statusName],
        status_name: c.statusName,
      }))
      .sort((a, b) => a.status - b.status || a.label.localeCompare(b.label));
  });

  /** Every account of the connection with the dealerships it is assigned to. */
  const assignmentsOf = async (user: Me, organizationId: number, vendorId: VendorId): Promise<AccountAssignment[]> => {
    const { grant } = await grantConnection(app, user, { organizationId, vendorId });
    const accounts = await connectionAccounts(app, grant, false);
    const assigned = await listAssignments(app.db, { organizationId, vendorId });
    return accounts.map((a) => ({
      account_id: a.value,
      account_name: a.label,
      login_customer_id: a.login_customer_id,
      dealership_ids: assigned.get(a.value) ?? [],
    }));
  };

  /**
   * `GET /api/agencies/{organization_id}/dsp/platforms/{vendor_id}/account-assignments` → `{ data: [{
   * account_id, account_name, login_customer_id, dealership_ids }] }`: every account of the agency's
   * connection (the cached list) and the dealerships it is assigned to (issue 18 item 3). Role 1–2
   * only (403 otherwise); 409 when the vendor is not connected.
   */
  registerOperation(fastify, platformOperations.listAccountAssignments, async (request) => {
    requireAgencyAdmin(request.user?.role_id);
    const { organization_id, vendor_id } = request.params;
    return { data: await assignmentsOf(request.user!, organization_id, vendor_id as VendorId) };
  });

  /**
   * `PUT /api/agencies/{organization_id}/dsp/platforms/{vendor_id}/account-assignments/{account_id}`
   * with `{ dealership_ids }` → the account with its new assignment: replaces the set of dealerships
   * that may see and import the account (issue 18 item 3). Role 1–2 only (403 otherwise); 404 when
   * the account is not one of the connection's or a dealership is not of the agency in the path;
   * 409 when the vendor is not connected. Campaigns imported before stay under their dealership.
   */
  registerOperation(fastify, platformOperations.setAccountAssignment, async (request) => {
    requireAgencyAdmin(request.user?.role_id);
    const { organization_id: organizationId, account_id: accountId } = request.params;
    const vendorId = request.params.vendor_id as VendorId;
    const { grant } = await grantConnection(app, request.user!, { organizationId, vendorId });
    const account = (await connectionAccounts(app, grant, false)).find((a) => a.value === accountId);
    if (!account) throw notFound('Account not found');
    const wanted = [...new Set(request.body.dealership_ids)];
    const known = await dealershipsOfOrganization(app.db, { organizationId, dealershipIds: wanted });
    if (wanted.some((id) => !known.has(id))) throw notFound('Dealership not found');
    const dealershipIds = await replaceAssignments(app.db, {
      organizationId,
      vendorId,
      accountId,
      dealershipIds: wanted,
      assignedBy: request.user!.id,
    });
    return {
      account_id: account.value,
      account_name: account.label,
      login_customer_id: account.login_customer_id,
      dealership_ids: dealershipIds,
    };
  });

  /** `POST /api/agencies/{organization_id}/dsp/platforms/{vendor_id}/disconnect` → 204; deletes the stored tokens. 403 for a role above 2. */
  registerOperation(fastify, platformOperations.disconnectPlatform, async (request, reply) => {
    requireAgencyAdmin(request.user?.role_id);
    await deleteConnection(app.db, {
      organizationId: request.params.organization_id,
      vendorId: request.params.vendor_id,
    });
    return reply.code(204).send(null);
  });
};
export default platformRoutes;
