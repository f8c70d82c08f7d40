// The Node version check of `npm start` and `npm test` (issue 26). Plain syntax only: this file must
// load and speak on the old Node versions it refuses.
import fs from 'node:fs';
import path from 'node:path';

/** `[major, minor, patch]` of "20.19.1" or "v20.19" (missing parts are 0). */
function parts(version) {
  const numbers = String(version).replace(/^v/, '').split('.');
  return [0, 1, 2].map((i) => Number.parseInt(numbers[i] ?? '0', 10) || 0);
}

/**
 * What is wrong with running on Node `version` when package.json's `engines.node` is `range` (the
 * `>=X.Y[.Z]` form this project uses), or null when it fits. The message names the fix.
 */
export function nodeVersionProblem(version, range) {
  const match = /^>=\s*v?(\d+(?:\.\d+){0,2})$/.exec(String(range).trim());
  if (!match) return null;
  const have = parts(version);
  const need = parts(match[1]);
  for (let i = 0; i < 3; i += 1) {
    if (have[i] > need[i]) return null;
    if (have[i] < need[i]) {
      return (
        `Node ${match[1]} or newer is needed; this is Node ${String(version).replace(/^v/, '')}. ` +
        'Install a current Node (e.g. `nvm install`, which reads .nvmrc, or https://nodejs.org) and run the command again.'
      );
    }
  }
  return null;
}

/** Exits with status 1 and the message of nodeVersionProblem when this Node is older than package.json's engines. */
export function exitOnWrongNode(root) {
  const engines = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines ?? {};
  const problem = nodeVersionProblem(process.versions.node, engines.node ?? '');
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
