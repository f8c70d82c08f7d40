import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters whose values are credentials: signed-URL signatures and OAuth codes and states. */
const SECRET_PARAMS = new Set(['signature', 'code', 'state', 'access_token', 'refresh_token', 'token']);

/** A query parameter's name as the server's query parser reads it (percent-decoded, `+` a space), lower case. */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/**
 * A request URL with the value of every credential parameter replaced by `[redacted]`. Names are
 * compared as the query parser reads them, so `sign%61ture=…` is redacted like `signature=…`.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && SECRET_PARAMS.has(decodedName(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, queryAt)}?${query.join('&')}`;
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
