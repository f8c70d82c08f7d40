import fp from 'fastify-plugin';
import { ApiError } from '../../lib/errors';
import { nonCanonicalReason } from '../../lib/canonical-path';

/**
 * The first `onRequest` hook of every request, whatever its route (or none): a request whose target
 * is not in canonical form (lib/canonical-path.ts: `/%61pi/…`, `//api/…`, `/./api/…`, `/api/x/`,
 * `http://host/api/…`, a fragment) answers 400 `BAD_REQUEST` before any other hook, body parsing or
 * handler (issue 18 item 1, docs/security.md). The message names the rule, never the URL (it may
 * carry a signature).
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      const reason = nonCanonicalReason(request.url);
      if (reason) throw new ApiError(400, 'BAD_REQUEST', `The URL is not in canonical form: ${reason}`);
    });
  },
  { name: 'canonical-path' },
);
