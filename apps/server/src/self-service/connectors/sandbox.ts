import { localDate } from '@portal/contracts';
import crypto from 'node:crypto';
import type { PlatformStatusName, VendorId } from '@portal/contracts';
import { platformOperations } from '@portal/contracts';
import { buildSandboxData, type SandboxData } from './sandbox-data';
import { PlatformAuthError, PlatformError, type AdPlatformConnector, type ProductDailyRow } from './types';

const TOKEN_PREFIX = 'sandbox-access-';
const REFRESH_PREFIX = 'sandbox-refresh-';
const CODE_PREFIX = 'sandbox-code-';

/**
 * The connector used when a vendor has no credentials configured: OAuth through the portal's own
 * consent page (`/api/platforms/sandbox/authorize`), demo accounts from the real ad datasets
 * (sandbox-data.ts). `delayMs` slows each data pull so the import statuses can be watched.
 * Status switches are kept in this process's memory (the portal's own row is the record).
 */
export function createSandboxConnector(
  vendorId: VendorId,
  options: { clock: () => Date; delayMs: number },
): AdPlatformConnector {
  const overrides = new Map<string, PlatformStatusName>();
  let cache: { day: string; data: SandboxData } | null = null;
  const data = () => {
    const day = localDate(options.clock(), 'America/Chicago');
    if (cache?.day !== day) cache = { day, data: buildSandboxData(vendorId, day) };
    return cache.data;
  };
  const check = (token: string) => {
    if (!token.startsWith(TOKEN_PREFIX)) throw new PlatformAuthError('Sandbox token refused');
  };
  const sleep = () => new Promise((resolve) => setTimeout(resolve, options.delayMs));
  const findCampaign = (accountId: string, campaignId: string) => {
    const campaign = data().campaigns.find((c) => c.id === campaignId && c.account.value === accountId);
    if (!campaign) throw new PlatformError(`Campaign ${campaignId} not found in account ${accountId}`, 404);
    return campaign;
  };
  const tokens = () => ({
    accessToken: TOKEN_PREFIX + crypto.randomBytes(16).toString('hex'),
    refreshToken: REFRESH_PREFIX + crypto.randomBytes(16).toString('hex'),
    expiresAt: new Date(options.clock().getTime() + 3600_000),
  });
  const inRange = (rows: ProductDailyRow[], range: { startDate: string; endDate: string }) =>
    rows.filter((r) => r.date >= range.startDate && r.date <= range.endDate);

  return {
    vendorId,
    sandbox: true,
    authorizeUrl({ state, redirectUri }) {
      const query = new URLSearchParams({ vendor_id: String(vendorId), state, redirect_uri: redirectUri });
      return `${platformOperations.sandboxAuthorize.path}?${query.toString()}`;
    },
    /** Sandbox codes are minted by the consent page: `sandbox-code-{vendor}-{random}`. */
    async exchangeCode(code) {
      if (!code.startsWith(`${CODE_PREFIX}${vendorId}-`))
        throw new PlatformError('Invalid sandbox authorization code', 400);
      return tokens();
    },
    async refreshTokens(refreshToken) {
      if (!refreshToken.startsWith(REFRESH_PREFIX)) throw new PlatformAuthError('Sandbox refresh token refused');
      return tokens();
    },
    async listAccounts(token) {
      check(token);
      return data().accounts;
    },
    async listCampaigns(token, account) {
      check(token);
      return data()
        .campaigns.filter((c) => c.account.value === account.accountId)
        .map(({ id, name, statusName, startDate, endDate }) => ({
          id,
          name,
          statusName: overrides.get(`${account.accountId}:${id}`) ?? statusName,
          startDate,
          endDate,
        }));
    },
    async dailyMetrics(token, account, campaignId, range) {
      check(token);
      await sleep();
      const byDate = new Map<string, { impressions: number; clicks: number }>();
      for (const row of inRange(findCampaign(account.accountId, campaignId).rows, range)) {
        const day = byDate.get(row.date) ?? { impressions: 0, clicks: 0 };
        day.impressions += row.impressions;
        day.clicks += row.clicks;
        byDate.set(row.date, day);
      }
      return [...byDate.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, m]) => ({ date, ...m }));
    },
    async productRows(token, account, campaignId, range) {
      check(token);
      await sleep();
      return inRange(findCampaign(account.accountId, campaignId).rows, range);
    },
    async setStatus(token, account, campaignId, status) {
      check(token);
      findCampaign(account.accountId, campaignId);
      overrides.set(`${account.accountId}:${campaignId}`, status);
    },
  };
}

/** A code the sandbox consent page hands back for `vendorId`. */
export const sandboxCode = (vendorId: number) => `${CODE_PREFIX}${vendorId}-${crypto.randomBytes(12).toString('hex')}`;
