import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commandsTableProblems, quickStartProblems, scriptOf, undefinedRunScripts } from '../lib/docs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const scripts = new Set(Object.keys(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts));

describe("README's quick start and commands against package.json (issue 26)", () => {
  it('the README as it is: its quick start runs npm start and npm test, and the Commands table lists exactly the scripts', () => {
    expect(quickStartProblems(readme, scripts)).toEqual([]);
    expect(commandsTableProblems(readme, scripts)).toEqual([]);
    const check = spawnSync(process.execPath, ['scripts/check-docs.mjs'], { cwd: root, encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
  });

  it('reads the script an npm command runs', () => {
    expect(scriptOf('npm start')).toBe('start');
    expect(scriptOf('npm test -- --dry-run')).toBe('test');
    expect(scriptOf('npm run ingest -- folder')).toBe('ingest');
    expect(scriptOf('npm ci')).toBeNull();
    expect(scriptOf('git clone x')).toBeNull();
  });

  it('fails when the quick start names a script that does not exist, or leaves out npm test', () => {
    const lying = readme.replace('npm test       #', 'npm run verify #');
    expect(lying).not.toBe(readme);
    expect(quickStartProblems(lying, scripts)).toEqual([
      'README.md "Quick start" runs `npm run verify`, but package.json has no "verify" script',
      'README.md "Quick start" does not run `npm test`',
    ]);
    const withoutStart = new Set([...scripts].filter((s) => s !== 'start'));
    expect(quickStartProblems(readme, withoutStart)).toContain(
      'README.md "Quick start" runs `npm start`, but package.json has no "start" script',
    );
    expect(quickStartProblems('# x\n', scripts)).toEqual(['README.md has no "## Quick start" section']);
  });

  it('fails when the Commands table and package.json differ either way', () => {
    const extraRow = readme.replace('| `npm run build` |', '| `npm run release` |');
    expect(commandsTableProblems(extraRow, scripts)).toEqual([
      'README.md "Commands" lists `npm run release`, but package.json has no "release" script',
      'package.json script "build" is missing from README.md "Commands"',
    ]);
    expect(commandsTableProblems(readme, new Set([...scripts, 'seed']))).toEqual([
      'package.json script "seed" is missing from README.md "Commands"',
    ]);
  });

  it('finds npm run names of any document that package.json lacks', () => {
    expect(undefinedRunScripts('docs/x.md', 'run `npm run bench` then `npm run nope`', scripts)).toEqual([
      'docs/x.md: npm run nope',
    ]);
  });
});
