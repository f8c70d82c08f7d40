import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeSatisfies, runtimeClosure } from '../lib/engines.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const engines = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
/** The oldest supported Node (package.json's `>=X.Y`) and the LTS lines of issue 19 §5. */
const oldest = `${/^>=\s*(\d+\.\d+(?:\.\d+)?)$/.exec(engines)?.[1] ?? 'unparsed'}`;
const supported = [oldest, '22.12.0', '24.0.0'];

/** Entries npm installs on this machine (optional platform binaries for other systems are left out). */
const installedHere = (entry) =>
  (!entry.os || entry.os.includes(process.platform)) && (!entry.cpu || entry.cpu.includes(process.arch));

describe('engines of the installed packages (issue 19 §5)', () => {
  it('reads the ranges npm packages declare', () => {
    expect(nodeSatisfies('20.19.0', '>=20.19')).toBe(true);
    expect(nodeSatisfies('20.18.3', '>=20.19')).toBe(false);
    expect(nodeSatisfies('20.19.0', '>= 22')).toBe(false);
    expect(nodeSatisfies('22.0.0', '>= 22')).toBe(true);
    expect(nodeSatisfies('20.19.0', '^20.19.0 || ^22.13.0 || >=24')).toBe(true);
    expect(nodeSatisfies('22.12.0', '^20.19.0 || ^22.13.0 || >=24')).toBe(false);
    expect(nodeSatisfies('23.1.0', '^20.19.0 || ^22.13.0 || >=24')).toBe(false);
    expect(nodeSatisfies('24.21.0', '^20.19.0 || ^22.13.0 || >=24')).toBe(true);
    expect(nodeSatisfies('20.20.2', '18 || 20 || >=22')).toBe(true);
    expect(nodeSatisfies('21.7.0', '18 || 20 || >=22')).toBe(false);
    expect(nodeSatisfies('20.1.0', '20.x')).toBe(true);
    expect(nodeSatisfies('20.1.0', '>=14.0.0 <21')).toBe(true);
    expect(nodeSatisfies('21.0.0', '>=14.0.0 <21')).toBe(false);
    expect(nodeSatisfies('20.19.0', '~20.18.0')).toBe(false);
    expect(nodeSatisfies('20.19.0', '')).toBe(true);
  });

  it('finds a workspace’s run-time packages through nested node_modules', () => {
    const fake = {
      packages: {
        'apps/a': { dependencies: { x: '1' }, devDependencies: { dev: '1' } },
        'node_modules/x': { version: '1.0.0', dependencies: { y: '1' } },
        'node_modules/x/node_modules/y': { version: '1.0.0' },
        'node_modules/y': { version: '2.0.0' },
        'node_modules/dev': { version: '1.0.0' },
      },
    };
    expect([...runtimeClosure(fake, 'apps/a').keys()].sort()).toEqual([
      'node_modules/x',
      'node_modules/x/node_modules/y',
    ]);
  });

  it.each(supported)('every run-time package of the server accepts Node %s', (version) => {
    const closure = runtimeClosure(lock, 'apps/server');
    expect(closure.size).toBeGreaterThan(100);
    const refusing = [...closure]
      .filter(([, entry]) => installedHere(entry) && !nodeSatisfies(version, entry.engines?.node))
      .map(
        ([location, entry]) => `${location.replace(/^.*node_modules\//, '')}@${entry.version} (${entry.engines.node})`,
      );
    expect(refusing).toEqual([]);
  });

  it('the packages that refuse the oldest Node are the browser-only ones the README names', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const refusing = Object.entries(lock.packages)
      .filter(([location, entry]) => location.includes('node_modules/') && !entry.dev && installedHere(entry))
      .filter(([, entry]) => !nodeSatisfies(oldest, entry.engines?.node))
      .map(([location]) => location.replace(/^.*node_modules\//, ''));
    expect(refusing.length).toBeGreaterThan(0);
    for (const name of refusing) expect(readme, `${name} is not explained in the README`).toContain(`\`${name}\``);
    const web = runtimeClosure(lock, 'apps/web');
    for (const name of refusing)
      expect(
        [...web.keys()].some((l) => l.endsWith(`node_modules/${name}`)),
        name,
      ).toBe(true);
  });
});
