import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app (apps/web/dist) and answers unknown non-API GETs with index.html so
 * client routes can be reloaded and shared. Unknown /api paths answer 404 in the error shape.
 */
export default fp(async (app, options: { webDist: string }) => {
  const indexFile = path.join(options.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to every text asset (apps/web/scripts/compress-dist.mjs).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name: cache those for a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    // Any spelling of /api (canonical-path.ts has refused encoded ones; the router is case-sensitive,
    // so /API/… lands here) answers 404 JSON, never the page; so does a path with a percent-encoded
    // byte (no page of the app has one, and `/%2561pi/…` is `/%61pi/…` once decoded: the answer
    // must not depend on whether the web app is built).
    if (hasWeb && request.method === 'GET' && !/^\/api(?:\/|$)/i.test(url) && !url.includes('%')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route ${request.method} ${url}` } });
  });
});
