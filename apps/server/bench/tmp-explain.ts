import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { attributionStatement } from '../src/repositories/attribution';
const database = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/attribution_bench', dataDir: '' });
const q = sql`explain (analyze, buffers off) select count(*) from (${attributionStatement(sql`true`)}) a`;
const r = (await database.db.execute(q)) as unknown as { rows: Array<Record<string, string>> };
for (const row of r.rows) console.log(Object.values(row)[0]);
await database.close();
