import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The server's layout (issue 19 §3, apps/server/README.md): no import cycle — type-only imports
// included, which ESLint's import-x/no-cycle (npm run lint) skips — and plugins/ holds only Fastify plugins.

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src');

function sourceFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(dir, file));
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** Each file's relative imports (values, types, re-exports and dynamic `import()`), resolved to files. */
function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      const targets = info.importedFiles
        .map((ref) => resolveImport(file, ref.fileName))
        .filter((target): target is string => target !== null);
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The strongly connected components of more than one module, or of one module importing itself (Tarjan). */
function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('server layout', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(importCycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(
      importCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('has no import cycle in src/, type-only imports included', () => {
    const graph = importGraph(sourceFiles(src));
    // The graph is the real one: app.ts reaches the routes and the repositories.
    expect(graph.get(path.join(src, 'app.ts'))).toContain(path.join(src, 'types.ts'));
    const cycles = importCycles(graph).map((cycle) => cycle.map((file) => path.relative(src, file)));
    expect(cycles).toEqual([]);
  });

  it('keeps only Fastify plugins (registered with fastify-plugin) in plugins/', () => {
    const notPlugins = sourceFiles(path.join(src, 'plugins'))
      .filter((file) => !/^export default fp\(/m.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(notPlugins).toEqual([]);
  });

  it('keeps every route file under 300 lines (issue 19 §3)', () => {
    const long = sourceFiles(path.join(src, 'routes'))
      .map((file) => ({ file: path.relative(src, file), lines: fs.readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines >= 300)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });

  it('keeps repositories/ plain data access: no module in it is a Fastify plugin', () => {
    const misplaced = sourceFiles(path.join(src, 'repositories'))
      .filter((file) => /fastify-plugin/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(misplaced).toEqual([]);
  });
});
