import { VENDOR_GOOGLE_ADS, VENDOR_META, type VendorId } from '@portal/contracts';
import { createTokenCipher, type TokenCipher } from '../token-cipher';
import { createGoogleAdsConnector } from './google-ads';
import { createMetaConnector } from './meta';
import { createSandboxConnector } from './sandbox';
import type { AdPlatformConnector } from './types';

/** Ad platform settings (config.ts); a vendor without a client id and secret uses the sandbox. */
export interface AdPlatformSettings {
  PLATFORM_TOKEN_KEY?: string | undefined;
  SELF_SERVICE_SANDBOX_DELAY_MS?: number;
  PUBLIC_URL?: string | undefined;
  GOOGLE_ADS_CLIENT_ID?: string | undefined;
  GOOGLE_ADS_CLIENT_SECRET?: string | undefined;
  GOOGLE_ADS_DEVELOPER_TOKEN?: string | undefined;
  GOOGLE_ADS_API_URL?: string;
  GOOGLE_OAUTH_AUTHORIZE_URL?: string;
  GOOGLE_OAUTH_TOKEN_URL?: string;
  META_APP_ID?: string | undefined;
  META_APP_SECRET?: string | undefined;
  META_GRAPH_URL?: string;
  META_OAUTH_AUTHORIZE_URL?: string;
}

/** The real connectors when their credentials are configured, else undefined (sandbox). */
function realConnectors(s: AdPlatformSettings): Partial<Record<VendorId, AdPlatformConnector>> {
  const connectors: Partial<Record<VendorId, AdPlatformConnector>> = {};
  if (s.GOOGLE_ADS_CLIENT_ID && s.GOOGLE_ADS_CLIENT_SECRET && s.GOOGLE_ADS_DEVELOPER_TOKEN)
    connectors[VENDOR_GOOGLE_ADS] = createGoogleAdsConnector({
      clientId: s.GOOGLE_ADS_CLIENT_ID,
      clientSecret: s.GOOGLE_ADS_CLIENT_SECRET,
      developerToken: s.GOOGLE_ADS_DEVELOPER_TOKEN,
      apiUrl: s.GOOGLE_ADS_API_URL ?? 'https://googleads.googleapis.com/v21',
      authorizeUrl: s.GOOGLE_OAUTH_AUTHORIZE_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: s.GOOGLE_OAUTH_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
    });
  if (s.META_APP_ID && s.META_APP_SECRET)
    connectors[VENDOR_META] = createMetaConnector({
      appId: s.META_APP_ID,
      appSecret: s.META_APP_SECRET,
      graphUrl: s.META_GRAPH_URL ?? 'https://graph.facebook.com/v21.0',
      authorizeUrl: s.META_OAUTH_AUTHORIZE_URL ?? 'https://www.facebook.com/v21.0/dialog/oauth',
    });
  return connectors;
}

/** The connectors of both vendors, the token cipher and the secret that signs OAuth states. */
export interface AdPlatforms {
  connector(vendorId: VendorId): AdPlatformConnector;
  cipher: TokenCipher;
  stateSecret: string;
  /** Base URL of the portal for OAuth redirect URIs; unset: taken from the request. */
  publicUrl: string | undefined;
  /** The current instant (token expiry, sync ranges). */
  clock: () => Date;
}

export function createAdPlatforms(
  settings: AdPlatformSettings,
  options: { sessionSecret: string; clock: () => Date; connectors?: Partial<Record<VendorId, AdPlatformConnector>> },
): AdPlatforms {
  const delayMs = settings.SELF_SERVICE_SANDBOX_DELAY_MS ?? 0;
  const real = realConnectors(settings);
  const connectors: Record<VendorId, AdPlatformConnector> = {
    [VENDOR_GOOGLE_ADS]:
      options.connectors?.[VENDOR_GOOGLE_ADS] ??
      real[VENDOR_GOOGLE_ADS] ??
      createSandboxConnector(VENDOR_GOOGLE_ADS, { clock: options.clock, delayMs }),
    [VENDOR_META]:
      options.connectors?.[VENDOR_META] ??
      real[VENDOR_META] ??
      createSandboxConnector(VENDOR_META, { clock: options.clock, delayMs }),
  };
  return {
    connector: (vendorId) => connectors[vendorId],
    cipher: createTokenCipher(settings.PLATFORM_TOKEN_KEY ?? options.sessionSecret),
    stateSecret: `${options.sessionSecret}:oauth-state`,
    publicUrl: settings.PUBLIC_URL,
    clock: options.clock,
  };
}
