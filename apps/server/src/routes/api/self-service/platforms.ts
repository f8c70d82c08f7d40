import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import {
  connectPlatformResponseSchema,
  errorResponseSchema,
  listAccountsQuerySchema,
  listAccountsResponseSchema,
  listLinkedPlatformsResponseSchema,
  platformStatusValues,
  refreshAccountsBodySchema,
  ROLE_AGENCY_ADMIN,
  tenantParamsSchema,
  VENDOR_GOOGLE_ADS,
  vendorCampaignsParamsSchema,
  vendorCampaignsQuerySchema,
  vendorCampaignsResponseSchema,
  vendorIdSchema,
  vendorIds,
  vendorNames,
  type VendorId,
} from '@portal/contracts';
import type { App } from '../../../app';
import { ApiError, forbidden } from '../../../lib/errors';
import {
  deleteConnection,
  listConnections,
  saveConnectionAccounts,
} from '../../../plugins/app/self-service-repository';
import { signState } from '../../../self-service/token-cipher';
import { platformFailure, withPlatform } from '../../../self-service/platform-access';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  503: errorResponseSchema,
};
const orgParamsSchema = tenantParamsSchema.pick({ organization_id: true });
const platformParamsSchema = orgParamsSchema.extend({ vendor_id: vendorIdSchema });
const connectBodySchema = z.object({ dealership_id: z.coerce.number().int().positive() });
/** How long an OAuth consent may take before its state expires. */
const STATE_TTL_MS = 15 * 60_000;
export const OAUTH_CALLBACK_PATH = '/api/platforms/oauth/callback';

/** Role 2 or lower may connect and disconnect platforms (spec 001 §2.9, §6). */
function requireAgencyAdmin(roleId: number | null | undefined) {
  if ((roleId ?? 3) > ROLE_AGENCY_ADMIN)
    throw forbidden('Contact the agency administrator (Agency, Linked Platforms) to connect this account');
}

/**
 * The agency's linked ad platforms and the import lookups (spec 001 §2.9, §7), registered under
 * `/api/agencies/{organization_id}`: connections belong to the agency, so every dealership of it
 * imports from the same accounts. Every route runs `requireTenant` (organization) first.
 */
const platformRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const app = fastify as unknown as App;
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
  fastify.get(
    '/dsp/platforms',
    {
      schema: {
        tags: ['self-service'],
        summary: 'Linked platforms of the agency',
        params: orgParamsSchema,
        response: { 200: listLinkedPlatformsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await listConnections(app.db, request.params.organization_id);
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
    },
  );

  /**
   * `POST /api/agencies/{organization_id}/dsp/platforms/{vendor_id}/connect` with `{ dealership_id }`
   * → `{ authorize_url }`: the platform's OAuth 2.0 consent page (authorization-code flow) with a
   * signed, expiring state; the sandbox's page on this portal when no credentials are configured.
   * 403 for a role above 2.
   */
  fastify.post(
    '/dsp/platforms/:vendor_id/connect',
    {
      schema: {
        tags: ['self-service'],
        summary: 'Start connecting an ad platform (OAuth 2.0)',
        params: platformParamsSchema,
        body: connectBodySchema,
        response: { 200: connectPlatformResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireAgencyAdmin(request.user?.role_id);
      const { organization_id, vendor_id } = request.params;
      const state = signState(app.adPlatforms.stateSecret, {
        o: organization_id,
        v: vendor_id,
        u: request.user!.id,
        d: request.body.dealership_id,
        e: app.adPlatforms.clock().getTime() + STATE_TTL_MS,
      });
      const base = app.adPlatforms.publicUrl ?? `${request.protocol}://${request.host}`;
      const authorize_url = app.adPlatforms
        .connector(vendor_id as VendorId)
        .authorizeUrl({ state, redirectUri: `${base.replace(/\/$/, '')}${OAUTH_CALLBACK_PATH}` });
      return { authorize_url };
    },
  );

  /**
   * `GET /api/agencies/{organization_id}/dsp/accounts?vendor_id&force_refresh` → `{ data: [{ value,
   * label, login_customer_id }] }` (spec 001 §3 account option): the cached list, read from the
   * platform when there is none or `force_refresh` is true. 409 when the vendor is not connected.
   */
  fastify.get(
    '/dsp/accounts',
    {
      schema: {
        tags: ['self-service'],
        summary: 'Ad accounts of a connected vendor',
        params: orgParamsSchema,
        querystring: listAccountsQuerySchema,
        response: { 200: listAccountsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const vendorId = request.query.vendor_id as VendorId;
      const data = await withPlatform(app, request.params.organization_id, vendorId, async (connector, token, c) => {
        if (c.accounts && !request.query.force_refresh) return c.accounts;
        const accounts = await connector.listAccounts(token);
        await saveConnectionAccounts(app.db, c.id, accounts, app.adPlatforms.clock());
        return accounts;
      }).catch((error: unknown) => {
        throw platformFailure(error);
      });
      return { data };
    },
  );

  /** `POST /api/agencies/{organization_id}/dsp/accounts/refresh` with `{ vendor_id }` → the account list read again from the platform. */
  fastify.post(
    '/dsp/accounts/refresh',
    {
      schema: {
        tags: ['self-service'],
        summary: 'Refresh the ad account list of a vendor',
        params: orgParamsSchema,
        body: refreshAccountsBodySchema,
        response: { 200: listAccountsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const vendorId = request.body.vendor_id as VendorId;
      const data = await withPlatform(app, request.params.organization_id, vendorId, async (connector, token, c) => {
        const accounts = await connector.listAccounts(token);
        await saveConnectionAccounts(app.db, c.id, accounts, app.adPlatforms.clock());
        return accounts;
      }).catch((error: unknown) => {
        throw platformFailure(error);
      });
      return { data };
    },
  );

  /**
   * `GET /api/agencies/{agency_id}/dsp/accounts/vendors/{vendor_id}/campaigns?customer_account_id&login_customer_id`
   * (Google Ads) or `?account_id` (Meta) (spec 001 §7) → `[{ value, label, status, status_name }]`,
   * status 1 active, 2 paused, sorted by status then name.
   */
  fastify.get(
    '/dsp/accounts/vendors/:vendor_id/campaigns',
    {
      schema: {
        tags: ['self-service'],
        summary: 'Campaigns of an ad account that can be imported',
        params: vendorCampaignsParamsSchema,
        querystring: vendorCampaignsQuerySchema,
        response: { 200: vendorCampaignsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const vendorId = request.params.vendor_id as VendorId;
      const account = accountRef(vendorId, request.query);
      const campaigns = await withPlatform(app, request.params.organization_id, vendorId, (connector, token) =>
        connector.listCampaigns(token, account),
      ).catch((error: unknown) => {
        throw platformFailure(error);
      });
      return campaigns
        .map((c) => ({
          value: c.id,
          label: c.name,
          status: platformStatusValues[c.statusName],
          status_name: c.statusName,
        }))
        .sort((a, b) => a.status - b.status || a.label.localeCompare(b.label));
    },
  );

  /** `POST /api/agencies/{organization_id}/dsp/platforms/{vendor_id}/disconnect` → 204; deletes the stored tokens. 403 for a role above 2. */
  fastify.post(
    '/dsp/platforms/:vendor_id/disconnect',
    {
      schema: {
        tags: ['self-service'],
        summary: 'Disconnect an ad platform',
        params: platformParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      requireAgencyAdmin(request.user?.role_id);
      await deleteConnection(app.db, request.params.organization_id, request.params.vendor_id);
      return reply.code(204).send(null);
    },
  );
};
export default platformRoutes;
