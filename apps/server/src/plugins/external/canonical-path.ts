import fp from 'fastify-plugin';
import { ApiError } from '../../lib/errors';
import { nonCanonicalReason, pageWithoutTrailingSlash } from '../../lib/canonical-path';

/**
 * The first `onRequest` hook of every request, whatever its route (or none): a request whose target
 * is not in canonical form (lib/canonical-path.ts: `/%61pi/…`, `//api/…`, `/./api/…`, `/api/x/`,
 * `http://host/api/…`, a fragment) answers 400 `BAD_REQUEST` before any other hook, body parsing or
 * handler (issue 18 item 1, docs/security.md). The message names the rule, never the URL (it may
 * carry a signature). One spelling is forgiven where a person types it: a page address (GET or HEAD,
 * not under `/api`) whose only defect is a trailing slash, e.g. `/campaigns/`, is redirected (301)
 * to the same address without it, so a bookmarked or hand-typed page still opens.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      const reason = nonCanonicalReason(request.url);
      if (!reason) return;
      const page = pageWithoutTrailingSlash(request.method, request.url);
      if (page) return reply.redirect(page, 301);
      throw new ApiError(400, 'BAD_REQUEST', `The URL is not in canonical form: ${reason}`);
    });
  },
  { name: 'canonical-path' },
);
