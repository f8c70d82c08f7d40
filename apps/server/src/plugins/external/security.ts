import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers (helmet). The CSP allows no inline scripts; Mantine injects style tags, so inline
 * styles are allowed. /api/docs (Swagger UI) sends its own relaxed policy from its static routes.
 *
 * helmet's middleware is built once here and run on every request. (`@fastify/helmet` rebuilt it —
 * parsing the CSP directives again — on every request: a tenth of the CPU of an answer served from
 * the response cache, docs/performance.md.)
 */
export default fp(
  async (app) => {
    const applyHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // The portal may run on plain http (localhost); TLS termination decides the scheme.
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
  },
  { name: 'security' },
);
