import type { IngestionEntity, IngestionError, IngestionResult } from '@portal/contracts';
import type { Db } from '../db/client';
import { recordSyncRun } from '../repositories/trust/record';
import { ingestFiles, type WriteCounts } from './ingest';
import { parseIngestionFile, readIngestionFolder, type ParsedFile } from './read-files';

export type IngestionOutcome =
  | { ok: true; result: IngestionResult; counts?: Map<IngestionEntity, WriteCounts> }
  | { ok: false; errors: IngestionError[] };

/** `now`: the instant of the load (inventory snapshots are dated its day in each agency's zone). */
export interface IngestionOptions {
  now?: Date;
}

/**
 * The one ingestion path (docs/ingestion.md), shared by `npm run ingest -- <folder>`,
 * `POST /api/admin/ingest` and the demo loader: parse and validate every file, then load all of
 * them in one transaction. Any error in any file means nothing is loaded.
 */
export async function ingestFolder(db: Db, dir: string, options: IngestionOptions = {}): Promise<IngestionOutcome> {
  return logged(db, async () => {
    const errors: IngestionError[] = [];
    const files = await readIngestionFolder(dir, errors);
    if (errors.length > 0) return { ok: false, errors };
    return ingestFiles(db, files, options);
  });
}

/**
 * Runs one ingestion and logs it for the Data health page (`sync_runs`, source 'files'): rows
 * loaded, or the first error of a refused file set (docs/trust.md).
 */
async function logged(db: Db, run: () => Promise<IngestionOutcome>): Promise<IngestionOutcome> {
  const startedAt = new Date();
  let outcome: IngestionOutcome;
  try {
    outcome = await run();
  } catch (error) {
    await recordSyncRun(db, {
      source: 'files',
      startedAt,
      status: 'failed',
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
  if (outcome.ok)
    await recordSyncRun(db, {
      source: 'files',
      startedAt,
      status: 'ok',
      rowsLoaded: outcome.result.files.reduce((sum, f) => sum + f.rows, 0),
    });
  else {
    const first = outcome.errors[0];
    const where = first
      ? [first.file, first.line === null ? null : `line ${first.line}`].filter(Boolean).join(' ')
      : '';
    await recordSyncRun(db, {
      source: 'files',
      startedAt,
      status: 'failed',
      error: `${outcome.errors.length} error(s)${first ? `; first: ${where ? `${where}: ` : ''}${first.message}` : ''}`,
    });
  }
  return outcome;
}

/** Same as ingestFolder for files already in memory (the upload endpoint). */
export async function ingestBuffers(
  db: Db,
  uploads: Array<{ name: string; content: Buffer }>,
  options: IngestionOptions = {},
): Promise<IngestionOutcome> {
  return logged(db, () => ingestUploads(db, uploads, options));
}

async function ingestUploads(
  db: Db,
  uploads: Array<{ name: string; content: Buffer }>,
  options: IngestionOptions,
): Promise<IngestionOutcome> {
  const errors: IngestionError[] = [];
  const files: ParsedFile[] = [];
  for (const upload of uploads) {
    const file = parseIngestionFile(upload.name, upload.content, errors);
    if (file) files.push(file);
  }
  if (uploads.length === 0) errors.push({ file: '', line: null, column: null, message: 'No files were sent' });
  if (errors.length > 0) return { ok: false, errors };
  return ingestFiles(db, files, options);
}
