import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake saw: method, path with query, headers and body. */
export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server answering with `handle`; `seen` records every request. */
export async function fakeServer(
  port: number,
  handle: (req: Seen) => { status?: number; body: unknown; headers?: Record<string, string> },
) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body };
      seen.push(request);
      const answer = handle(request);
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const VALID = new Set(['tok-1', 'tok-2']);

/**
 * The Google Ads REST API as documented (v21): OAuth token endpoint, listAccessibleCustomers,
 * googleAds:search with GAQL paged by nextPageToken, campaigns:mutate. `tok-expired` is refused
 * with 401 UNAUTHENTICATED; the first campaign search answers 429 RESOURCE_EXHAUSTED with a retryDelay.
 */
export function googleAdsHandler() {
  let campaignSearches = 0;
  return (req: Seen) => {
    const path = req.url.split('?')[0]!;
    if (path === '/token') {
      const form = new URLSearchParams(req.body);
      if (form.get('grant_type') === 'authorization_code' && form.get('code') === 'good-code')
        return { body: { access_token: 'tok-1', refresh_token: 'ref-1', expires_in: 3599, token_type: 'Bearer' } };
      if (form.get('grant_type') === 'refresh_token' && form.get('refresh_token') === 'ref-1')
        return { body: { access_token: 'tok-2', expires_in: 3599, token_type: 'Bearer' } };
      return { status: 400, body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } };
    }
    const token = String(req.headers.authorization ?? '').replace('Bearer ', '');
    if (!VALID.has(token))
      return {
        status: 401,
        body: {
          error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
        },
      };
    if (req.headers['developer-token'] !== 'dev-token')
      return {
        status: 403,
        body: { error: { code: 403, message: 'Developer token missing', status: 'PERMISSION_DENIED' } },
      };
    if (path === '/v21/customers:listAccessibleCustomers') return { body: { resourceNames: ['customers/9000000001'] } };
    const mutate = /^\/v21\/customers\/(\d+)\/campaigns:mutate$/.exec(path);
    if (mutate) {
      const op = (JSON.parse(req.body) as { operations: Array<{ update: { resourceName: string } }> }).operations[0]!;
      return { body: { results: [{ resourceName: op.update.resourceName }] } };
    }
    if (!/^\/v21\/customers\/\d+\/googleAds:search$/.test(path))
      return { status: 404, body: { error: { message: 'Not found' } } };
    const { query, pageToken } = JSON.parse(req.body) as { query: string; pageToken?: string };
    if (query.includes('FROM customer_client')) {
      if (!pageToken)
        return {
          body: {
            results: [
              {
                customerClient: {
                  resourceName: 'customers/9000000001/customerClients/9000000001',
                  id: '9000000001',
                  descriptiveName: 'Manager',
                  manager: true,
                  level: '0',
                },
              },
              {
                customerClient: {
                  resourceName: 'customers/9000000001/customerClients/1000000001',
                  id: '1000000001',
                  descriptiveName: 'Outdoor Gear',
                  manager: false,
                  level: '1',
                },
              },
            ],
            nextPageToken: 'page-2',
            fieldMask: 'customerClient.id,customerClient.descriptiveName,customerClient.manager,customerClient.level',
          },
        };
      return {
        body: {
          results: [
            { customerClient: { id: '1000000002', descriptiveName: 'Trail Running', manager: false, level: '1' } },
          ],
        },
      };
    }
    if (query.includes('FROM shopping_performance_view'))
      return {
        body: {
          results: [
            {
              segments: { date: '2026-11-01', productItemId: 'sku-1', productTitle: 'Trail shoe' },
              metrics: { impressions: '100', clicks: '7', conversions: 1.0 },
            },
            {
              segments: { date: '2026-11-02', productItemId: 'sku-2', productTitle: 'Tent' },
              metrics: { impressions: '50', clicks: '2', conversions: 0.0 },
            },
          ],
        },
      };
    if (query.includes('segments.date'))
      return pageToken
        ? { body: { results: [{ segments: { date: '2026-11-02' }, metrics: { impressions: '900', clicks: '12' } }] } }
        : {
            body: {
              results: [{ segments: { date: '2026-11-01' }, metrics: { impressions: '1000', clicks: '20' } }],
              nextPageToken: 'p2',
            },
          };
    if (query.includes('FROM campaign')) {
      campaignSearches += 1;
      if (campaignSearches === 1)
        return {
          status: 429,
          body: {
            error: {
              code: 429,
              message: 'Resource has been exhausted (e.g. check quota).',
              status: 'RESOURCE_EXHAUSTED',
              details: [
                {
                  '@type': 'type.googleapis.com/google.ads.googleads.v21.errors.GoogleAdsFailure',
                  errors: [{ details: { quotaErrorDetails: { rateScope: 'DEVELOPER', retryDelay: '2s' } } }],
                },
              ],
            },
          },
        };
      return {
        body: {
          results: [
            {
              campaign: {
                resourceName: 'customers/1000000001/campaigns/111',
                id: '111',
                name: 'Brand search',
                status: 'ENABLED',
                startDate: '2026-10-01',
                endDate: '2037-12-30',
              },
            },
            {
              campaign: {
                resourceName: 'customers/1000000001/campaigns/222',
                id: '222',
                name: 'Winter sale',
                status: 'PAUSED',
                startDate: '2026-09-15',
                endDate: '2026-12-31',
              },
            },
          ],
        },
      };
    }
    return { status: 400, body: { error: { code: 400, message: 'Unknown query', status: 'INVALID_ARGUMENT' } } };
  };
}

