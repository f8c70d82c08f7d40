import type { IngestionError, IngestionResult } from '@portal/contracts';
import type { Db } from '../db/client';
import { ingestFiles } from './ingest';
import { parseIngestionFile, readIngestionFolder, type ParsedFile } from './read-files';

export type IngestionOutcome = { ok: true; result: IngestionResult } | { ok: false; errors: IngestionError[] };

/**
 * The one ingestion path (docs/ingestion.md), shared by `npm run ingest -- <folder>`,
 * `POST /api/admin/ingest` and the demo loader: parse and validate every file, then load all of
 * them in one transaction. Any error in any file means nothing is loaded.
 */
export async function ingestFolder(db: Db, dir: string): Promise<IngestionOutcome> {
  const errors: IngestionError[] = [];
  const files = await readIngestionFolder(dir, errors);
  if (errors.length > 0) return { ok: false, errors };
  return ingestFiles(db, files);
}

/** Same as ingestFolder for files already in memory (the upload endpoint). */
export async function ingestBuffers(
  db: Db,
  uploads: Array<{ name: string; content: Buffer }>,
): Promise<IngestionOutcome> {
  const errors: IngestionError[] = [];
  const files: ParsedFile[] = [];
  for (const upload of uploads) {
    const file = parseIngestionFile(upload.name, upload.content, errors);
    if (file) files.push(file);
  }
  if (uploads.length === 0) errors.push({ file: '', line: null, column: null, message: 'No files were sent' });
  if (errors.length > 0) return { ok: false, errors };
  return ingestFiles(db, files);
}
