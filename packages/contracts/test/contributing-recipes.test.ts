import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const doc = fs.readFileSync(path.join(root, 'docs/contributing.md'), 'utf8');

/** The text of a `## title` section of docs/contributing.md, up to the next `## `. */
function section(title: string): string {
  const start = doc.indexOf(`## ${title}\n`);
  expect(start, `docs/contributing.md has a "## ${title}" section`).toBeGreaterThanOrEqual(0);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end === -1 ? undefined : end);
}

/** The repository paths a section names in backticks (files and folders). */
function namedPaths(text: string): string[] {
  return [...text.matchAll(/`((?:apps|packages|docs|scripts)\/[^`\s]+)`/g)].map((match) => match[1]!);
}

describe('docs/contributing.md recipes (issue 19 §6)', () => {
  it.each(['Add a report section', 'Add a product code'])('"%s" names files that exist', (title) => {
    const paths = namedPaths(section(title));
    expect(paths.length).toBeGreaterThan(0);
    for (const named of paths) expect(fs.existsSync(path.join(root, named)), named).toBe(true);
  });

  it('"Add a report section" names every file that maps section kinds', () => {
    const mapping = execFileSync('git', ['grep', '-l', 'Record<ReportSectionKind', '--', 'apps', 'packages'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => file && !file.includes('.test.'));
    expect(mapping.length).toBeGreaterThanOrEqual(3);
    const named = new Set(namedPaths(section('Add a report section')));
    for (const file of mapping) expect(named.has(file), `${file} maps section kinds`).toBe(true);
  });
});
