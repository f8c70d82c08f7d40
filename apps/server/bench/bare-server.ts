import Fastify from 'fastify';

/**
 * The ceiling: a bare Fastify route that answers a fixed JSON body of `bytes` bytes (built once per
 * size), with no database, session, validation or serialization work. Each endpoint's requests per
 * second are reported as a fraction of this route's at the same body size.
 */
const app = Fastify({ logger: false });
const bodies = new Map<number, string>();

app.get<{ Querystring: { bytes?: string } }>('/bare', async (request, reply) => {
  const bytes = Math.max(32, Math.min(10_000_000, Number(request.query.bytes) || 10));
  let body = bodies.get(bytes);
  if (!body) {
    body = JSON.stringify({ data: 'x'.repeat(bytes - 11) });
    bodies.set(bytes, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
});

await app.listen({ port: Number(process.env.PORT ?? 3799), host: '127.0.0.1' });
