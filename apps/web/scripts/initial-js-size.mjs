// Reports the gzip size of the JavaScript a first visit to a route downloads: the entry chunk, the
// route module's chunk and every chunk they import statically. Run after `vite build`:
//   node apps/web/scripts/initial-js-size.mjs [route-chunk-prefix=login]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const assets = path.join(dist, 'assets');
const routePrefix = process.argv[2] ?? 'login';

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('No module entry in dist/index.html');
const routeChunk = fs.readdirSync(assets).find((f) => f.startsWith(`${routePrefix}-`) && f.endsWith('.js'));
if (!routeChunk) throw new Error(`No chunk named ${routePrefix}-*.js`);

const seen = new Set();
function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = fs.readFileSync(path.join(assets, file), 'utf8');
  // Static imports only: `import … from "./x.js"` and bare `import "./x.js"`.
  for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    visit(match[1]);
  }
}
visit(entry);
visit(routeChunk);

let raw = 0;
let gzip = 0;
for (const file of seen) {
  const buffer = fs.readFileSync(path.join(assets, file));
  raw += buffer.length;
  gzip += zlib.gzipSync(buffer, { level: 9 }).length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.info(`Initial JS of the '${routePrefix}' route: ${seen.size} chunks, ${kb(raw)} raw, ${kb(gzip)} gzip`);
for (const file of [...seen].sort()) console.info(`  ${file}`);
