import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Database, Db } from '../../db/client';
import { ReadRouter, type Lsn, type ReadChoice } from '../../db/read-routing';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `true` on a report read (campaign list, summary, metrics, breakdowns, agency overview, the data
     * of exports) that may be answered from a PostgreSQL replica (DATABASE_REPLICA_URLS): its handler
     * reads `request.reportDb`. Set for every `responseCache` operation by routes/register.ts.
     */
    readReplica?: true;
  }
  interface FastifyInstance {
    /** Where report reads go (db/read-routing.ts); without replicas, always the primary. */
    reads: ReadRouter;
  }
  interface FastifyRequest {
    /**
     * The database a report handler reads: the replica or primary chosen for a `readReplica` route
     * (after the session and tenant checks), `app.db` (the primary) on every other route.
     */
    readonly reportDb: Db;
    /** The choice made for a `readReplica` route, null elsewhere or before it is made. */
    readChoice: ReadChoice | null;
    /** Whether the handler read `reportDb` after the choice (the `x-read-from` header says it then). */
    readChoiceUsed: boolean;
  }
}

/** The cookie holding the primary's WAL position after the browser's last write (read-your-writes across processes). */
export const WRITTEN_COOKIE = 'portal_written';

/** The cookie's value: the position in hexadecimal (no `/`, which cookies would escape). */
const cookieValueOf = (lsn: Lsn) => lsn.toString(16).toUpperCase();
const lsnOfCookie = (value: string | undefined): Lsn | null =>
  value && /^[0-9A-Fa-f]{1,16}$/.test(value) ? BigInt(`0x${value}`) : null;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Routes report reads to replicas (issue 24 §3, docs/scaling.md "Read replicas"): on a
 * `config.readReplica` route a preHandler — after requireTenant and after the response cache's own
 * (a kept answer needs no database) — chooses the database (`ReadRouter.choose`) that has replayed
 * the user's last write, and says whether its answer may be kept (`request.answerKeepable`,
 * plugins/external/http-cache.ts). After every successful state-changing request of a signed-in
 * user the primary's position is recorded for the user and sent in the `portal_written` cookie.
 * Answers whose handler read `request.reportDb` say where: `x-read-from: primary` or `replica N`. Without replicas
 * nothing is queried and nothing is added.
 */
export default fp(
  async (app, options: { database: Database }) => {
    const reads = options.database.reads ?? new ReadRouter({ db: options.database.db }, []);
    app.decorate('reads', reads);
    app.decorateRequest('readChoice', null);
    app.decorateRequest('reportDb', {
      getter(this: FastifyRequest) {
        if (!this.readChoice) return app.db;
        // Said in the answer only when the handler read through it (a download that reads `app.db` reads the primary).
        this.readChoiceUsed = true;
        return this.readChoice.db;
      },
    });
    app.decorateRequest('readChoiceUsed', false);
    if (!reads.enabled) return;

    const choose: preHandlerHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (reply.sent) return; // answered from the response cache
      const cookie = lsnOfCookie(request.cookies?.[WRITTEN_COOKIE]);
      const choice = await reads.choose(reads.writtenBy(request.user?.id, cookie));
      request.readChoice = choice;
      if (!choice.keepable) request.answerKeepable = false;
    };
    app.addHook('onRoute', (route) => {
      if (route.config?.readReplica !== true) return;
      route.preHandler = [...[route.preHandler ?? []].flat(), choose];
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.readChoice && request.readChoiceUsed) reply.header('x-read-from', request.readChoice.source);
      if (SAFE_METHODS.has(request.method) || !request.user || reply.statusCode >= 400) return payload;
      const lsn = await reads.recordWrite(request.user.id);
      if (lsn !== null)
        reply.setCookie(WRITTEN_COOKIE, cookieValueOf(lsn), {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          // Replicas lag by seconds; an hour-old position is long replayed.
          maxAge: 3600,
        });
      return payload;
    });
  },
  { name: 'read-routing', dependencies: ['db'] },
);
