import { vendorNames } from '@portal/contracts';
import type { App } from '../types';
import { ApiError } from '../lib/errors';
import { findConnection, updateConnectionTokens, type ConnectionRecord } from '../repositories/self-service';
import {
  PlatformAuthError,
  PlatformError,
  PlatformRateLimitError,
  type AccountRef,
  type AdPlatformConnector,
  type Tokens,
} from './connectors/types';
import type { PlatformGrant } from './account-scope';

/** Tokens are refreshed this long before they expire. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * Runs `call` with the grant's connector, a valid access token and the granted account (null: the
 * account list): refreshes (and stores, encrypted) an expired token first, and once more when the
 * platform refuses the token anyway. A grant comes only from `account-scope.ts`, which checks the
 * user's dealership scope (issue 18 item 3). 409 when the vendor is not connected or the refresh is
 * refused (the user must reconnect).
 */
export async function withPlatform<T, A extends AccountRef | null>(
  app: App,
  grant: PlatformGrant<A>,
  call: (connector: AdPlatformConnector, accessToken: string, account: A, connection: ConnectionRecord) => Promise<T>,
): Promise<T> {
  const { organizationId, vendorId, account } = grant;
  const { adPlatforms } = app;
  const connection = await findConnection(app.db, { organizationId, vendorId });
  if (!connection) throw new ApiError(409, 'CONFLICT', `${vendorNames[vendorId]} is not connected`);
  const connector = adPlatforms.connector(vendorId);
  const refresh = async (): Promise<string> => {
    if (!connection.refreshTokenEnc)
      throw new ApiError(409, 'CONFLICT', `The ${vendorNames[vendorId]} connection has expired: connect it again`);
    let tokens: Tokens;
    try {
      tokens = await connector.refreshTokens(adPlatforms.cipher.decrypt(connection.refreshTokenEnc));
    } catch (error) {
      if (error instanceof PlatformAuthError)
        throw new ApiError(409, 'CONFLICT', `The ${vendorNames[vendorId]} connection was revoked: connect it again`);
      throw error;
    }
    const sealed = {
      accessTokenEnc: adPlatforms.cipher.encrypt(tokens.accessToken),
      refreshTokenEnc: tokens.refreshToken
        ? adPlatforms.cipher.encrypt(tokens.refreshToken)
        : connection.refreshTokenEnc,
      expiresAt: tokens.expiresAt,
    };
    await updateConnectionTokens(app.db, { id: connection.id, tokens: sealed });
    Object.assign(connection, sealed);
    return tokens.accessToken;
  };
  let token =
    connection.expiresAt && connection.expiresAt.getTime() - EXPIRY_MARGIN_MS < adPlatforms.clock().getTime()
      ? await refresh()
      : adPlatforms.cipher.decrypt(connection.accessTokenEnc);
  try {
    return await call(connector, token, account, connection);
  } catch (error) {
    if (!(error instanceof PlatformAuthError)) throw error;
    token = await refresh();
    return call(connector, token, account, connection);
  }
}

/** A platform failure as an API answer: rate limit or outage 503, anything else passed on. */
export function platformFailure(error: unknown): unknown {
  if (error instanceof PlatformRateLimitError)
    return new ApiError(
      503,
      'SERVICE_UNAVAILABLE',
      `The platform is rate limiting requests; try again in ${error.retryAfterSeconds} s`,
    );
  if (error instanceof PlatformAuthError)
    return new ApiError(409, 'CONFLICT', 'The platform refused the connection: connect it again');
  if (error instanceof PlatformError)
    return error.status === 404
      ? new ApiError(404, 'NOT_FOUND', error.message)
      : new ApiError(503, 'SERVICE_UNAVAILABLE', `The platform answered: ${error.message}`);
  return error;
}
