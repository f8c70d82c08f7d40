// ESLint keeps the architecture of STYLE.md: features never import each other, contracts import
// only zod, the web app never imports the server (and the server never imports the web app).
import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
const features = fs.existsSync(featuresDir)
  ? fs
      .readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const featureBoundaries = features.map((feature) => ({
  files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
            message: 'Features never import each other: compose them in src/app instead.',
          },
          { group: ['@/app/*', '@/app'], message: 'Features do not import the app layer.' },
          { group: ['../../*'], message: 'Use the @/ alias to leave a feature folder.' },
        ],
        paths: [
          {
            name: '@/lib/api-client',
            importNames: ['api', 'apiRequest', 'apiDownload'],
            message: 'Call API operations by id (callOperation / downloadOperation): the path stays in its descriptor.',
          },
        ],
      },
    ],
  },
}));

/** Packages that write spreadsheet cells, and the only server modules that may import them. */
const spreadsheetPackages = ['csv-stringify', 'csv-stringify/sync', 'exceljs', '@googleapis/sheets'];
const spreadsheetWriterModules = [
  'apps/server/src/exports/spreadsheet-writers.ts',
  // The Sheets API client; its writeRows passes every row through spreadsheetRows.
  'apps/server/src/lib/google-sheets.ts',
  // Writes the portal's own ingestion input from the demo datasets (read back by ingestion, never handed out).
  'apps/server/src/demo/common.ts',
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', '**/test-results/**', 'apps/server/drizzle/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
          message:
            "Use `import * as z from 'zod'`: the named `z` export keeps every zod locale in the web bundle (about 65 KB gzip).",
        },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|date-fns(/\\w+)?$|@date-fns/tz(/\\w+)?$|\\.{1,2}/).*',
              message: 'contracts import only zod and, for the calendar, date-fns and @date-fns/tz.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@portal/server'],
              message: 'The web app talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/apps/web/**', '@portal/web'], message: 'The server does not import the web app.' }],
        },
      ],
    },
  },
  {
    // Spreadsheet writers (issue 18, formula injection): the server writes CSV, xlsx and Google
    // Sheets cells only through src/exports/spreadsheet-writers.ts, which escapes every text cell.
    files: ['apps/server/src/**/*.ts'],
    ignores: spreadsheetWriterModules,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: spreadsheetPackages.map((name) => ({
            name,
            message: 'Write spreadsheets through src/exports/spreadsheet-writers.ts (it escapes formula injection).',
          })),
          patterns: [{ group: ['**/apps/web/**', '@portal/web'], message: 'The server does not import the web app.' }],
        },
      ],
    },
  },
  {
    // Data access sits below the HTTP layer (apps/server/README.md): repositories never import routes,
    // plugins or the app (the rule above is repeated: a later no-restricted-imports replaces it).
    files: ['apps/server/src/repositories/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: spreadsheetPackages.map((name) => ({
            name,
            message: 'Write spreadsheets through src/exports/spreadsheet-writers.ts (it escapes formula injection).',
          })),
          patterns: [
            { group: ['**/apps/web/**', '@portal/web'], message: 'The server does not import the web app.' },
            {
              group: ['**/routes/**', '**/plugins/**', '**/app', '**/app.ts'],
              message: 'Repositories are plain (db, params) functions: they import no route, plugin or app.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycle in the server (issue 19 §3): a module never reaches itself through its imports,
    // type-only imports included (the App type lives in src/types.ts, not in app.ts that imports the routes).
    files: ['apps/server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/scripts/**/*.{js,mjs,ts}', '**/*.config.{js,ts}', '**/e2e/**/*.ts', 'apps/server/src/cli/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
