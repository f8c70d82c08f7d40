import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, getTableColumns, getTableName, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  ingestionOrder,
  todayInZone,
  type IngestionEntity,
  type IngestionError,
  type IngestionResult,
} from '@portal/contracts';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { ParsedFile } from './read-files';
import { normalizeVehicleName } from './vehicle-names';
import {
  recordSnapshot,
  refreshInventoryHistory,
  trimSnapshots,
  type SnapshotVehicle,
} from '../repositories/inventory-history';
import { automaticNotes, managedCampaignStates, recordAutomaticAnnotations } from '../repositories/annotations';

type Row = Record<string, unknown>;

/** Where each entity lands and how a validated row becomes a table row. */
interface Target {
  table: PgTable;
  /** Table property names of the natural key (the conflict target). */
  key: string[];
  toRow(row: Row, context: Context): Row;
}

interface Context {
  /** client_campaign_id → dealership_id, from the database and the files being loaded. */
  campaignDealership: Map<number, number>;
}

// Rows are built as plain literals: spreading a shared `{ campaignId, date }` object into each
// (`...byCampaign(r)`) made building 200,000 daily rows take 10 s instead of 0.2 s (Node 20 via tsx).

const targets: Record<IngestionEntity, Target> = {
  dmas: {
    table: schema.dmas,
    key: ['dmaCode'],
    toRow: (r) => ({ dmaCode: r.dma_code, rank: r.rank, name: r.name, tvHomes: r.tv_homes, pctOfUs: r.pct_of_us }),
  },
  zip_dmas: {
    table: schema.zipDmas,
    key: ['zipCode'],
    toRow: (r) => ({ zipCode: r.zip_code, dmaCode: r.dma_code, dmaDescription: r.dma_description }),
  },
  organizations: {
    table: schema.organizations,
    key: ['id'],
    toRow: (r) => ({ id: r.id, name: r.name, showBudgetType: r.show_budget_type, timeZone: r.time_zone }),
  },
  dealerships: {
    table: schema.dealerships,
    key: ['id'],
    toRow: (r) => ({
      id: r.id,
      organizationId: r.organization_id,
      name: r.name,
      street: r.street,
      city: r.city,
      state: r.state,
      zip: r.zip,
      dmaCode: r.dma_code,
      enableFacebookCampaignConversions: r.enable_facebook_campaign_conversions,
      hasSoldReportSource: r.has_sold_report_source,
    }),
  },
  inventory_vehicles: {
    table: schema.inventoryVehicles,
    key: ['dealershipId', 'vin'],
    // Make, model and trim normalised where they come in (issue 25 item 10: 'Alfa' / 'Romeo Giulia').
    toRow: (r) => ({
      dealershipId: r.dealership_id,
      vin: String(r.vin).toUpperCase(),
      stockNumber: r.stock_number,
      year: r.year,
      ...normalizeVehicleName({
        make: String(r.make),
        model: String(r.model),
        trim: r.trim === null || r.trim === undefined ? null : String(r.trim),
      }),
      bodyStyle: r.body_style,
      vehicleState: r.vehicle_state,
      price: r.price,
      mileage: r.mileage,
      exteriorColor: r.exterior_color,
      imageUrl: r.image_url,
      firstSeenDate: r.first_seen_date,
    }),
  },
  inventory_snapshots: {
    table: schema.inventorySnapshots,
    key: ['dealershipId', 'vin', 'snapshotDate'],
    toRow: (r) => ({
      dealershipId: r.dealership_id,
      vin: String(r.vin).toUpperCase(),
      snapshotDate: r.snapshot_date,
      price: r.price,
    }),
  },
  vehicle_sales: {
    table: schema.vehicleSales,
    key: ['dealershipId', 'vin', 'soldDate'],
    toRow: (r) => ({
      dealershipId: r.dealership_id,
      vin: String(r.vin).toUpperCase(),
      soldDate: r.sold_date,
      dealType: r.deal_type,
      salePrice: r.sale_price,
      frontGross: r.front_gross,
      backGross: r.back_gross,
      customerZip: r.customer_zip,
      grossDerived: r.gross_derived,
    }),
  },
  campaigns: {
    table: schema.managedCampaigns,
    key: ['id'],
    toRow: (r) => ({
      id: r.client_campaign_id,
      dealershipId: r.dealership_id,
      displayName: r.client_campaign_display_name,
      vendorCampaignName: r.vendor_campaign_name,
      campaignStatus: r.campaign_status,
      startDate: r.start_date,
      endDate: r.end_date,
      productCode: r.product_code,
      productName: r.product_name,
      campaignType: r.campaign_type,
      vendor: r.vendor,
      budget: r.budget,
      demandLocalNet: r.demand_local_net,
      bookedImpressions: r.booked_impressions,
      showRoas: r.show_roas,
      showSiteList: r.show_site_list,
      showAdPreviews: r.show_ad_previews,
    }),
  },
  campaign_daily_metrics: {
    table: schema.campaignDailyMetrics,
    key: ['campaignId', 'date'],
    toRow: (r, ctx) => ({
      campaignId: r.client_campaign_id,
      date: r.date,
      dealershipId: ctx.campaignDealership.get(r.client_campaign_id as number),
      impressions: r.impressions,
      clicks: r.clicks,
      views: r.views,
      reach: r.reach,
      spend: r.spend,
      conversions: r.conversions,
      sales: r.sales,
      calls: r.calls,
      leads: r.leads,
      video25: r.video_25,
      video50: r.video_50,
      video75: r.video_75,
      video100: r.video_100,
    }),
  },
  campaign_placements: {
    table: schema.campaignPlacements,
    key: ['campaignId', 'date', 'placement'],
    toRow: (r) => ({
      campaignId: r.client_campaign_id,
      date: r.date,
      placement: r.placement,
      impressions: r.impressions,
      clicks: r.clicks,
    }),
  },
  campaign_demographics: {
    table: schema.campaignDemographics,
    key: ['campaignId', 'date', 'ageGroup', 'gender'],
    toRow: (r) => ({
      campaignId: r.client_campaign_id,
      date: r.date,
      ageGroup: r.age_group,
      gender: r.gender,
      impressions: r.impressions,
      clicks: r.clicks,
    }),
  },
  campaign_dmas: {
    table: schema.campaignDmas,
    key: ['campaignId', 'date', 'dmaCode'],
    toRow: (r) => ({
      campaignId: r.client_campaign_id,
      date: r.date,
      dmaCode: r.dma_code,
      impressions: r.impressions,
      clicks: r.clicks,
    }),
  },
  campaign_sites: {
    table: schema.campaignSites,
    key: ['campaignId', 'date', 'site', 'creativeSize'],
    toRow: (r) => ({
      campaignId: r.client_campaign_id,
      date: r.date,
      site: r.site,
      creativeSize: r.creative_size,
      impressions: r.impressions,
      clicks: r.clicks,
    }),
  },
  campaign_creatives: {
    table: schema.campaignCreatives,
    key: ['campaignId', 'creativeId'],
    toRow: (r) => ({
      campaignId: r.client_campaign_id,
      creativeId: r.creative_id,
      creativeName: r.creative_name,
      creativeSize: r.creative_size,
      imageUrl: r.image_url,
    }),
  },
  campaign_creative_metrics: {
    table: schema.campaignCreativeMetrics,
    key: ['campaignId', 'date', 'creativeId'],
    toRow: (r) => ({
      campaignId: r.client_campaign_id,
      date: r.date,
      creativeId: r.creative_id,
      impressions: r.impressions,
      clicks: r.clicks,
    }),
  },
  campaign_vehicles: {
    table: schema.campaignVehicles,
    key: ['campaignId', 'date', 'vin'],
    toRow: (r) => ({
      campaignId: r.client_campaign_id,
      date: r.date,
      vin: String(r.vin).toUpperCase(),
      impressions: r.impressions,
      clicks: r.clicks,
    }),
  },
  campaign_keywords: {
    table: schema.campaignKeywords,
    key: ['campaignId', 'date', 'keywordId'],
    toRow: (r) => ({
      campaignId: r.client_campaign_id,
      date: r.date,
      keywordId: r.keyword_id,
      keyword: r.keyword,
      impressions: r.impressions,
      clicks: r.clicks,
      impressionShare: r.impression_share,
      clickShare: r.click_share,
    }),
  },
  campaign_conversions: {
    table: schema.campaignConversions,
    key: ['campaignId', 'date', 'tagId'],
    toRow: (r) => ({
      campaignId: r.client_campaign_id,
      date: r.date,
      tagId: r.tag_id,
      tagName: r.tag_name,
      type: r.type,
      count: r.count,
      timeToConvertDays: r.time_to_convert_days,
      uniqueSiteVisitors: r.unique_site_visitors,
      monetaryValue: r.monetary_value,
    }),
  },
  campaign_utms: {
    table: schema.campaignUtms,
    key: ['campaignId', 'date', 'utmSource', 'utmCampaign'],
    toRow: (r) => ({
      campaignId: r.client_campaign_id,
      date: r.date,
      utmSource: r.utm_source,
      utmCampaign: r.utm_campaign,
      count: r.count,
    }),
  },
  campaign_audience_sizes: {
    table: schema.campaignAudienceSizes,
    key: ['campaignId', 'date'],
    toRow: (r) => ({ campaignId: r.client_campaign_id, date: r.date, audienceSize: r.audience_size }),
  },
  campaign_leads: {
    table: schema.campaignLeads,
    key: ['leadId'],
    toRow: (r) => ({
      leadId: r.lead_id,
      campaignId: r.client_campaign_id,
      datetime: r.datetime,
      leadType: r.lead_type,
      contactName: r.contact_name,
      vehicleVin: r.vehicle_vin === null ? null : String(r.vehicle_vin).toUpperCase(),
      status: r.status,
    }),
  },
  campaign_locations: {
    table: schema.campaignLocations,
    key: ['campaignId', 'date', 'locationName'],
    toRow: (r) => ({
      campaignId: r.client_campaign_id,
      date: r.date,
      locationName: r.location_name,
      latitude: r.latitude,
      longitude: r.longitude,
      visits: r.visits,
    }),
  },
  campaign_events: {
    table: schema.campaignEvents,
    key: ['campaignId', 'eventId'],
    toRow: (r) => ({
      campaignId: r.client_campaign_id,
      eventId: r.event_id,
      eventName: r.event_name,
      eventDate: r.event_date,
      address: r.address,
      latitude: r.latitude,
      longitude: r.longitude,
      impressions: r.impressions,
      clicks: r.clicks,
      attendees: r.attendees,
    }),
  },
  phone_calls: {
    table: schema.phoneCalls,
    key: ['phoneCallVendorId'],
    toRow: (r) => ({
      phoneCallVendorId: r.phone_call_vendor_id,
      campaignId: r.client_campaign_id,
      phoneNumber: r.phone_number,
      datetime: r.datetime,
      duration: r.duration,
      recordingKey: r.recording_file,
    }),
  },
};

