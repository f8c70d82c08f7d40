import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { productCatalog, productCodes, type ProductCode } from '@portal/contracts';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { buildDmas } from '../src/demo/dealerships';
import { hashPassword } from '../src/repositories/auth';
import type { BenchScale } from './scale';

export const BENCH_ORGANIZATION_ID = 1;
export const BENCH_EMAIL = 'bench@bench.test';
export const BENCH_PASSWORD = 'bench-password-1';

/** A generated campaign the load test reads, by report family. */
export interface BenchProbes {
  dealershipId: number;
  startDate: string;
  endDate: string;
  /** One campaign id per product code used by the endpoints (DYD, DSP, SEM, FBD, OTT). */
  campaigns: Record<'DYD' | 'DSP' | 'SEM' | 'FBD' | 'OTT', number>;
  /** The campaign whose site list has `csvRows` distinct sites (the large CSV export). */
  csvCampaignId: number;
  /** The dealership with `momCampaigns` campaigns over the last 6 months (the month-over-month export). */
  momDealershipId: number;
  /** A self-service campaign of dealership 1 with product rows. */
  selfServiceCampaignId: number;
}

/** Campaign ids of the month-over-month dealership start here (clear of the d × 100 + k scheme). */
const MOM_FIRST_ID = 900_000_000;

/**
 * Adds the month-over-month dealership when it is missing: dealership 2 gets `momCampaigns`
 * campaigns (all product codes in rotation) delivering every day of the last 183 days.
 */
export async function ensureMomDealership(pool: pg.Pool, scale: BenchScale, today = new Date()): Promise<number> {
  const dealershipId = 2;
  const existing = await pool.query<{ n: number }>('select count(*)::int as n from managed_campaigns where id >= $1', [
    MOM_FIRST_ID,
  ]);
  if ((existing.rows[0]?.n ?? 0) >= scale.momCampaigns) return dealershipId;
  const endMs = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - DAY_MS;
  const days = Array.from({ length: 183 }, (_, i) => isoDay(endMs - (182 - i) * DAY_MS));
  const client = await pool.connect();
  try {
    await copyRows(
      client,
      'managed_campaigns',
      [
        'id',
        'dealership_id',
        'client_campaign_display_name',
        'campaign_status',
        'start_date',
        'end_date',
        'product_code',
        'product_name',
        'campaign_type',
        'budget',
        'booked_impressions',
      ],
      function* () {
        for (let k = 0; k < scale.momCampaigns; k++) {
          const code = productCodes[k % productCodes.length]!;
          yield [
            MOM_FIRST_ID + k,
            dealershipId,
            `MoM ${code} ${k}`,
            'active',
            days[0],
            days.at(-1),
            code,
            productCatalog[code].name,
            family(code),
            '3000.00',
            400_000,
          ].join(',');
        }
      },
    );
    await copyRows(
      client,
      'campaign_daily_metrics',
      ['campaign_id', 'dealership_id', 'date', 'impressions', 'clicks', 'views', 'spend', 'calls', 'leads', 'sales'],
      function* () {
        const rnd = random(23);
        for (let k = 0; k < scale.momCampaigns; k++)
          for (const day of days) {
            const impressions = 500 + Math.floor(rnd() * 4500);
            const clicks = Math.floor(impressions * 0.006);
            yield `${MOM_FIRST_ID + k},${dealershipId},${day},${impressions},${clicks},${Math.floor(impressions * 0.5)},${(impressions * 0.008).toFixed(2)},${clicks >> 5},${clicks >> 5},${clicks >> 6}`;
          }
      },
    );
    await client.query('analyze managed_campaigns; analyze campaign_daily_metrics');
  } finally {
    client.release();
  }
  return dealershipId;
}

export interface GenerateResult {
  tables: Array<{ table: string; rows: number; seconds: number; rowsPerSecond: number }>;
  totalRows: number;
  seconds: number;
  probes: BenchProbes;
}

