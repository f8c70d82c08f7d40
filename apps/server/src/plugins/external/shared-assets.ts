import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { DEMO_CREATIVES_PATH, SHARED_ASSETS_DIR } from '../../lib/shared-assets';

/**
 * Serves the shared assets the web pages show (lib/shared-assets.ts): `GET /demo-creatives/<file>.svg`
 * from `assets/demo-creatives/`, revalidated by ETag. One wildcard route, hidden from the API
 * documentation; a missing file falls through to the not-found handler (spa.ts). `root` is for tests.
 */
export default fp(
  async (app, options: { root?: string }) => {
    const root = options.root ?? SHARED_ASSETS_DIR;
    await app.register(fastifyStatic, {
      root: path.join(root, DEMO_CREATIVES_PATH),
      prefix: DEMO_CREATIVES_PATH,
      // spa.ts's instance decorates reply.sendFile; this one only serves its folder.
      decorateReply: false,
      index: false,
    });
  },
  { name: 'shared-assets' },
);
