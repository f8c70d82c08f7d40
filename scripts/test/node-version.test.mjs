import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem } from '../lib/node-version.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a root script on this Node made to report `version` as process.versions.node. */
function runAs(version, script) {
  const pretend = `data:text/javascript,Object.defineProperty(process.versions,"node",{value:"${version}"})`;
  return spawnSync(process.execPath, ['--import', pretend, script], { cwd: root, encoding: 'utf8', timeout: 60_000 });
}

describe('Node version check of npm start and npm test (issue 26)', () => {
  it('accepts 20.19 and newer, refuses older with the fix named', () => {
    for (const version of ['20.19.0', '20.20.2', '22.0.0', '24.11.1', 'v21.1.0']) {
      expect(nodeVersionProblem(version, '>=20.19')).toBeNull();
    }
    for (const version of ['20.18.3', '18.20.4', '16.0.0', 'v20.0.0']) {
      const problem = nodeVersionProblem(version, '>=20.19');
      expect(problem).toContain('Node 20.19 or newer is needed');
      expect(problem).toContain(`this is Node ${version.replace(/^v/, '')}`);
      expect(problem).toContain('nvm install');
    }
    expect(nodeVersionProblem('18.0.0', '')).toBeNull();
  });

  it.each(['scripts/start.mjs', 'scripts/test.mjs'])(
    '%s on Node 18 prints one line and exits 1 before anything',
    (script) => {
      const result = runAs('18.20.4', script);
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toMatch(/^Node 20\.19 or newer is needed; this is Node 18\.20\.4\. .*nvm install/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stdout).toBe('');
    },
  );
});
