import { VENDOR_GOOGLE_ADS, type AccountOption } from '@portal/contracts';
import { callJson, retryAfter, type ErrorKind, type HttpOptions } from './http';
import { PlatformError, type AccountRef, type AdPlatformConnector, type DateRange, type Tokens } from './types';

export interface GoogleAdsSettings {
  clientId: string;
  clientSecret: string;
  developerToken: string;
  /** e.g. https://googleads.googleapis.com/v21 */
  apiUrl: string;
  authorizeUrl: string;
  tokenUrl: string;
}

interface SearchResponse<R> {
  results?: R[];
  nextPageToken?: string;
}

/** Google Ads errors: 401 → token refused; 429 / RESOURCE_EXHAUSTED → back off (retryDelay like "30s"). */
function classify(status: number, body: unknown, headers: Headers): ErrorKind | null {
  if (status >= 200 && status < 300) return null;
  const error = (body as { error?: { status?: string; message?: string; details?: unknown[] } } | null)?.error;
  if (status === 401 || error?.status === 'UNAUTHENTICATED') return { kind: 'auth' };
  if (status === 429 || error?.status === 'RESOURCE_EXHAUSTED') {
    const delay = JSON.stringify(error?.details ?? []).match(/"retryDelay":"(\d+)s"/)?.[1];
    return { kind: 'rate', retryAfterSeconds: retryAfter(headers) ?? (delay ? Number(delay) : 1) };
  }
  return { kind: 'other', message: error?.message ?? `HTTP ${status}` };
}

/** OAuth token endpoint errors: invalid_grant means the refresh token is revoked or expired. */
function classifyToken(status: number, body: unknown): ErrorKind | null {
  if (status >= 200 && status < 300) return null;
  const error = (body as { error?: string; error_description?: string } | null) ?? {};
  if (error.error === 'invalid_grant') return { kind: 'auth' };
  return { kind: 'other', message: error.error_description ?? error.error ?? `HTTP ${status}` };
}

const digits = (id: string) => id.replace(/\D/g, '');

/**
 * Google Ads REST (docs/self-service.md): OAuth 2.0 (offline access, scope adwords), accessible
 * customers, their client accounts through the manager (`login-customer-id`), campaigns, daily
 * metrics and shopping product performance through GAQL `googleAds:search` (paged by
 * `nextPageToken`), status changes through `campaigns:mutate`.
 */
