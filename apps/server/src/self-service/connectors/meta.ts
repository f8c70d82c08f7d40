import { VENDOR_META } from '@portal/contracts';
import { callJson, retryAfter, type ErrorKind, type HttpOptions } from './http';
import { PlatformError, type AdPlatformConnector, type DateRange, type Tokens } from './types';

export interface MetaSettings {
  appId: string;
  appSecret: string;
  /** e.g. https://graph.facebook.com/v21.0 */
  graphUrl: string;
  /** e.g. https://www.facebook.com/v21.0/dialog/oauth */
  authorizeUrl: string;
}

interface Page<R> {
  data?: R[];
  paging?: { next?: string };
}

/** Graph API error codes that mean "slow down" (application, user, ad account and business use limits). */
const RATE_CODES = new Set([4, 17, 32, 613, 80000, 80003, 80004, 80014]);

/** Graph errors: code 190 → token expired or revoked; throttling codes → back off; else the message. */
function classify(status: number, body: unknown, headers: Headers): ErrorKind | null {
  if (status >= 200 && status < 300) return null;
  const error = (body as { error?: { code?: number; message?: string } } | null)?.error;
  if (error?.code === 190 || status === 401) return { kind: 'auth' };
  if (status === 429 || (error?.code !== undefined && RATE_CODES.has(error.code)))
    return { kind: 'rate', retryAfterSeconds: retryAfter(headers) ?? 1 };
  return { kind: 'other', message: error?.message ?? `HTTP ${status}` };
}

/** Purchases among an insights row's actions (the product table's Conversions). */
const PURCHASES = ['omni_purchase', 'purchase', 'offsite_conversion.fb_pixel_purchase'];
function conversionsOf(actions: Array<{ action_type: string; value: string }> | undefined): number {
  for (const type of PURCHASES) {
    const found = actions?.find((a) => a.action_type === type);
    if (found) return Math.round(Number(found.value));
  }
  return 0;
}

/**
 * Meta Marketing API (Graph, docs/self-service.md): OAuth 2.0 (scopes ads_read, ads_management)
 * with long-lived tokens re-exchanged before they expire, `me/adaccounts`, campaigns with
 * `effective_status`, insights with `time_increment=1` and the `product_id` breakdown, status via a
 * POST on the campaign. Lists follow `paging.next`.
 */
export function createMetaConnector(settings: MetaSettings, http: HttpOptions = {}): AdPlatformConnector {
  const get = <T>(url: string) => callJson<T>(url, { method: 'GET' }, classify, http);
  const url = (path: string, token: string, params: Record<string, string> = {}) =>
    `${settings.graphUrl}/${path}?${new URLSearchParams({ ...params, access_token: token }).toString()}`;
  async function all<R>(first: string): Promise<R[]> {
    const rows: R[] = [];
    let next: string | undefined = first;
    while (next) {
      const page: Page<R> = await get<Page<R>>(next);
      rows.push(...(page.data ?? []));
      next = page.paging?.next;
    }
    return rows;
  }
  const tokens = async (params: Record<string, string>): Promise<Tokens> => {
    const body = await get<{ access_token: string; expires_in?: number }>(
      `${settings.graphUrl}/oauth/access_token?${new URLSearchParams({ client_id: settings.appId, client_secret: settings.appSecret, ...params }).toString()}`,
    );
    // Meta has no refresh token: the long-lived token is exchanged for a new one before it expires.
    return {
      accessToken: body.access_token,
      refreshToken: body.access_token,
      expiresAt: body.expires_in ? new Date(Date.now() + body.expires_in * 1000) : null,
    };
  };
  const insights = (campaignId: string, token: string, r: DateRange, extra: Record<string, string>) =>
    url(`${campaignId}/insights`, token, {
      time_increment: '1',
      time_range: JSON.stringify({ since: r.startDate, until: r.endDate }),
      limit: '500',
      ...extra,
    });

  return {
    vendorId: VENDOR_META,
    sandbox: false,
    authorizeUrl({ state, redirectUri }) {
      const query = new URLSearchParams({
        client_id: settings.appId,
        redirect_uri: redirectUri,
        state,
        scope: 'ads_read,ads_management',
        response_type: 'code',
      });
      return `${settings.authorizeUrl}?${query.toString()}`;
    },
    async exchangeCode(code, redirectUri) {
      const short = await tokens({ code, redirect_uri: redirectUri });
      return tokens({ grant_type: 'fb_exchange_token', fb_exchange_token: short.accessToken });
    },
    refreshTokens: (longLived) => tokens({ grant_type: 'fb_exchange_token', fb_exchange_token: longLived }),
    async listAccounts(token) {
      const accounts = await all<{ id: string; name?: string }>(
        url('me/adaccounts', token, { fields: 'id,name,account_id', limit: '100' }),
      );
      return accounts.map((a) => ({ value: a.id, label: a.name || a.id, login_customer_id: null }));
    },
    async listCampaigns(token, account) {
      const campaigns = await all<{
        id: string;
        name: string;
        effective_status: string;
        start_time?: string;
        stop_time?: string;
      }>(
        url(`${account.accountId}/campaigns`, token, {
          fields: 'id,name,effective_status,start_time,stop_time',
          limit: '100',
        }),
      );
      return campaigns
        .filter((c) => !['DELETED', 'ARCHIVED'].includes(c.effective_status))
        .map((c) => ({
          id: c.id,
          name: c.name,
          statusName: c.effective_status === 'ACTIVE' ? ('active' as const) : ('paused' as const),
          startDate: (c.start_time ?? '').slice(0, 10),
          endDate: c.stop_time ? c.stop_time.slice(0, 10) : null,
        }));
    },
    async dailyMetrics(token, _account, campaignId, r) {
      const rows = await all<{ date_start: string; impressions?: string; clicks?: string }>(
        insights(campaignId, token, r, { fields: 'impressions,clicks' }),
      );
      return rows.map((row) => ({
        date: row.date_start,
        impressions: Number(row.impressions ?? 0),
        clicks: Number(row.clicks ?? 0),
      }));
    },
    async productRows(token, _account, campaignId, r) {
      const rows = await all<{
        date_start: string;
        product_id?: string;
        impressions?: string;
        clicks?: string;
        actions?: Array<{ action_type: string; value: string }>;
      }>(insights(campaignId, token, r, { fields: 'impressions,clicks,actions', breakdowns: 'product_id' }));
      return rows
        .filter((row) => row.product_id)
        .map((row) => {
          // The product_id breakdown reads "{catalog item id}, {product name}".
          const [id = '', ...name] = row.product_id!.split(', ');
          return {
            date: row.date_start,
            productItemId: id,
            productTitle: name.join(', ') || id,
            impressions: Number(row.impressions ?? 0),
            clicks: Number(row.clicks ?? 0),
            conversions: conversionsOf(row.actions),
          };
        });
    },
    async setStatus(token, _account, campaignId, status) {
      const result = await callJson<{ success?: boolean }>(
        `${settings.graphUrl}/${campaignId}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            status: status === 'active' ? 'ACTIVE' : 'PAUSED',
            access_token: token,
          }).toString(),
        },
        classify,
        http,
      );
      if (!result.success) throw new PlatformError('Meta did not change the campaign');
    },
  };
}