/** Which already-loaded or in-flight ids each reference must point at. */
async function checkReferences(db: Db, files: ParsedFile[], errors: IngestionError[]): Promise<Context> {
  const ofEntity = (entity: IngestionEntity) => files.find((f) => f.entity === entity)?.rows ?? [];
  const ids = (entity: IngestionEntity, column: string) =>
    new Set(ofEntity(entity).map((r) => r.value[column] as number));

  const referenced = <T>(entity: IngestionEntity, column: string) => [
    ...new Set(ofEntity(entity).map((r) => r.value[column] as T)),
  ];

  const organizationIds = ids('organizations', 'id');
  const orgRefs = referenced<number>('dealerships', 'organization_id').filter((id) => !organizationIds.has(id));
  if (orgRefs.length > 0) {
    const found = await db
      .select({ id: schema.organizations.id })
      .from(schema.organizations)
      .where(inArray(schema.organizations.id, orgRefs));
    found.forEach((row) => organizationIds.add(row.id));
  }

  const dealershipIds = ids('dealerships', 'id');
  const dealerRefs = [
    ...referenced<number>('campaigns', 'dealership_id'),
    ...referenced<number>('inventory_vehicles', 'dealership_id'),
    ...referenced<number>('inventory_snapshots', 'dealership_id'),
    ...referenced<number>('vehicle_sales', 'dealership_id'),
  ].filter((id) => !dealershipIds.has(id));
  if (dealerRefs.length > 0) {
    const found = await db
      .select({ id: schema.dealerships.id })
      .from(schema.dealerships)
      .where(inArray(schema.dealerships.id, [...new Set(dealerRefs)]));
    found.forEach((row) => dealershipIds.add(row.id));
  }

  const campaignDealership = new Map<number, number>();
  for (const row of ofEntity('campaigns'))
    campaignDealership.set(row.value.client_campaign_id as number, row.value.dealership_id as number);
  const campaignEntities = ingestionOrder.filter((e) => e.startsWith('campaign_') || e === 'phone_calls');
  const campaignRefs = [
    ...new Set(campaignEntities.flatMap((e) => referenced<number>(e, 'client_campaign_id'))),
  ].filter((id) => !campaignDealership.has(id));
  for (let i = 0; i < campaignRefs.length; i += 5000) {
    const chunk = campaignRefs.slice(i, i + 5000);
    const found = await db
      .select({ id: schema.managedCampaigns.id, dealershipId: schema.managedCampaigns.dealershipId })
      .from(schema.managedCampaigns)
      .where(inArray(schema.managedCampaigns.id, chunk));
    found.forEach((row) => campaignDealership.set(row.id, row.dealershipId));
  }

  const missing = (file: ParsedFile, column: string, known: (id: number) => boolean, what: string) => {
    for (const row of file.rows) {
      const id = row.value[column] as number;
      if (!known(id)) errors.push({ file: file.file, line: row.line, column, message: `${what} ${id} does not exist` });
    }
  };
  for (const file of files) {
    if (file.entity === 'dealerships')
      missing(file, 'organization_id', (id) => organizationIds.has(id), 'Organization');
    if (
      file.entity === 'campaigns' ||
      file.entity === 'inventory_vehicles' ||
      file.entity === 'inventory_snapshots' ||
      file.entity === 'vehicle_sales'
    )
      missing(file, 'dealership_id', (id) => dealershipIds.has(id), 'Dealership');
    if (campaignEntities.includes(file.entity))
      missing(file, 'client_campaign_id', (id) => campaignDealership.has(id), 'Campaign');
  }
  return { campaignDealership };
}

