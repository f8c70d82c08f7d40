// After `vite build`: writes a Brotli (.br) and a gzip (.gz) copy next to every text asset of dist/
// larger than 1 KB, so the server sends them pre-compressed (@fastify/static `preCompressed`)
// instead of compressing on every request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const compressible = /\.(js|css|html|svg|json|txt)$/;
let files = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (compressible.test(entry.name)) {
      const content = fs.readFileSync(file);
      if (content.length < 1024) continue;
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      files++;
    }
  }
}
walk(dist);
console.info(`compressed ${files} files in ${path.relative(process.cwd(), dist) || dist} (.br and .gz)`);
