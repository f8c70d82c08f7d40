import fp from 'fastify-plugin';
import type { Database, Db } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Exposes the opened database to routes; the caller owns opening, migrating and closing it. */
export default fp(
  async (app, options: { database: Database }) => {
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
  },
  { name: 'db' },
);
