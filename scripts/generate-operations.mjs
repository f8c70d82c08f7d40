#!/usr/bin/env node
// Writes packages/contracts/src/operations/paths.generated.ts: the method and path template of every
// API operation by id, for the web app's client (issue 19 §1). Run after adding or changing a
// descriptor: `npm run generate:operations`. packages/contracts/test/operations.test.ts fails when
// the file is stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { operationList } from '../packages/contracts/src/operations/registry.ts';
import { OPERATION_PATHS_FILE, renderOperationPaths } from '../packages/contracts/src/operations/render-paths.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, OPERATION_PATHS_FILE);
const text = renderOperationPaths(operationList);
if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text) {
  console.info(`${OPERATION_PATHS_FILE} is up to date (${operationList.length} operations).`);
} else {
  fs.writeFileSync(target, text);
  console.info(`Wrote ${OPERATION_PATHS_FILE} (${operationList.length} operations).`);
}
