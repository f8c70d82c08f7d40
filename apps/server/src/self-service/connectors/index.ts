import { VENDOR_GOOGLE_ADS, VENDOR_META, type VendorId } from '@portal/contracts';
import { createTokenCipher, type TokenCipher } from '../token-cipher';
import { createSandboxConnector } from './sandbox';
import type { AdPlatformConnector } from './types';

/** Ad platform settings (config.ts); a vendor without a client id and secret uses the sandbox. */
export interface AdPlatformSettings {
  PLATFORM_TOKEN_KEY?: string | undefined;
  SELF_SERVICE_SANDBOX_DELAY_MS?: number;
  PUBLIC_URL?: string | undefined;
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
  const connectors: Record<VendorId, AdPlatformConnector> = {
    [VENDOR_GOOGLE_ADS]:
      options.connectors?.[VENDOR_GOOGLE_ADS] ??
      createSandboxConnector(VENDOR_GOOGLE_ADS, { clock: options.clock, delayMs }),
    [VENDOR_META]:
      options.connectors?.[VENDOR_META] ?? createSandboxConnector(VENDOR_META, { clock: options.clock, delayMs }),
  };
  return {
    connector: (vendorId) => connectors[vendorId],
    cipher: createTokenCipher(settings.PLATFORM_TOKEN_KEY ?? options.sessionSecret),
    stateSecret: `${options.sessionSecret}:oauth-state`,
    publicUrl: settings.PUBLIC_URL,
    clock: options.clock,
  };
}
