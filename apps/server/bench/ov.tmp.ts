import { openDatabase } from '../src/db/client';
import { getAgencyOverview } from '../src/repositories/agency-overview/overview';
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL!, dataDir: '' });
const org = Number(process.argv[2] ?? 3);
const query = { startDate: '2026-11-01', endDate: '2026-11-26', sort: 'name', desc: false } as never;
const times: number[] = [];
for (let i = 0; i < Number(process.argv[3] ?? 12); i++) {
  const s = performance.now();
  await getAgencyOverview(database.db, { organizationId: org, query });
  times.push(performance.now() - s);
}
times.sort((a, b) => a - b);
console.log('org', org, 'median ms', times[Math.floor(times.length / 2)]!.toFixed(1), 'min', times[0]!.toFixed(1));
await database.close();
