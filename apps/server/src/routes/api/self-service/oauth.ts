import type { RouteModule } from '../../route-module';
import {
  ROLE_AGENCY_ADMIN,
  platformOperations,
  type VendorId,
  vendorIds,
  vendorNames,
  vendorRoutes,
} from '@portal/contracts';
import { registerOperation } from '../../register';
import type { App } from '../../../types';
import { ApiError, notFound } from '../../../lib/errors';
import { saveConnection } from '../../../repositories/self-service';
import { sandboxCode } from '../../../self-service/connectors/sandbox';
import { oauthCallbackUrl } from '../../../self-service/oauth-redirect';
import { verifyState } from '../../../self-service/token-cipher';

interface OAuthState {
  o: number;
  v: number;
  u: number;
  d: number;
  e: number;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The OAuth 2.0 redirect target and the sandbox's consent page (docs/self-service.md). Both need a
 * signed-in user; the callback trusts only a state it signed, for the same user, not expired.
 */
const oauthRoutes: RouteModule = async (fastify) => {
  const app: App = fastify;

  /**
   * `GET /api/platforms/oauth/callback?code&state` (or `?error&state`): exchanges the code for
   * tokens, stores them encrypted as the agency's connection and redirects (302) to the Linked
   * Platforms page with `?connected={vendor route}` or `?error=…`. 400 for a bad or expired state.
   */
  registerOperation(fastify, platformOperations.oauthCallback, async (request, reply) => {
    const state = request.query.state
      ? verifyState<OAuthState>(app.adPlatforms.stateSecret, request.query.state)
      : null;
    const user = request.user!;
    if (
      !state ||
      state.u !== user.id ||
      state.e < app.adPlatforms.clock().getTime() ||
      !vendorIds.includes(state.v as VendorId)
    )
      return reply.code(400).send({
        error: { code: 'BAD_REQUEST', message: 'The sign-in with the platform expired or is not yours; try again' },
      });
    const vendorId = state.v as VendorId;
    const page = `/dashboard/agency/${state.o}/dealership/${state.d}/accounts`;
    if (!request.query.code || (user.role_id ?? 3) > ROLE_AGENCY_ADMIN)
      return reply.redirect(`${page}?error=${encodeURIComponent(request.query.error ?? 'access_denied')}`);
    const connector = app.adPlatforms.connector(vendorId);
    try {
      const tokens = await connector.exchangeCode(
        request.query.code,
        oauthCallbackUrl(app.adPlatforms.publicUrl, request),
      );
      await saveConnection(app.db, {
        organizationId: state.o,
        vendorId,
        sandbox: connector.sandbox,
        accessTokenEnc: app.adPlatforms.cipher.encrypt(tokens.accessToken),
        refreshTokenEnc: tokens.refreshToken ? app.adPlatforms.cipher.encrypt(tokens.refreshToken) : null,
        expiresAt: tokens.expiresAt,
        connectedBy: user.id,
      });
    } catch (error) {
      request.log.warn({ err: error, vendorId }, 'OAuth code exchange failed');
      return reply.redirect(`${page}?error=exchange_failed`);
    }
    return reply.redirect(`${page}?connected=${vendorRoutes[vendorId]}`);
  });

  /**
   * `GET /api/platforms/sandbox/authorize?vendor_id&state&redirect_uri` → an HTML consent page of the
   * sandbox platform (only for a vendor without configured credentials): 'Allow' returns to the
   * portal's callback with a sandbox code, 'Cancel' with `error=access_denied`. `redirect_uri` must be
   * exactly the portal's own callback URL (`oauthCallbackUrl`: PUBLIC_URL or the request's origin +
   * `/api/platforms/oauth/callback`); any other (another host, port or scheme, `javascript:`) → 400
   * BAD_REQUEST, so the page never links to a target taken from the request (issue 18, item 9).
   */
  registerOperation(fastify, platformOperations.sandboxAuthorize, async (request, reply) => {
    const vendorId = Number(request.query.vendor_id) as VendorId;
    const { state, redirect_uri: redirectUri } = request.query;
    if (!vendorIds.includes(vendorId) || !app.adPlatforms.connector(vendorId).sandbox || !state || !redirectUri)
      throw notFound('No sandbox consent for this request');
    const callback = oauthCallbackUrl(app.adPlatforms.publicUrl, request);
    if (redirectUri !== callback)
      throw new ApiError(400, 'BAD_REQUEST', "redirect_uri must be the portal's own OAuth callback URL");
    // Links are built from the portal's own URL, never from the request's text.
    const allow = `${callback}?${new URLSearchParams({ code: sandboxCode(vendorId), state }).toString()}`;
    const deny = `${callback}?${new URLSearchParams({ error: 'access_denied', state }).toString()}`;
    const name = escapeHtml(vendorNames[vendorId]);
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name} sandbox — sign in</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f3f5;display:flex;justify-content:center;padding-top:10vh}
main{background:#fff;border-radius:8px;padding:32px;max-width:440px;box-shadow:0 1px 4px #0002}
a{display:inline-block;margin-right:12px;padding:8px 18px;border-radius:4px;text-decoration:none}
.allow{background:#228be6;color:#fff}.deny{color:#495057;border:1px solid #ced4da}</style></head>
<body><main><h1>${name} sandbox</h1>
<p><strong>${escapeHtml(user(request))}</strong>, the campaign portal asks to read your ad accounts, campaigns and their results, and to pause or resume campaigns.</p>
<p>This is the portal's sandbox: no ${name} credentials are configured, so the accounts are demo accounts built from public ad datasets.</p>
<p><a class="allow" href="${escapeHtml(allow)}">Allow</a><a class="deny" href="${escapeHtml(deny)}">Cancel</a></p></main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
};
const user = (request: { user: { email?: string; name?: string } | null }) =>
  request.user?.name ?? request.user?.email ?? '';
export default oauthRoutes;
