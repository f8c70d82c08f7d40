import fp from 'fastify-plugin';
import type { Storage } from '../../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Exposes the storage the caller created (server.ts, tests) to routes as `app.storage`. */
export default fp(
  async (app, options: { storage: Storage }) => {
    app.decorate('storage', options.storage);
  },
  { name: 'storage' },
);
