#!/usr/bin/env node
// Fails when a Markdown file names an `npm run <script>` that package.json does not define (STYLE
// habit 11), when the README's quick start runs a script that does not exist or leaves out
// `npm start` / `npm test`, and when its "Commands" table and package.json's scripts differ (issue 26).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandsTableProblems, quickStartProblems, undefinedRunScripts } from './lib/docs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scripts = new Set(Object.keys(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts));
const docs = [
  'README.md',
  'ARCHITECTURE.md',
  ...fs.readdirSync(path.join(root, 'docs')).map((f) => `docs/${f}`),
].filter((f) => f.endsWith('.md'));
const problems = [];
for (const doc of docs) {
  problems.push(...undefinedRunScripts(doc, fs.readFileSync(path.join(root, doc), 'utf8'), scripts));
}
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
problems.push(...quickStartProblems(readme, scripts), ...commandsTableProblems(readme, scripts));
if (problems.length > 0) {
  console.error(`Documentation and package.json disagree:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.info(
  `${docs.length} documents checked; every npm script they name exists, and the README's quick start and ` +
    `"Commands" table match package.json.`,
);
