import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers. The CSP allows no inline scripts; Mantine injects style tags, so inline styles
 * are allowed. /api/docs (Swagger UI) gets its own relaxed policy from the swagger plugin's scope.
 */
export default fp(async (app) => {
  await app.register(helmet, {
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
});
