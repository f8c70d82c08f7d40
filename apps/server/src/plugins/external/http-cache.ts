import crypto from 'node:crypto';
import fp from 'fastify-plugin';

/**
 * HTTP revalidation for the API's JSON reads (docs/performance.md, issue 7): every successful
 * `GET /api/…` JSON answer that did not set its own caching gets a strong ETag (SHA-1 of the body,
 * base64url) and `cache-control: private, no-cache`, so the browser keeps it and asks again with
 * `If-None-Match`; while the numbers have not changed the answer is `304 Not Modified` with no body.
 * Answers that set `cache-control` themselves (CSV and PDF downloads, signed files, reference data)
 * and streams are left alone. `vary: cookie` keeps one user's copy from answering for another.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' || reply.statusCode !== 200 || !request.url.startsWith('/api/')) return payload;
      if (typeof payload !== 'string' || reply.hasHeader('cache-control') || reply.hasHeader('etag')) return payload;
      if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
      const etag = `"${crypto.createHash('sha1').update(payload).digest('base64url')}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'cookie');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });
  },
  { name: 'http-cache' },
);