/** A small deterministic PRNG (mulberry32), so every run generates the same data. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const campaignId = (dealershipId: number, k: number) => dealershipId * 100 + k;
/**
 * Dealership 1 holds the probes the load test reads (its first six campaigns: DYD, DSP, SEM, FBD,
 * OTT, and a DSP whose site list is the large CSV); everywhere else every product code appears in a
 * fixed rotation.
 */
const PROBE_CODES: ProductCode[] = ['DYD', 'DSP', 'SEM', 'FBD', 'OTT', 'DSP'];
const CSV_K = 5;
const productOf = (dealershipId: number, k: number): ProductCode =>
  dealershipId === 1 && k < PROBE_CODES.length
    ? PROBE_CODES[k]!
    : productCodes[(dealershipId * 7 + k) % productCodes.length]!;
const family = (code: ProductCode) => productCatalog[code].family;
/** One campaign in four (and every probe) carries breakdowns (sites, DMAs, creatives, vehicles, calls). */
const hasBreakdowns = (dealershipId: number, k: number) => dealershipId === 1 || k % 4 === 0;

/**
 * Streams rows into one table with COPY … FROM STDIN (CSV) and times it. `rows` yields CSV lines
 * without the newline.
 */
async function copyRows(
  client: pg.PoolClient,
  table: string,
  columns: string[],
  rows: () => Generator<string>,
): Promise<{ table: string; rows: number; seconds: number; rowsPerSecond: number }> {
  let count = 0;
  const started = performance.now();
  const source = Readable.from(
    (function* () {
      let chunk: string[] = [];
      for (const line of rows()) {
        chunk.push(line);
        count++;
        if (chunk.length === 2000) {
          yield chunk.join('\n') + '\n';
          chunk = [];
        }
      }
      if (chunk.length > 0) yield chunk.join('\n') + '\n';
    })(),
  );
  await pipeline(source, client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`)));
  const seconds = (performance.now() - started) / 1000;
  return { table, rows: count, seconds, rowsPerSecond: Math.round(count / seconds) };
}

/**
 * Fills an empty, migrated database with the benchmark data set: one agency, `scale.dealerships`
 * dealerships with inventory, `campaignsPerDealership` managed campaigns each delivering every day of
 * a `days`-long flight that ends yesterday (UTC), and breakdowns for one campaign in four (sites,
 * DMAs, creatives, vehicles, conversions, phone calls). Loaded with COPY into the product's own
 * tables (indexes in place), then ANALYZE. Deterministic for a given scale and day.
 */
export async function generateDataset(pool: pg.Pool, scale: BenchScale, today = new Date()): Promise<GenerateResult> {
  const started = performance.now();
  const endMs = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - DAY_MS;
  const startMs = endMs - (scale.days - 1) * DAY_MS;
  const days = Array.from({ length: scale.days }, (_, i) => isoDay(startMs + i * DAY_MS));
  const dealerships = Array.from({ length: scale.dealerships }, (_, i) => i + 1);
  const ks = Array.from({ length: scale.campaignsPerDealership }, (_, k) => k);
  const dmaCodes = buildDmas().map((d) => Number(d.dma_code));

  const client = await pool.connect();
  const tables: GenerateResult['tables'] = [];
  let selfServiceCampaignId: number | undefined;
  try {
    await client.query('insert into organizations (id, name, show_budget_type) values ($1, $2, 2)', [
      BENCH_ORGANIZATION_ID,
      'Bench Agency',
    ]);
    const dmaRows = buildDmas();
    tables.push(
      await copyRows(client, 'dmas', ['dma_code', 'rank', 'name', 'tv_homes', 'pct_of_us'], function* () {
        for (const d of dmaRows) yield [d.dma_code, d.rank, `"${d.name}"`, d.tv_homes, d.pct_of_us].join(',');
      }),
    );
    tables.push(
      await copyRows(
        client,
        'dealerships',
        ['id', 'organization_id', 'name', 'city', 'state', 'dma_code'],
        function* () {
          for (const d of dealerships)
            yield `${d},${BENCH_ORGANIZATION_ID},Bench Motors ${d},Springfield,IL,${dmaCodes[d % dmaCodes.length]}`;
        },
      ),
    );
    const hash = await hashPassword(BENCH_PASSWORD);
    await client.query(
      'insert into users (email, name, password_hash, organization_id, role_id) values ($1, $2, $3, $4, 2)',
      [BENCH_EMAIL, 'Bench Admin', hash, BENCH_ORGANIZATION_ID],
    );

    const makes = ['Ford', 'Toyota', 'Honda', 'Chevrolet', 'Nissan', 'Jeep', 'Hyundai', 'Kia'];
    const vin = (d: number, v: number) => `BENCH${String(d).padStart(5, '0')}${String(v).padStart(7, '0')}`;
    tables.push(
      await copyRows(
        client,
        'inventory_vehicles',
        ['dealership_id', 'vin', 'year', 'make', 'model', 'vehicle_state', 'price', 'mileage'],
        function* () {
          const rnd = random(11);
          for (const d of dealerships)
            for (let v = 0; v < scale.vehiclesPerDealership; v++)
              yield `${d},${vin(d, v)},${2016 + (v % 10)},${makes[v % makes.length]},Model ${v % 13},${v % 3 === 0 ? 'New' : 'Used'},${(12_000 + rnd() * 50_000).toFixed(2)},${Math.round(rnd() * 90_000)}`;
        },
      ),
    );

    tables.push(
      await copyRows(
        client,
        'managed_campaigns',
        [
          'id',
          'dealership_id',
          'client_campaign_display_name',
          'campaign_status',
          'start_date',
          'end_date',
          'product_code',
          'product_name',
          'campaign_type',
          'budget',
          'demand_local_net',
          'booked_impressions',
          'show_site_list',
          'show_ad_previews',
        ],
        function* () {
          for (const d of dealerships)
            for (const k of ks) {
              const code = productOf(d, k);
              yield [
                campaignId(d, k),
                d,
                `Bench ${code} ${d}-${k}`,
                'active',
                days[0],
                days.at(-1),
                code,
                productCatalog[code].name,
                family(code),
                (5000 + k * 250).toFixed(2),
                (4000 + k * 200).toFixed(2),
                scale.days * 2000,
                'true',
                'true',
              ].join(',');
            }
        },
      ),
    );

    tables.push(
      await copyRows(
        client,
        'campaign_daily_metrics',
        [
          'campaign_id',
          'dealership_id',
          'date',
          'impressions',
          'clicks',
          'views',
          'reach',
          'spend',
          'conversions',
          'sales',
          'calls',
          'leads',
          'video_25',
          'video_50',
          'video_75',
          'video_100',
        ],
        function* () {
          const rnd = random(7);
          for (const d of dealerships)
            for (const k of ks) {
              const id = campaignId(d, k);
              const video = family(productOf(d, k)) === 'video';
              for (const day of days) {
                const impressions = 500 + Math.floor(rnd() * 4500);
                const clicks = Math.floor(impressions * (0.002 + rnd() * 0.01));
                const views = video ? Math.floor(impressions * 0.8) : 0;
                const v100 = video ? Math.floor(views * 0.6) : 0;
                yield `${id},${d},${day},${impressions},${clicks},${views},${Math.floor(impressions * 0.6)},${(impressions * 0.008).toFixed(2)},${clicks >> 3},${clicks >> 6},${clicks >> 5},${clicks >> 5},${video ? Math.floor(views * 0.9) : 0},${video ? Math.floor(views * 0.8) : 0},${video ? Math.floor(views * 0.7) : 0},${v100}`;
              }
            }
        },
      ),
    );

    /** Campaigns with breakdowns whose family matches. */
    function* breakdownCampaigns(test: (code: ProductCode) => boolean) {
      for (const d of dealerships)
        for (const k of ks) if (hasBreakdowns(d, k) && test(productOf(d, k))) yield { d, k, id: campaignId(d, k) };
    }
    const isDisplay = (c: ProductCode) => family(c) === 'display' || family(c) === 'video';
    const withVehicles = (c: ProductCode) => c === 'DYD' || c === 'FBD' || c === 'DYN';
    const isSearch = (c: ProductCode) => family(c) === 'search';
    const sites = ['cnn.com', 'espn.com', 'weather.com', 'nytimes.com', 'autotrader.com', 'yahoo.com'];
    const sizes = ['300x250', '728x90', '160x600'];

    tables.push(
      await copyRows(
        client,
        'campaign_sites',
        ['campaign_id', 'date', 'site', 'creative_size', 'impressions', 'clicks'],
        function* () {
          const rnd = random(3);
          for (const { id } of breakdownCampaigns(isDisplay))
            for (const day of days)
              for (let s = 0; s < 3; s++) {
                const impressions = 100 + Math.floor(rnd() * 900);
                yield `${id},${day},${sites[(id + s) % sites.length]},${sizes[s]},${impressions},${impressions >> 7}`;
              }
          // The large CSV export: one campaign whose site list has csvRows distinct sites.
          const csvCampaign = campaignId(1, CSV_K);
          for (let s = 0; s < scale.csvRows; s++)
            yield `${csvCampaign},${days.at(-1)},site-${s}.example.com,300x250,${100 + (s % 900)},${s % 7}`;
        },
      ),
    );
    tables.push(
      await copyRows(
        client,
        'campaign_dmas',
        ['campaign_id', 'date', 'dma_code', 'impressions', 'clicks'],
        function* () {
          const rnd = random(5);
          for (const { id } of breakdownCampaigns(isDisplay))
            for (const day of days)
              for (let s = 0; s < 3; s++) {
                const impressions = 100 + Math.floor(rnd() * 900);
                yield `${id},${day},${dmaCodes[(id + s * 17) % dmaCodes.length]},${impressions},${impressions >> 7}`;
              }
        },
      ),
    );
    tables.push(
      await copyRows(
        client,
        'campaign_creatives',
        ['campaign_id', 'creative_id', 'creative_name', 'creative_size'],
        function* () {
          for (const { id } of breakdownCampaigns(isDisplay))
            for (let c = 0; c < 2; c++) yield `${id},cr-${id}-${c},Creative ${c + 1},${sizes[c]}`;
        },
      ),
    );
    tables.push(
      await copyRows(
        client,
        'campaign_creative_metrics',
        ['campaign_id', 'date', 'creative_id', 'impressions', 'clicks'],
        function* () {
          const rnd = random(9);
          for (const { id } of breakdownCampaigns(isDisplay))
            for (const day of days)
              for (let c = 0; c < 2; c++) {
                const impressions = 100 + Math.floor(rnd() * 900);
                yield `${id},${day},cr-${id}-${c},${impressions},${impressions >> 7}`;
              }
        },
      ),
    );
    tables.push(
      await copyRows(
        client,
        'campaign_conversions',
        ['campaign_id', 'date', 'tag_id', 'tag_name', 'type', 'count', 'time_to_convert_days', 'unique_site_visitors'],
        function* () {
          const rnd = random(13);
          for (const { id } of breakdownCampaigns(isDisplay))
            for (const day of days)
              yield `${id},${day},1,Lead form,lead,${Math.floor(rnd() * 9)},${(rnd() * 5).toFixed(1)},${Math.floor(rnd() * 90)}`;
        },
      ),
    );
    tables.push(
      await copyRows(
        client,
        'campaign_vehicles',
        ['campaign_id', 'date', 'vin', 'impressions', 'clicks'],
        function* () {
          const rnd = random(17);
          for (const { d, id } of breakdownCampaigns(withVehicles))
            for (const day of days)
              for (let v = 0; v < 3; v++) {
                const impressions = 50 + Math.floor(rnd() * 500);
                yield `${id},${day},${vin(d, (id + v) % scale.vehiclesPerDealership)},${impressions},${impressions >> 6}`;
              }
        },
      ),
    );
    tables.push(
      await copyRows(
        client,
        'phone_calls',
        ['phone_call_vendor_id', 'campaign_id', 'phone_number', 'datetime', 'duration'],
        function* () {
          const rnd = random(19);
          for (const { id } of breakdownCampaigns(isSearch))
            for (let i = 0; i < days.length; i += 2)
              yield `call-${id}-${i},${id},+1217555${String(i % 10_000).padStart(4, '0')},${days[i]}T${String(9 + (i % 9)).padStart(2, '0')}:15:00Z,${30 + Math.floor(rnd() * 400)}`;
        },
      ),
    );
    // Self-service: one imported campaign per dealership delivering every day; one in four (and
    // dealership 1's) with 5 products a day.
    tables.push(
      await copyRows(
        client,
        'self_service_campaigns',
        [
          'organization_id',
          'dealership_id',
          'vendor_id',
          'vendor_campaign_id',
          'name',
          'account_id',
          'account_name',
          'start_date',
          'status_name',
          'status',
          'last_synced_at',
        ],
        function* () {
          for (const d of dealerships)
            yield `${BENCH_ORGANIZATION_ID},${d},${d % 2 === 0 ? 3 : 1},${800_000 + d},Bench self-service ${d},acct-${d},Bench account ${d},${days[0]},active,available,${new Date().toISOString()}`;
        },
      ),
    );
    const selfService = await client.query<{ id: number; dealership_id: number }>(
      'select id, dealership_id from self_service_campaigns order by dealership_id',
    );
    tables.push(
      await copyRows(
        client,
        'self_service_daily_metrics',
        ['campaign_id', 'date', 'impressions', 'clicks'],
        function* () {
          const rnd = random(29);
          for (const { id } of selfService.rows)
            for (const day of days) {
              const impressions = 200 + Math.floor(rnd() * 3000);
              yield `${id},${day},${impressions},${impressions >> 7}`;
            }
        },
      ),
    );
    tables.push(
      await copyRows(
        client,
        'self_service_product_daily',
        ['campaign_id', 'date', 'product_item_id', 'product_title', 'impressions', 'clicks', 'conversions'],
        function* () {
          const rnd = random(31);
          for (const { id, dealership_id } of selfService.rows)
            if (dealership_id === 1 || dealership_id % 4 === 0)
              for (const day of days)
                for (let p = 0; p < 5; p++) {
                  const impressions = 20 + Math.floor(rnd() * 400);
                  yield `${id},${day},item-${dealership_id}-${p},Vehicle ${p + 1} of dealership ${dealership_id},${impressions},${impressions >> 5},${impressions >> 8}`;
                }
        },
      ),
    );
    selfServiceCampaignId = selfService.rows.find((r) => r.dealership_id === 1)!.id;
    await client.query('analyze');
  } finally {
    client.release();
  }

  const totalRows = tables.reduce((sum, t) => sum + t.rows, 0);
  return {
    tables,
    totalRows,
    seconds: (performance.now() - started) / 1000,
    probes: {
      dealershipId: 1,
      startDate: days[0]!,
      endDate: days.at(-1)!,
      campaigns: {
        DYD: campaignId(1, 0),
        DSP: campaignId(1, 1),
        SEM: campaignId(1, 2),
        FBD: campaignId(1, 3),
        OTT: campaignId(1, 4),
      },
      csvCampaignId: campaignId(1, CSV_K),
      momDealershipId: 2,
      selfServiceCampaignId: selfServiceCampaignId!,
    },
  };
}
