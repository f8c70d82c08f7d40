import type { FastifyRequest } from 'fastify';
import { platformOperations } from '@portal/contracts';

/** The path of the portal's OAuth 2.0 redirect target (`routes/api/self-service/oauth.ts`). */
export const OAUTH_CALLBACK_PATH = platformOperations.oauthCallback.path;

/**
 * The portal's own OAuth redirect URI, the only one it hands to a platform or accepts back
 * (issue 18, item 9): `{PUBLIC_URL}/api/platforms/oauth/callback` when PUBLIC_URL is configured,
 * else `{protocol}://{host}` of the request (Fastify's, so behind a proxy only with TRUST_PROXY).
 * Production sets PUBLIC_URL, so a forged Host header cannot change it.
 */
export function oauthCallbackUrl(publicUrl: string | undefined, request: Pick<FastifyRequest, 'protocol' | 'host'>) {
  const base = publicUrl ?? `${request.protocol}://${request.host}`;
  return `${base.replace(/\/+$/, '')}${OAUTH_CALLBACK_PATH}`;
}