/** PostgreSQL allows 65,535 bind parameters per statement (the row-by-row fallback). */
const MAX_PARAMETERS = 60_000;

/** Rows per `INSERT … SELECT FROM unnest(…)` statement: one array parameter per column. */
const UNNEST_BATCH = 50_000;

/**
 * One upsert statement for a batch of rows whose every property is set (null allowed): each column
 * travels as one typed array parameter and `unnest` turns them back into rows, so the statement
 * has as many parameters as the table has columns instead of rows × columns — PostgreSQL parses
 * and plans it once, and the driver sends each array as a single value.
 */
function unnestUpsert(target: Target, columns: Record<string, PgColumn>, keys: string[], batch: Row[]): SQL {
  const names = sql.join(
    keys.map((k) => sql.identifier(columns[k]!.name)),
    sql`, `,
  );
  const arrays = sql.join(
    keys.map((k) => {
      const column = columns[k]!;
      const values = batch.map((row) => (row[k] === null ? null : column.mapToDriverValue(row[k])));
      return sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`;
    }),
    sql`, `,
  );
  const conflict = sql.join(
    target.key.map((k) => sql.identifier(columns[k]!.name)),
    sql`, `,
  );
  const updatable = keys.filter((k) => !target.key.includes(k));
  const table = getTableName(target.table);
  const set = updatable.map(
    (k) => sql`${sql.identifier(columns[k]!.name)} = excluded.${sql.identifier(columns[k]!.name)}`,
  );
  if (touchesUpdatedAt(columns, keys)) set.push(sql`updated_at = now()`);
  const action =
    updatable.length === 0
      ? sql`do nothing`
      : sql`do update set ${sql.join(set, sql`, `)} where (${sql.join(
          updatable.map((k) => sql`${sql.identifier(table)}.${sql.identifier(columns[k]!.name)}`),
          sql`, `,
        )}) is distinct from (${sql.join(
          updatable.map((k) => sql`excluded.${sql.identifier(columns[k]!.name)}`),
          sql`, `,
        )})`;
  return sql`with written as (insert into ${target.table} (${names}) select * from unnest(${arrays}) on conflict (${conflict}) ${action} returning (xmax = 0) as inserted)
    select count(*) filter (where inserted)::int as inserted, count(*) filter (where not inserted)::int as updated from written`;
}

/**
 * A table with an `updated_at` the file does not set: a changed row's `updated_at` becomes the
 * transaction's time (an unchanged row keeps its own, see the IS DISTINCT FROM of the upserts).
 */
function touchesUpdatedAt(columns: Record<string, PgColumn>, keys: string[]) {
  return 'updatedAt' in columns && columns.updatedAt!.name === 'updated_at' && !keys.includes('updatedAt');
}

/** Rows a write inserted and updated (rows of the file that were neither are unchanged). */
export interface WriteCounts {
  inserted: number;
  updated: number;
}

/**
 * A column's value as a CSV field for COPY: unquoted empty is NULL; a number (or the text the
 * driver makes of one, e.g. `numeric`'s String) as its digits; everything else quoted.
 */
function csvField(column: PgColumn, value: unknown): string {
  if (value === null || value === undefined) return '';
  const mapped = column.mapToDriverValue(value);
  if (mapped === null || mapped === undefined) return '';
  const text = String(mapped);
  if (typeof mapped === 'number' || (typeof value === 'number' && text === String(value))) return text;
  return text.includes('"') ? `"${text.replaceAll('"', '""')}"` : `"${text}"`;
}

/**
 * PostgreSQL: the rows go by COPY (CSV) into a temporary table shaped like the target, then one
 * `INSERT … SELECT … ON CONFLICT (key) DO UPDATE … WHERE (columns) IS DISTINCT FROM (new values)`
 * moves them in, in key order (the primary key's pages are visited in turn): no bind parameters,
 * one statement to plan, and rows that did not change are neither rewritten nor their indexes touched.
 */
async function copyUpsert(
  client: pg.PoolClient,
  target: Target,
  columns: Record<string, PgColumn>,
  keys: string[],
  rows: Row[],
) {
  const table = getTableName(target.table);
  const staging = `ingest_${table}`;
  const names = keys.map((k) => `"${columns[k]!.name}"`);
  const fieldColumns = keys.map((k) => columns[k]!);
  await client.query(`create temp table "${staging}" (like "${table}" including defaults) on commit drop`);
  const lines = Readable.from(
    (function* () {
      for (let i = 0; i < rows.length; i += 2000) {
        let chunk = '';
        for (let r = i; r < Math.min(i + 2000, rows.length); r++) {
          const row = rows[r]!;
          let line = csvField(fieldColumns[0]!, row[keys[0]!]);
          for (let c = 1; c < keys.length; c++) line += `,${csvField(fieldColumns[c]!, row[keys[c]!])}`;
          chunk += `${line}\n`;
        }
        yield chunk;
      }
    })(),
  );
  await pipeline(lines, client.query(copyFrom(`copy "${staging}" (${names.join(', ')}) from stdin with (format csv)`)));
  const conflict = target.key.map((k) => `"${columns[k]!.name}"`).join(', ');
  const updatable = keys.filter((k) => !target.key.includes(k)).map((k) => `"${columns[k]!.name}"`);
  const set = updatable.map((c) => `${c} = excluded.${c}`);
  if (touchesUpdatedAt(columns, keys)) set.push('updated_at = now()');
  const action =
    updatable.length === 0
      ? 'do nothing'
      : `do update set ${set.join(', ')} where (${updatable
          .map((c) => `"${table}".${c}`)
          .join(', ')}) is distinct from (${updatable.map((c) => `excluded.${c}`).join(', ')})`;
  const result = await client.query<{ inserted: number; updated: number }>(
    `with written as (insert into "${table}" (${names.join(', ')}) select ${names.join(', ')} from "${staging}" order by ${conflict} on conflict (${conflict}) ${action} returning (xmax = 0) as inserted)
    select count(*) filter (where inserted)::int as inserted, count(*) filter (where not inserted)::int as updated from written`,
  );
  await client.query(`drop table "${staging}"`);
  return { inserted: Number(result.rows[0]?.inserted ?? 0), updated: Number(result.rows[0]?.updated ?? 0) };
}

/** Writes one validated file inside the transaction `tx` (`client`: its PostgreSQL connection, for COPY). */
async function writeFile(
  tx: Db,
  file: ParsedFile,
  context: Context,
  client: pg.PoolClient | null,
): Promise<WriteCounts> {
  const target = targets[file.entity];
  const columns = getTableColumns(target.table);
  const keyColumns = target.key.map((k) => columns[k]!);
  const rows = file.rows.map((r) => target.toRow(r.value, context));
  const counts: WriteCounts = { inserted: 0, updated: 0 };
  if (rows.length === 0) return counts;
  const keys = Object.keys(rows[0]!);
  // Every row names every column (the contracts default what a file leaves out): COPY on
  // PostgreSQL, one array per column on PGlite. A row without some property would need the
  // column's DEFAULT, which neither can express, so such a file takes the multi-row VALUES path.
  if (rows.every((row) => keys.every((k) => row[k] !== undefined))) {
    if (client) return copyUpsert(client, target, columns, keys, rows);
    for (let i = 0; i < rows.length; i += UNNEST_BATCH) {
      const result = await tx.execute<{ inserted: number; updated: number }>(
        unnestUpsert(target, columns, keys, rows.slice(i, i + UNNEST_BATCH)),
      );
      const [row] = (result as unknown as { rows: Array<{ inserted: number; updated: number }> }).rows;
      counts.inserted += Number(row?.inserted ?? 0);
      counts.updated += Number(row?.updated ?? 0);
    }
    return counts;
  }
  const updatable = keys.filter((k) => !target.key.includes(k));
  const set = Object.fromEntries(updatable.map((k) => [k, sql.raw(`excluded."${columns[k]!.name}"`)]));
  const batchSize = Math.max(1, Math.floor(MAX_PARAMETERS / keys.length));
  for (let i = 0; i < rows.length; i += batchSize) {
    const batch = rows.slice(i, i + batchSize);
    const insert = tx.insert(target.table).values(batch as never);
    const written =
      updatable.length === 0
        ? await insert.onConflictDoNothing({ target: keyColumns }).returning({ inserted: sql<boolean>`(xmax = 0)` })
        : await insert
            .onConflictDoUpdate({ target: keyColumns, set })
            .returning({ inserted: sql<boolean>`(xmax = 0)` });
    for (const row of written) counts[row.inserted ? 'inserted' : 'updated'] += 1;
  }
  return counts;
}

/**
 * Freshness of the file set (issue 21 §1, docs/trust.md): a file set's daily metrics are complete
 * through their newest day (a campaign without a row on a day delivered nothing that day), so every
 * campaign with daily metrics in the files reaches that day — never moving back on a re-load of
 * older days — and its data arrived now (the transaction's time).
 */
async function recordFreshness(tx: Db, files: ParsedFile[]) {
  const daily = files.find((f) => f.entity === 'campaign_daily_metrics');
  if (!daily || daily.rows.length === 0) return;
  let through = '';
  const campaigns = new Set<number>();
  for (const row of daily.rows) {
    campaigns.add(row.value.client_campaign_id as number);
    const date = String(row.value.date);
    if (date > through) through = date;
  }
  const newest = new Map([...campaigns].map((id) => [id, through]));
  const entries = [...newest.entries()];
  for (let i = 0; i < entries.length; i += 5000) {
    const chunk = entries.slice(i, i + 5000);
    await tx.execute(sql`insert into campaign_freshness (campaign_id, data_through, arrived_at)
      select id, day, now() from unnest(${sql.param(chunk.map(([id]) => id))}::int[], ${sql.param(chunk.map(([, day]) => day))}::date[]) as t(id, day)
      on conflict (campaign_id) do update set
        data_through = greatest(campaign_freshness.data_through, excluded.data_through),
        arrived_at = excluded.arrived_at`);
  }
}

/**
 * Writes the validated files of one transaction, then the automatic notes (issue 21 §4,
 * docs/trust.md "Annotations") of every existing campaign whose budget or status the campaigns
 * file changed: `budget_change`, `pause` (to 'paused'), `play` (from 'paused' to 'active'), dated
 * today in the agency's zone. A new campaign gets none (its flight start is its note).
 */
async function writeAll(
  tx: Db,
  ordered: ParsedFile[],
  context: Context,
  client: pg.PoolClient | null,
  now: Date,
): Promise<Map<IngestionEntity, WriteCounts>> {
  const campaigns = ordered.find((f) => f.entity === 'campaigns');
  const ids = (campaigns?.rows ?? []).map((row) => row.value.client_campaign_id as number);
  const before = ids.length > 0 ? await managedCampaignStates(tx, ids) : new Map();
  const counts = new Map<IngestionEntity, WriteCounts>();
  for (const file of ordered) counts.set(file.entity, await writeFile(tx, file, context, client));
  await recordFreshness(tx, ordered);
  await recordInventoryHistory(tx, ordered, now);
  const notes = (campaigns?.rows ?? []).flatMap((row) => {
    const id = row.value.client_campaign_id as number;
    const previous = before.get(id);
    if (!previous) return [];
    const budget = row.value.budget;
    const after = {
      budget: budget === null || budget === undefined || budget === '' ? null : Number(budget),
      status: String(row.value.campaign_status),
    };
    return automaticNotes(previous, after).map((note) => ({ campaignId: id, ...note }));
  });
  await recordAutomaticAnnotations(tx, { kind: 'managed', notes, now: new Date() });
  return counts;
}

/**
 * Inventory history (docs/ingestion.md "Inventory history"): an `inventory_vehicles` file is the
 * full lot of each dealership it names, so each of them gets a snapshot dated the load day in its
 * agency's time zone — unless the same upload carries that dealership's `inventory_snapshots`
 * (its history, given explicitly: the demo). Then every such dealership's first-seen and gone
 * dates are derived from its snapshots.
 */
async function recordInventoryHistory(tx: Db, files: ParsedFile[], now: Date) {
  const inventory = files.find((f) => f.entity === 'inventory_vehicles');
  const snapshots = files.find((f) => f.entity === 'inventory_snapshots');
  const explicit = new Set<number>();
  const days = new Map<string, { dealershipId: number; date: string; vins: string[] }>();
  for (const row of snapshots?.rows ?? []) {
    const dealershipId = row.value.dealership_id as number;
    const date = String(row.value.snapshot_date);
    explicit.add(dealershipId);
    let day = days.get(`${dealershipId} ${date}`);
    if (!day) days.set(`${dealershipId} ${date}`, (day = { dealershipId, date, vins: [] }));
    day.vins.push(String(row.value.vin).toUpperCase());
  }
  for (const day of days.values()) await trimSnapshots(tx, day.dealershipId, [day]);
  const loads = new Map<number, SnapshotVehicle[]>();
  for (const row of inventory?.rows ?? []) {
    const id = row.value.dealership_id as number;
    if (explicit.has(id)) continue;
    let list = loads.get(id);
    if (!list) loads.set(id, (list = []));
    list.push({ vin: String(row.value.vin), price: (row.value.price as number | null) ?? null });
  }
  if (loads.size > 0) {
    const zones = await tx
      .select({ id: schema.dealerships.id, timeZone: schema.organizations.timeZone })
      .from(schema.dealerships)
      .innerJoin(schema.organizations, eq(schema.organizations.id, schema.dealerships.organizationId))
      .where(inArray(schema.dealerships.id, [...loads.keys()]));
    const zoneOf = new Map(zones.map((z) => [z.id, z.timeZone]));
    for (const [dealershipId, vehicles] of loads)
      await recordSnapshot(tx, {
        dealershipId,
        date: todayInZone(now, zoneOf.get(dealershipId) ?? 'America/Chicago'),
        vehicles,
      });
  }
  await refreshInventoryHistory(tx, [...new Set([...loads.keys(), ...explicit])]);
}

/**
 * Loads validated files in one transaction, in dependency order, upserting every row on its
 * natural key (re-loading the same files changes nothing; on PostgreSQL unchanged rows are not even
 * rewritten, see copyUpsert). References are checked first; on any
 * error nothing is written and the errors are returned.
 */
export async function ingestFiles(
  db: Db,
  files: ParsedFile[],
  options: { now?: Date } = {},
): Promise<
  | { ok: true; result: IngestionResult; counts: Map<IngestionEntity, WriteCounts> }
  | { ok: false; errors: IngestionError[] }
> {
  const now = options.now ?? new Date();
  let counts = new Map<IngestionEntity, WriteCounts>();
  const errors: IngestionError[] = [];
  const seen = new Map<IngestionEntity, string>();
  for (const file of files) {
    const other = seen.get(file.entity);
    if (other)
      errors.push({
        file: file.file,
        line: null,
        column: null,
        message: `Same entity as ${other}: send one file per entity`,
      });
    seen.set(file.entity, file.file);
  }
  if (errors.length > 0) return { ok: false, errors };

  const context = await checkReferences(db, files, errors);
  if (errors.length > 0) return { ok: false, errors };

  const ordered = [...files].sort((a, b) => ingestionOrder.indexOf(a.entity) - ingestionOrder.indexOf(b.entity));
  const pool = (db as { $client?: unknown }).$client;
  if (pool instanceof pg.Pool) {
    // PostgreSQL: one client for the whole transaction, so COPY runs inside it.
    const client = await pool.connect();
    try {
      await client.query('begin');
      const tx = drizzle(client, { schema }) as unknown as Db;
      counts = await writeAll(tx, ordered, context, client, now);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  } else {
    await db.transaction(async (tx) => {
      counts = await writeAll(tx as unknown as Db, ordered, context, null, now);
    });
  }
  return {
    ok: true,
    result: { files: ordered.map((f) => ({ file: f.file, entity: f.entity, rows: f.rows.length })) },
    counts,
  };
}
