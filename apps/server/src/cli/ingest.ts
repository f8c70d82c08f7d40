import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { ingestFolder } from '../ingestion';

/**
 * `npm run ingest -- <folder>`: validates every file of the folder and loads them in one
 * transaction into the configured database (DATABASE_URL, else the PGlite in DATA_DIR — stop the
 * server first, PGlite allows one process). Exit 0 on success, 1 with every error listed.
 */
async function main() {
  const folder = process.argv[2];
  if (!folder) {
    console.error('Usage: npm run ingest -- <folder>');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.resolve(process.env.INIT_CWD ?? '.', config.DATA_DIR),
  });
  try {
    await database.migrate();
    const outcome = await ingestFolder(database.db, path.resolve(process.env.INIT_CWD ?? '.', folder));
    if (!outcome.ok) {
      console.error(`Nothing was loaded. ${outcome.errors.length} error(s):`);
      for (const e of outcome.errors)
        console.error(`  ${e.file}${e.line ? `:${e.line}` : ''}${e.column ? ` [${e.column}]` : ''}: ${e.message}`);
      process.exitCode = 1;
      return;
    }
    for (const f of outcome.result.files) console.info(`${f.file}: ${f.rows} row(s) upserted into ${f.entity}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
