import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { operationList, operationPath, operationRoute, operations, pathParameterNames } from '../src';
import { OPERATION_PATHS_FILE, renderOperationPaths } from '../src/operations/render-paths';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Every .ts/.tsx file under a folder of the repository. */
function sourceFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name)) out.push(full);
    }
  };
  walk(path.join(root, folder));
  return out;
}

/** String and template literal texts (parsed, so comments and regular expressions do not count) of a source file that start with `/api/` (comments do not count). */
export function apiPathLiterals(text: string, fileName = 'file.ts'): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      if (/^\/api(\/|$)/.test(node.text)) found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Where an `/api/` path may still be spelled. The descriptors (contracts `* /operations.ts`) are the
 * one place for operation paths (with the tenant prefixes of `operations/define.ts`, and the table
 * `operations/paths.generated.ts` generated from them); the web calls operations by id
 * (`callOperation`, apps/web/src/lib/api-client.ts). The rest are not operations: the API docs page
 * and the cache plugin that recognises the API prefix. The test fails for any file not listed here.
 */
const allowed: Record<string, string> = {
  'apps/server/src/plugins/external/swagger.ts': 'the API documentation page (/api/docs)',
  'apps/server/src/plugins/external/http-cache.ts': 'recognises API routes by their prefix',
};

const isTest = (file: string) => /\.test\.tsx?$|\/testing\/|\/test\//.test(file);
const isDescriptorFile = (file: string) =>
  /^packages\/contracts\/src\/([^/]+\/operations|operations\/define|operations\/paths\.generated)\.ts$/.test(file);

describe('API paths are spelled once (issue 19 §1)', () => {
  it('finds /api/ paths in string and template literals, not in comments', () => {
    const text = "// '/api/comment'\nconst a = '/api/me';\nconst b = `/api/agencies/${1}`;\nconst c = '/apiary';";
    expect(apiPathLiterals(text)).toEqual(['/api/me', '/api/agencies/']);
  });

  it('no /api/ path literal outside the descriptors and the allow-list (tests excepted)', () => {
    const offenders: string[] = [];
    for (const folder of ['apps/server/src', 'apps/web/src', 'packages']) {
      for (const file of sourceFiles(folder)) {
        const relative = path.relative(root, file).split(path.sep).join('/');
        if (isTest(relative) || isDescriptorFile(relative) || relative in allowed) continue;
        const literals = apiPathLiterals(fs.readFileSync(file, 'utf8'), relative);
        if (literals.length > 0) offenders.push(`${relative}: ${literals.join(', ')}`);
      }
    }
    expect(offenders).toEqual([]);
  }, 60_000);

  it('the allow-list names only files that exist and still need it', () => {
    const stale = Object.keys(allowed).filter(
      (file) =>
        !fs.existsSync(path.join(root, file)) ||
        apiPathLiterals(fs.readFileSync(path.join(root, file), 'utf8'), file).length === 0,
    );
    expect(stale).toEqual([]);
  }, 60_000);
});

describe('the operation registry', () => {
  it('paths.generated.ts is up to date (else run `npm run generate:operations`)', () => {
    const text = fs.readFileSync(path.join(root, OPERATION_PATHS_FILE), 'utf8');
    expect(text, 'run `npm run generate:operations`').toBe(renderOperationPaths(operationList));
    for (const operation of operationList)
      expect(operationRoute(operation.id as Parameters<typeof operationRoute>[0])).toEqual({
        method: operation.method,
        path: operation.path,
      });
  });

  it('has unique ids (its keys) and unique method + path pairs', () => {
    for (const [key, operation] of Object.entries(operations)) expect(operation.id).toBe(key);
    const pairs = operationList.map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('every path starts with /api/ and its parameters are in the params schema', () => {
    for (const operation of operationList) {
      expect(operation.path.startsWith('/api/')).toBe(true);
      const names = pathParameterNames(operation.path);
      const shape = (operation.params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      for (const name of names) expect(Object.keys(shape), `${operation.id} :${name}`).toContain(name);
    }
  });

  it('state-changing operations need a CSRF rule; GET ones none', () => {
    for (const operation of operationList)
      expect(operation.csrf === 'none', operation.id).toBe(operation.method === 'GET');
  });

  it('operationPath fills and encodes the template, and refuses a missing parameter', () => {
    expect(operationPath(operations.getManagedCampaign, { organization_id: 1, dealership_id: 2, campaign_id: 3 })).toBe(
      '/api/agencies/1/dealership/2/campaigns/3',
    );
    expect(operationPath(operations.removeEmailDomain, { organization_id: 1, domain: 'a b/c' })).toBe(
      '/api/agencies/1/email-domains/a%20b%2Fc',
    );
    expect(operationPath(operations.getFile, { '*': 'media/a b.mp3' })).toBe('/api/files/media/a%20b.mp3');
    expect(() => operationPath(operations.getDealership, { organization_id: 1 })).toThrow(/dealership_id/);
  });
});

describe('docs/contributing.md "Add an API operation"', () => {
  it('names files that exist', () => {
    const text = fs.readFileSync(path.join(root, 'docs/contributing.md'), 'utf8');
    const section = text.split('## Add an API operation')[1]!.split('\n## ')[0]!;
    const named = [...section.matchAll(/`((?:packages|apps)\/[^`]+\.ts)`/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(5);
    const concrete = named.filter((file) => !file.includes('<'));
    for (const file of concrete) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    // The templated ones name an existing folder pattern: one example of each exists.
    expect(fs.existsSync(path.join(root, 'packages/contracts/src/campaigns/operations.ts'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'apps/server/src/routes/api/campaigns/index.ts'))).toBe(true);
  });
});
