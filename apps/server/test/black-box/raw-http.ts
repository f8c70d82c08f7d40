import http from 'node:http';

/** An answer of `rawRequest`: status, headers and the body as text. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP/1.1 request whose request target is sent exactly as given (`/%61pi/…`, `//api/…`,
 * `/./api/…`, `http://host/api/…`): `fetch` would normalise the URL first (WHATWG URL parsing removes
 * dot segments), an attacker's raw socket does not. `baseUrl` is the portal's, e.g.
 * `http://127.0.0.1:41234`.
 */
export function rawRequest(
  baseUrl: string,
  request: { method: string; target: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: hostname,
        port,
        method: request.method,
        path: request.target,
        headers: {
          ...(request.body !== undefined ? { 'content-length': String(Buffer.byteLength(request.body)) } : {}),
          ...request.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
