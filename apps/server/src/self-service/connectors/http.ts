import { PlatformAuthError, PlatformError, PlatformRateLimitError } from './types';

/** How a platform's error answer is read: auth (refresh and retry), rate limit (back off), or other. */
export type ErrorKind =
  { kind: 'auth' } | { kind: 'rate'; retryAfterSeconds: number } | { kind: 'other'; message: string };

export interface HttpOptions {
  fetch?: typeof fetch;
  /** Rate-limited calls are retried this many times with exponential backoff before failing. */
  maxRetries?: number;
  /** Waits between retries (tests pass a fast one). */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One JSON call to a platform: a rate-limit answer is retried after the platform's delay (or
 * exponential backoff: 1 s, 2 s, 4 s … capped at 60 s) up to `maxRetries` times, then thrown as
 * PlatformRateLimitError; an auth answer is thrown as PlatformAuthError (the caller refreshes).
 */
export async function callJson<T>(
  url: string,
  init: RequestInit,
  classify: (status: number, body: unknown, headers: Headers) => ErrorKind | null,
  options: HttpOptions = {},
): Promise<T> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const maxRetries = options.maxRetries ?? 3;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (error) {
      throw new PlatformError(`The platform could not be reached (${(error as Error).message})`);
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const problem = classify(response.status, body, response.headers);
    if (!problem) return body as T;
    if (problem.kind === 'auth') throw new PlatformAuthError('The platform refused the access token');
    if (problem.kind === 'other') throw new PlatformError(problem.message, response.status);
    if (attempt >= maxRetries)
      throw new PlatformRateLimitError('The platform is rate limiting requests', problem.retryAfterSeconds);
    const backoff = Math.min(60, 2 ** attempt);
    await sleep(1000 * Math.max(problem.retryAfterSeconds, backoff));
  }
}

/** `Retry-After` in seconds (number form), else null. */
export function retryAfter(headers: Headers): number | null {
  const value = Number(headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : null;
}