export function createGoogleAdsConnector(settings: GoogleAdsSettings, http: HttpOptions = {}): AdPlatformConnector {
  const headers = (token: string, loginCustomerId?: string | null) => ({
    authorization: `Bearer ${token}`,
    'developer-token': settings.developerToken,
    'content-type': 'application/json',
    ...(loginCustomerId ? { 'login-customer-id': digits(loginCustomerId) } : {}),
  });
  async function search<R>(token: string, customerId: string, loginCustomerId: string | null, query: string) {
    const rows: R[] = [];
    let pageToken: string | undefined;
    do {
      const page = await callJson<SearchResponse<R>>(
        `${settings.apiUrl}/customers/${digits(customerId)}/googleAds:search`,
        {
          method: 'POST',
          headers: headers(token, loginCustomerId),
          body: JSON.stringify({ query, ...(pageToken ? { pageToken } : {}) }),
        },
        classify,
        http,
      );
      rows.push(...(page.results ?? []));
      pageToken = page.nextPageToken || undefined;
    } while (pageToken);
    return rows;
  }
  const token = async (form: Record<string, string>): Promise<Tokens> => {
    const body = await callJson<{ access_token: string; refresh_token?: string; expires_in?: number }>(
      settings.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          ...form,
        }).toString(),
      },
      classifyToken,
      http,
    );
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token ?? form.refresh_token ?? null,
      expiresAt: body.expires_in ? new Date(Date.now() + body.expires_in * 1000) : null,
    };
  };
  const range = (r: DateRange) => `segments.date BETWEEN '${r.startDate}' AND '${r.endDate}'`;
  const campaignFilter = (id: string) => `campaign.id = ${digits(id)}`;

  return {
    vendorId: VENDOR_GOOGLE_ADS,
    sandbox: false,
    authorizeUrl({ state, redirectUri }) {
      const query = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'https://www.googleapis.com/auth/adwords',
        access_type: 'offline',
        prompt: 'consent',
        state,
      });
      return `${settings.authorizeUrl}?${query.toString()}`;
    },
    exchangeCode: (code, redirectUri) => token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refreshTokens: (refreshToken) => token({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    async listAccounts(accessToken) {
      const { resourceNames = [] } = await callJson<{ resourceNames?: string[] }>(
        `${settings.apiUrl}/customers:listAccessibleCustomers`,
        { method: 'GET', headers: headers(accessToken) },
        classify,
        http,
      );
      const accounts = new Map<string, AccountOption>();
      for (const resource of resourceNames) {
        const root = resource.split('/')[1] ?? '';
        const clients = await search<{ customerClient: { id: string; descriptiveName?: string; manager?: boolean } }>(
          accessToken,
          root,
          root,
          'SELECT customer_client.id, customer_client.descriptive_name, customer_client.manager, customer_client.level FROM customer_client WHERE customer_client.level <= 1',
        );
        for (const { customerClient: client } of clients) {
          if (client.manager || accounts.has(client.id)) continue;
          accounts.set(client.id, {
            value: String(client.id),
            label: client.descriptiveName || `Customer ${client.id}`,
            login_customer_id: root,
          });
        }
      }
      return [...accounts.values()];
    },
    async listCampaigns(accessToken, account: AccountRef) {
      const rows = await search<{
        campaign: { id: string; name: string; status: string; startDate?: string; endDate?: string };
      }>(
        accessToken,
        account.accountId,
        account.loginCustomerId,
        "SELECT campaign.id, campaign.name, campaign.status, campaign.start_date, campaign.end_date FROM campaign WHERE campaign.status != 'REMOVED'",
      );
      return rows.map(({ campaign }) => ({
        id: String(campaign.id),
        name: campaign.name,
        statusName: campaign.status === 'ENABLED' ? ('active' as const) : ('paused' as const),
        startDate: campaign.startDate ?? '',
        endDate: campaign.endDate && campaign.endDate < '2037-12-30' ? campaign.endDate : null,
      }));
    },
    async dailyMetrics(accessToken, account, campaignId, r) {
      const rows = await search<{ segments: { date: string }; metrics: { impressions?: string; clicks?: string } }>(
        accessToken,
        account.accountId,
        account.loginCustomerId,
        `SELECT segments.date, metrics.impressions, metrics.clicks FROM campaign WHERE ${campaignFilter(campaignId)} AND ${range(r)}`,
      );
      return rows.map((row) => ({
        date: row.segments.date,
        impressions: Number(row.metrics.impressions ?? 0),
        clicks: Number(row.metrics.clicks ?? 0),
      }));
    },
    async productRows(accessToken, account, campaignId, r) {
      const rows = await search<{
        segments: { date: string; productItemId?: string; productTitle?: string };
        metrics: { impressions?: string; clicks?: string; conversions?: number };
      }>(
        accessToken,
        account.accountId,
        account.loginCustomerId,
        `SELECT segments.date, segments.product_item_id, segments.product_title, metrics.impressions, metrics.clicks, metrics.conversions FROM shopping_performance_view WHERE ${campaignFilter(campaignId)} AND ${range(r)}`,
      );
      return rows
        .filter((row) => row.segments.productItemId)
        .map((row) => ({
          date: row.segments.date,
          productItemId: row.segments.productItemId!,
          productTitle: row.segments.productTitle ?? row.segments.productItemId!,
          impressions: Number(row.metrics.impressions ?? 0),
          clicks: Number(row.metrics.clicks ?? 0),
          conversions: Math.round(Number(row.metrics.conversions ?? 0)),
        }));
    },
    async setStatus(accessToken, account, campaignId, status) {
      const customer = digits(account.accountId);
      const result = await callJson<{ results?: unknown[] }>(
        `${settings.apiUrl}/customers/${customer}/campaigns:mutate`,
        {
          method: 'POST',
          headers: headers(accessToken, account.loginCustomerId),
          body: JSON.stringify({
            operations: [
              {
                update: {
                  resourceName: `customers/${customer}/campaigns/${digits(campaignId)}`,
                  status: status === 'active' ? 'ENABLED' : 'PAUSED',
                },
                updateMask: 'status',
              },
            ],
          }),
        },
        classify,
        http,
      );
      if (!result.results?.length) throw new PlatformError('Google Ads did not change the campaign');
    },
  };
}
