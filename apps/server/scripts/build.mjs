#!/usr/bin/env node
// `npm run build -w apps/server` (and `npm start`, which calls it when the bundle is missing or older
// than its sources): compiles the server to plain JavaScript with esbuild, so production runs
// `node apps/server/dist/server.js` and not tsx (issue 19 §5).
//
// - Two entries: `dist/server.js` (the process) and `dist/render-tasks.js` (the export pool's worker
//   file, which piscina loads in each worker thread; render-pool.ts picks it next to itself).
// - The workspace packages (`@portal/contracts`, `@portal/report-charts`, TypeScript sources) are
//   bundled in; every package of node_modules stays external and is loaded by Node at run time.
// - Modules that find files next to their source (`new URL('../../seed/…', import.meta.url)`: the
//   migrations, the demo datasets, the web app's dist, pdfmake's fonts through createRequire) keep
//   doing so: in the bundle, `import.meta.url` of such a module is its source file's URL, so the
//   same relative paths name the same folders. render-pool.ts alone keeps the bundle's own URL
//   (it looks for the worker file beside the running code).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Modules whose `import.meta.url` stays the bundle's: they look for files beside the running code. */
const OWN_URL_MODULES = new Set([path.join(serverDir, 'src/exports/render-pool.ts')]);

/**
 * Rewrites `import.meta.url` of each bundled source module to that module's source file URL, spelled
 * relative to the bundle (`new URL('../src/db/client.ts', import.meta.url).href`), so a moved
 * checkout keeps working.
 */
const sourceUrlPlugin = (outdir) => ({
  name: 'source-import-meta-url',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (OWN_URL_MODULES.has(args.path) || !text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      const sourceUrl = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', sourceUrl), loader: 'ts' };
    });
  },
});

/** Leaves every bare import that is not a workspace package (`@portal/*`) to Node's resolution. */
const externalPackagesPlugin = {
  name: 'external-node-modules',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Bundles the two entries into `outdir` (default `apps/server/dist`; it must lie inside apps/server,
 * where Node finds the external packages in node_modules) → the absolute paths of `server.js` and
 * `render-tasks.js`. Overwrites those files and leaves the folder's other files alone, so parallel
 * test runs building into `dist/test-<pid>/` are not disturbed. Throws esbuild's error on a syntax or
 * resolution error.
 */
export async function buildServer({ outdir = path.join(serverDir, 'dist') } = {}) {
  await build({
    absWorkingDir: serverDir,
    entryPoints: { server: 'src/server.ts', 'render-tasks': 'src/exports/render-tasks.ts' },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    plugins: [externalPackagesPlugin, sourceUrlPlugin(outdir)],
    logLevel: 'warning',
  });
  return { server: path.join(outdir, 'server.js'), renderTasks: path.join(outdir, 'render-tasks.js') };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const { server } = await buildServer();
  console.info(`Built the server: ${path.relative(process.cwd(), server)} (${Date.now() - started} ms).`);
}
