import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters whose values are credentials: signed-URL signatures and OAuth codes and states. */
const SECRET_PARAMS = /([?&](?:signature|code|state|access_token|refresh_token|token)=)[^&#]*/gi;

/** A request URL with the value of every credential parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * The server's pino options (docs/security.md, "no secret or token in logs"): request lines carry
 * method, URL (credentials in the query redacted), host and client address, never headers; and
 * should a header or body ever be logged, cookies, authorization, the CSRF token, passwords and
 * platform tokens are censored.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.csrf_token',
        '*.access_token',
        '*.refresh_token',
        '*.accessToken',
        '*.refreshToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
