#!/usr/bin/env node
// Fails when a Markdown file names an `npm run <script>` that package.json does not define (STYLE habit 11).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scripts = new Set(Object.keys(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts));
const docs = [
  'README.md',
  'ARCHITECTURE.md',
  ...fs.readdirSync(path.join(root, 'docs')).map((f) => `docs/${f}`),
].filter((f) => f.endsWith('.md'));
const missing = [];
for (const doc of docs) {
  const text = fs.readFileSync(path.join(root, doc), 'utf8');
  for (const match of text.matchAll(/npm run ([a-z][\w:-]*)/g)) {
    if (!scripts.has(match[1])) missing.push(`${doc}: npm run ${match[1]}`);
  }
}
if (missing.length > 0) {
  console.error(`Documented scripts that package.json lacks:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
console.info(`${docs.length} documents checked; every npm script they name exists.`);
