import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** Loopback addresses a development receiver may use when `allowLoopback` is on (WEBHOOK_ALLOW_LOOPBACK). */
const LOOPBACK = ['127.0.0.1', '::1'];

/** Milliseconds before an outbound webhook request is abandoned (the job retries it). */
const TIMEOUT_MS = 10_000;

export interface WebhookResponse {
  status: number;
}

/**
 * POSTs `body` (JSON text) with `headers` to an agency's webhook address, refusing any address that
 * resolves to a private, loopback, link-local (cloud metadata 169.254.169.254), carrier-grade NAT or
 * other non-public range — checked on the address actually connected to, so a name that resolves to
 * a public address and then to a private one (DNS rebinding) is refused too (request-filtering-agent).
 * Loopback is allowed only with `allowLoopback` (WEBHOOK_ALLOW_LOOPBACK, for a receiver on the same
 * machine in development and tests). No redirects are followed. Resolves to the status; rejects on a
 * refused address ("… is not allowed …"), a network error or after 10 s.
 */
export function postWebhook(
  url: string,
  { body, headers, allowLoopback }: { body: string; headers: Record<string, string>; allowLoopback: boolean },
): Promise<WebhookResponse> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const options = { allowIPAddressList: allowLoopback ? LOOPBACK : [] };
  const agent = secure ? new RequestFilteringHttpsAgent(options) : new RequestFilteringHttpAgent(options);
  const send = secure ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        timeout: TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`The webhook did not answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  }).finally(() => agent.destroy()) as Promise<WebhookResponse>;
}