/**
 * The Meta Marketing API (Graph v21.0) as documented: oauth/access_token (code and
 * fb_exchange_token), me/adaccounts and {act}/campaigns paged by `paging.next`, insights with
 * time_increment=1 (and the product_id breakdown), POST {campaign} for the status. `tok-expired`
 * gets OAuthException code 190; the first insights call gets code 17 (user request limit).
 */
export function metaHandler(base: () => string) {
  let insightsCalls = 0;
  return (req: Seen) => {
    const url = new URL(req.url, 'http://x');
    const path = url.pathname;
    const params = req.method === 'POST' ? new URLSearchParams(req.body) : url.searchParams;
    if (path === '/v21.0/oauth/access_token') {
      if (params.get('code') === 'good-code')
        return { body: { access_token: 'short-lived', token_type: 'bearer', expires_in: 3600 } };
      if (
        params.get('grant_type') === 'fb_exchange_token' &&
        ['short-lived', 'tok-1', 'tok-expired'].includes(params.get('fb_exchange_token') ?? '')
      )
        return {
          body: {
            access_token: params.get('fb_exchange_token') === 'short-lived' ? 'tok-1' : 'tok-2',
            token_type: 'bearer',
            expires_in: 5183944,
          },
        };
      return {
        status: 400,
        body: { error: { message: 'Invalid verification code format.', type: 'OAuthException', code: 100 } },
      };
    }
    const token = params.get('access_token') ?? '';
    if (!VALID.has(token))
      return {
        status: 400,
        body: {
          error: {
            message: 'Error validating access token: Session has expired.',
            type: 'OAuthException',
            code: 190,
            error_subcode: 463,
          },
        },
      };
    if (path === '/v21.0/me/adaccounts') {
      if (params.get('after') === 'c2')
        return {
          body: {
            data: [{ id: 'act_222', account_id: '222', name: 'Second account' }],
            paging: { cursors: { before: 'c2', after: 'c3' } },
          },
        };
      return {
        body: {
          data: [{ id: 'act_111', account_id: '111', name: 'Main account' }],
          paging: {
            cursors: { before: 'c1', after: 'c2' },
            next: `${base()}/v21.0/me/adaccounts?access_token=${token}&limit=1&after=c2`,
          },
        },
      };
    }
    if (path === '/v21.0/act_111/campaigns')
      return {
        body: {
          data: [
            { id: '2384', name: 'Retargeting', effective_status: 'ACTIVE', start_time: '2026-10-01T00:00:00-0500' },
            {
              id: '2385',
              name: 'Prospecting',
              effective_status: 'PAUSED',
              start_time: '2026-09-20T00:00:00-0500',
              stop_time: '2026-12-01T00:00:00-0500',
            },
            { id: '2386', name: 'Old', effective_status: 'ARCHIVED', start_time: '2025-01-01T00:00:00-0500' },
          ],
          paging: { cursors: { before: 'a', after: 'b' } },
        },
      };
    if (path === '/v21.0/2384/insights') {
      insightsCalls += 1;
      if (insightsCalls === 1)
        return {
          status: 400,
          body: {
            error: { message: 'User request limit reached', type: 'OAuthException', code: 17, error_subcode: 2446079 },
          },
        };
      if (params.get('time_increment') !== '1')
        return { status: 400, body: { error: { message: 'time_increment required by this fake', code: 100 } } };
      if (params.get('breakdowns') === 'product_id')
        return {
          body: {
            data: [
              {
                date_start: '2026-11-01',
                date_stop: '2026-11-01',
                product_id: '55501, Blue SUV, 2024',
                impressions: '300',
                clicks: '9',
                actions: [
                  { action_type: 'link_click', value: '9' },
                  { action_type: 'omni_purchase', value: '2' },
                ],
              },
            ],
          },
        };
      return {
        body: {
          data: [
            { date_start: '2026-11-01', date_stop: '2026-11-01', impressions: '1200', clicks: '30' },
            { date_start: '2026-11-02', date_stop: '2026-11-02', impressions: '800', clicks: '10' },
          ],
        },
      };
    }
    if (path === '/v21.0/2384' && req.method === 'POST')
      return { body: { success: params.get('status') === 'PAUSED' || params.get('status') === 'ACTIVE' } };
    return {
      status: 400,
      body: { error: { message: `Unsupported request ${path}`, type: 'GraphMethodException', code: 100 } },
    };
  };
}
