import type { AccountOption, PlatformStatusName, VendorId } from '@portal/contracts';

/** OAuth 2.0 tokens of a connection; `expiresAt` null when the platform gives no expiry. */
export interface Tokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** Which account a call is about: Google Ads customer (+ manager) or Meta ad account. */
export interface AccountRef {
  accountId: string;
  loginCustomerId: string | null;
}

export interface PlatformCampaign {
  id: string;
  name: string;
  statusName: PlatformStatusName;
  startDate: string;
  endDate: string | null;
}

export interface DailyRow {
  date: string;
  impressions: number;
  clicks: number;
}

export interface ProductDailyRow extends DailyRow {
  productItemId: string;
  productTitle: string;
  conversions: number;
}

export interface DateRange {
  startDate: string;
  endDate: string;
}

/**
 * One ad platform as the portal uses it (docs/self-service.md): OAuth, accounts, campaigns, daily
 * results, product results and the status switch. The real connectors speak the platforms' REST
 * APIs; the sandbox serves demo accounts built from the real ad datasets.
 */
export interface AdPlatformConnector {
  vendorId: VendorId;
  sandbox: boolean;
  authorizeUrl(options: { state: string; redirectUri: string }): string;
  exchangeCode(code: string, redirectUri: string): Promise<Tokens>;
  refreshTokens(refreshToken: string): Promise<Tokens>;
  listAccounts(accessToken: string): Promise<AccountOption[]>;
  listCampaigns(accessToken: string, account: AccountRef): Promise<PlatformCampaign[]>;
  dailyMetrics(accessToken: string, account: AccountRef, campaignId: string, range: DateRange): Promise<DailyRow[]>;
  productRows(
    accessToken: string,
    account: AccountRef,
    campaignId: string,
    range: DateRange,
  ): Promise<ProductDailyRow[]>;
  setStatus(accessToken: string, account: AccountRef, campaignId: string, status: PlatformStatusName): Promise<void>;
}

/** The access token was refused as expired or revoked: refresh it and try once more. */
export class PlatformAuthError extends Error {}

/** The platform asked us to slow down; `retryAfterSeconds` as it said (or a default). */
export class PlatformRateLimitError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** Any other platform error answer, with the platform's message. */
export class PlatformError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
