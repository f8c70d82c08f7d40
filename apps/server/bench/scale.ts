/**
 * Benchmark scales. `full` is the data set of issue 7 (1,000 dealerships, 20,000 managed campaigns,
 * 10 million daily metric rows plus breakdowns in proportion); `small` runs the same code paths in a
 * minute so CI keeps the benchmark from rotting.
 */
export interface BenchScale {
  name: 'full' | 'small';
  dealerships: number;
  campaignsPerDealership: number;
  /** Days of delivery per campaign, ending yesterday (UTC): campaigns × days = daily metric rows. */
  days: number;
  /** Vehicles in each dealership's inventory. */
  vehiclesPerDealership: number;
  /** Distinct sites of the one campaign whose site list is exported as a large CSV. */
  csvRows: number;
  /** Daily rows pushed through the product's ingestion path to measure its rate. */
  ingestionRows: number;
  /** autocannon duration per endpoint, seconds. */
  durationSeconds: number;
  connections: number;
  /** Managed campaigns of the dealership whose month-over-month workbook is timed. */
  momCampaigns: number;
  /** The mixed workload (issue 8): seconds and connections. */
  mixedSeconds: number;
  mixedConnections: number;
  /** The soak: seconds of mixed load while the server's resident memory is sampled. */
  soakSeconds: number;
}

export const scales: Record<BenchScale['name'], BenchScale> = {
  full: {
    name: 'full',
    dealerships: 1000,
    campaignsPerDealership: 20,
    days: 500,
    vehiclesPerDealership: 60,
    csvRows: 100_000,
    ingestionRows: 200_000,
    durationSeconds: 10,
    connections: 50,
    momCampaigns: 200,
    mixedSeconds: 60,
    mixedConnections: 100,
    soakSeconds: 300,
  },
  small: {
    name: 'small',
    dealerships: 20,
    campaignsPerDealership: 20,
    days: 60,
    vehiclesPerDealership: 20,
    csvRows: 5_000,
    ingestionRows: 10_000,
    durationSeconds: 1,
    connections: 10,
    momCampaigns: 20,
    mixedSeconds: 3,
    mixedConnections: 10,
    soakSeconds: 6,
  },
};

export function resolveScale(name = process.env.BENCH_SCALE ?? 'full'): BenchScale {
  const scale = scales[name as BenchScale['name']];
  if (!scale) throw new Error(`BENCH_SCALE must be one of ${Object.keys(scales).join(', ')}; got ${name}`);
  // BENCH_INGEST_ROWS: the number of daily rows the ingestion path is timed on, at any scale.
  const ingestionRows = Number(process.env.BENCH_INGEST_ROWS);
  // BENCH_DAYS: days of delivery per campaign (the full scale's 500-day reports on the small data set).
  const days = Number(process.env.BENCH_DAYS);
  // BENCH_SECONDS: autocannon seconds per endpoint (the HTTP load and the run with writers).
  const seconds = Number(process.env.BENCH_SECONDS);
  return {
    ...scale,
    ...(Number.isInteger(seconds) && seconds > 0 ? { durationSeconds: seconds } : {}),
    ...(Number.isInteger(ingestionRows) && ingestionRows > 0 ? { ingestionRows } : {}),
    ...(Number.isInteger(days) && days > 0 ? { days } : {}),
  };
}
