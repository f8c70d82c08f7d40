import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Change notifications (docs/performance.md, "Response cache"): a write to a table of the `public`
 * schema sends `NOTIFY` when its transaction commits — statement triggers installed by `migrate()`
 * on every table, so tables added later are covered without anyone remembering to. Server processes
 * listen and drop what they keep.
 *
 * - `portal_data_changed`: any table but `UNWATCHED_TABLES` — the response cache drops the answers
 *   the change can reach. The payload names what changed (`DataChange`, `parseDataChange`):
 *   `kind:organization:dealership`, e.g. `campaigns:1:101`; an empty organization or dealership
 *   means "every one" (`campaigns::` after a TRUNCATE, or rows whose tenant could not be found).
 *   Each statement's triggers read the rows it wrote from transition tables
 *   (`REFERENCING NEW TABLE / OLD TABLE`) and send one notification per tenant they touched, not
 *   per row; PostgreSQL folds identical notifications of one transaction into one, sent at commit.
 * - `portal_auth_changed`: the tables a session's user and tenancy are read from (`AUTH_TABLES`) —
 *   the session cache of plugins/app/auth.ts empties (sign-out, a changed role or membership).
 */
export const DATA_CHANGED_CHANNEL = 'portal_data_changed';
export const AUTH_CHANGED_CHANNEL = 'portal_auth_changed';
export type ChangeChannel = typeof DATA_CHANGED_CHANNEL | typeof AUTH_CHANGED_CHANNEL;
const CHANNELS: readonly ChangeChannel[] = [DATA_CHANGED_CHANNEL, AUTH_CHANGED_CHANNEL];

/**
 * Tables whose writes do not send `portal_data_changed`: nothing a cached answer holds is read from
 * them, and they are written on every sign-in or page view.
 */
export const UNWATCHED_TABLES = [
  'sessions',
  'login_failures',
  'analytics_events',
  'report_quota_events',
  // Written on every state-changing request and by reset requests; no kept answer reads them (issue 23).
  'audit_events',
  'password_reset_tokens',
  // The log of every ingestion and sync attempt (issue 21): only the Data health page reads it, and
  // that answer is never kept; an ingestion's data tables name their own tenants.
  'sync_runs',
  // Alerts (issue 21 §3): re-evaluated after every ingestion and sync and on a timer; the alert
  // centre and the overview's open-alert column read them uncached.
  'alerts',
  'alert_comments',
  // Annotations (issue 21 §4): read only by the notes list of a chart, an uncached answer (the
  // report answers the response cache keeps do not carry them), and by the PDF, built on request.
  'annotations',
  // Roll-ups of campaign_daily_metrics (issue 24 §2), written by its triggers in the same statement,
  // and the totals' copies of campaign_freshness and managed_campaigns, written by those tables': the
  // written table's own notification already names every tenant they change.
  'dealership_daily_metrics',
  'dealership_monthly_metrics',
  'campaign_delivery_totals',
] as const;

/** Tables whose writes send `portal_auth_changed`: what `findSessionTenant` reads. */
export const AUTH_TABLES = ['dealerships', 'organizations', 'sessions', 'user_dealerships', 'users'] as const;

/**
 * What a `portal_data_changed` notification names: the kind of data (`DATA_KINDS`, or `data` for a
 * table not listed there) and the tenant it touched. `organizationId` and `dealershipId` are null
 * when the change reaches every organization or every dealership (of the organization, if that is set).
 */
export interface DataChange {
  kind: string;
  organizationId: number | null;
  dealershipId: number | null;
}

/** Reads a `portal_data_changed` payload (`kind:organization:dealership`); anything else (e.g. '') is a change of everything. */
export function parseDataChange(payload: string): DataChange {
  const [kind = '', organization = '', dealership = ''] = payload.split(':');
  const id = (text: string) => (/^[0-9]+$/.test(text) ? Number(text) : null);
  return { kind: kind || 'data', organizationId: id(organization), dealershipId: id(dealership) };
}

/**
 * How the rows of a statement name their tenant: a query over the changed rows (`{rows}`, a
 * transition table) that answers distinct `organization_id, dealership_id` pairs. A null column in
 * a pair means "every one": a row whose tenant cannot be found (e.g. a child row deleted by the
 * cascade of its campaign, already gone) empties more, never less.
 */
const byDealership = (column = 'dealership_id') =>
  `SELECT DISTINCT d.organization_id, x.dealership_id FROM (SELECT DISTINCT ${column} AS dealership_id FROM {rows}) x LEFT JOIN dealerships d ON d.id = x.dealership_id`;
const byTenantColumns = 'SELECT DISTINCT organization_id, dealership_id FROM {rows}';
const byOrganization = (column = 'organization_id') =>
  `SELECT DISTINCT ${column} AS organization_id, NULL::integer AS dealership_id FROM {rows}`;
const byParent = (parent: string, column: string) =>
  `SELECT DISTINCT p.organization_id, p.dealership_id FROM (SELECT DISTINCT ${column} AS id FROM {rows}) x LEFT JOIN (SELECT y.id, coalesce(y.organization_id, d.organization_id) AS organization_id, y.dealership_id FROM ${parent} y LEFT JOIN dealerships d ON d.id = y.dealership_id) p ON p.id = x.id`;
const byManagedCampaign = `SELECT DISTINCT d.organization_id, c.dealership_id FROM (SELECT DISTINCT campaign_id FROM {rows}) x LEFT JOIN managed_campaigns c ON c.id = x.campaign_id LEFT JOIN dealerships d ON d.id = c.dealership_id`;
const everyone = 'SELECT NULL::integer AS organization_id, NULL::integer AS dealership_id';

interface WatchedTable {
  /** The kind of data, named in the payload; caches choose by it (http-cache.ts ignores `RESPONSE_CACHE_IGNORED_KINDS`). */
  kind: string;
  /** The tenant query (see `byDealership`). */
  tenants: string;
}

const campaignData = (tenants: string): WatchedTable => ({ kind: 'campaigns', tenants });
const BREAKDOWN_TABLES = [
  'campaign_audience_sizes',
  'campaign_conversions',
  'campaign_creative_metrics',
  'campaign_creatives',
  'campaign_demographics',
  'campaign_dmas',
  'campaign_events',
  'campaign_keywords',
  'campaign_leads',
  'campaign_locations',
  'campaign_placements',
  'campaign_sites',
  'campaign_utms',
  'campaign_vehicles',
  'phone_calls',
];

/**
 * Every watched table whose writes name their tenant, with its kind of data. A table not listed
 * (reference data, or one added later) sends `data::` — a change of everything — so forgetting a
 * table costs kept answers, never correctness. Kinds:
 * - `campaigns`: managed campaigns, their daily metrics, breakdowns and freshness (ingestion, demo load);
 * - `self-service`: imported campaigns and their metrics, platform connections and account assignments;
 * - `inventory`: vehicles and saved audiences;
 * - `tenancy`: organizations, dealerships, users and their memberships, e-mail domains, invitations,
 *   an agency's pacing band;
 * - `drafts`: campaign drafts, their creatives and uploads (the wizard's autosave);
 * - `report-jobs`: report schedules, their runs and deliveries (job bookkeeping).
 */
export const DATA_KINDS: Readonly<Record<string, WatchedTable>> = {
  managed_campaigns: campaignData(byDealership()),
  campaign_daily_metrics: campaignData(byDealership()),
  ...Object.fromEntries(BREAKDOWN_TABLES.map((table) => [table, campaignData(byManagedCampaign)])),
  self_service_campaigns: { kind: 'self-service', tenants: byTenantColumns },
  self_service_daily_metrics: { kind: 'self-service', tenants: byParent('self_service_campaigns', 'campaign_id') },
  self_service_product_daily: { kind: 'self-service', tenants: byParent('self_service_campaigns', 'campaign_id') },
  platform_connections: { kind: 'self-service', tenants: byOrganization() },
  platform_account_assignments: { kind: 'self-service', tenants: byTenantColumns },
  inventory_vehicles: { kind: 'inventory', tenants: byDealership() },
  // Issue 22: inventory history and a dealership's sold vehicles (attribution reads both).
  inventory_snapshots: { kind: 'inventory', tenants: byDealership() },
  vehicle_sales: { kind: 'campaigns', tenants: byDealership() },
  audiences: { kind: 'inventory', tenants: byDealership() },
  organizations: { kind: 'tenancy', tenants: byOrganization('id') },
  organization_email_domains: { kind: 'tenancy', tenants: byOrganization() },
  dealerships: { kind: 'tenancy', tenants: 'SELECT DISTINCT organization_id, id AS dealership_id FROM {rows}' },
  users: { kind: 'tenancy', tenants: byOrganization() },
  user_invitations: { kind: 'tenancy', tenants: byOrganization() },
  user_dealerships: { kind: 'tenancy', tenants: byDealership() },
  campaign_drafts: { kind: 'drafts', tenants: byDealership() },
  campaign_draft_creatives: { kind: 'drafts', tenants: byDealership() },
  creative_uploads: { kind: 'drafts', tenants: byTenantColumns },
  report_schedules: { kind: 'report-jobs', tenants: byTenantColumns },
  report_schedule_runs: { kind: 'report-jobs', tenants: byParent('report_schedules', 'schedule_id') },
  report_deliveries: { kind: 'report-jobs', tenants: everyone },
  // Issue 21 §5: the delivery log of scheduled reports (the schedule list shows each one's newest).
  report_schedule_deliveries: { kind: 'report-jobs', tenants: byTenantColumns },
  // Issue 21: a campaign's freshness (written with its ingested rows) and an agency's pacing band.
  campaign_freshness: campaignData(byManagedCampaign),
  agency_trust_settings: { kind: 'tenancy', tenants: byOrganization() },
};

const list = (names: readonly string[]) => names.map((name) => `'${name}'`).join(', ');
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The body of a table's notifying function: one `pg_notify` per tenant pair of the statement's rows
 * (new rows of an INSERT, old and new rows of an UPDATE, old rows of a DELETE), one for everyone on TRUNCATE.
 */
function notifyingBody(table: WatchedTable): string {
  const send = (rows: string) => `FOR r IN ${table.tenants.replaceAll('{rows}', rows)} LOOP
      PERFORM pg_notify('${DATA_CHANGED_CHANNEL}', '${table.kind}:' || coalesce(r.organization_id::text, '') || ':' || coalesce(r.dealership_id::text, ''));
    END LOOP;`;
  return `
DECLARE r record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('${DATA_CHANGED_CHANNEL}', '${table.kind}::');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    ${send('portal_new_rows')}
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    ${send('portal_old_rows')}
  END IF;
  RETURN NULL;
END`;
}

/** The data triggers of each table: one per event, as transition tables allow only one event per trigger. */
export const DATA_TRIGGERS = {
  portal_data_insert: 'AFTER INSERT ON public.%I REFERENCING NEW TABLE AS portal_new_rows',
  portal_data_update: 'AFTER UPDATE ON public.%I REFERENCING OLD TABLE AS portal_old_rows NEW TABLE AS portal_new_rows',
  portal_data_delete: 'AFTER DELETE ON public.%I REFERENCING OLD TABLE AS portal_old_rows',
  portal_data_truncate: 'AFTER TRUNCATE ON public.%I',
} as const;

const WATCHED_BODIES = Object.entries(DATA_KINDS)
  .map(([name, table]) => `(${literal(name)}, ${literal(notifyingBody(table))})`)
  .join(', ');
const TRIGGER_ROWS = Object.entries(DATA_TRIGGERS)
  .map(([name, timing]) => `(${literal(name)}, ${literal(timing)})`)
  .join(', ');

/**
 * SQL that (re)creates the notifying functions — `portal_notify_changed()` for the auth channel and
 * one `portal_data_changed_{table}()` per watched table, replaced only when its body differs — and
 * adds each trigger to every table of the `public` schema that should have it and lacks it.
 * Idempotent; run after the migrations (migration 0012 dropped the earlier unscoped data triggers).
 * A statement trigger runs once per INSERT/UPDATE/DELETE/TRUNCATE/COPY statement, not per row.
 */
export const INSTALL_CHANGE_NOTIFICATIONS_SQL = `
CREATE OR REPLACE FUNCTION portal_notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END $$;
DO $$
DECLARE t record; e record; body text;
BEGIN
  FOR t IN
    SELECT c.oid, c.relname, w.body FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN (VALUES ${WATCHED_BODIES}) AS w(relname, body) ON w.relname = c.relname
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND c.relname NOT IN (${list(UNWATCHED_TABLES)})
  LOOP
    body := coalesce(t.body, ${literal(notifyingBody({ kind: 'data', tenants: everyone }))});
    IF NOT EXISTS (SELECT 1 FROM pg_proc p JOIN pg_namespace pn ON pn.oid = p.pronamespace
                   WHERE pn.nspname = 'public' AND p.proname = 'portal_data_changed_' || t.relname AND p.prosrc = body) THEN
      EXECUTE format('CREATE OR REPLACE FUNCTION public.%I() RETURNS trigger LANGUAGE plpgsql AS %L',
        'portal_data_changed_' || t.relname, body);
    END IF;
    FOR e IN SELECT * FROM (VALUES ${TRIGGER_ROWS}) AS x(name, timing) LOOP
      IF NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = t.oid AND g.tgname = e.name) THEN
        EXECUTE format('CREATE TRIGGER %I ' || e.timing || ' FOR EACH STATEMENT EXECUTE FUNCTION public.%I()',
          e.name, t.relname, 'portal_data_changed_' || t.relname);
      END IF;
    END LOOP;
  END LOOP;
  FOR t IN
    SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND c.relname IN (${list(AUTH_TABLES)})
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = '${AUTH_CHANGED_CHANNEL}')
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.%I '
      'FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_changed(%L)', '${AUTH_CHANGED_CHANNEL}', t.relname, '${AUTH_CHANGED_CHANNEL}');
  END LOOP;
END $$;
`;

const LISTEN_SQL = CHANNELS.map((channel) => `LISTEN ${channel};`).join(' ');
const asChannel = (name: string) => CHANNELS.find((channel) => channel === name);

/** What a listener is told: a committed change, and whether it is listening at all. */
export interface ChangeListener {
  /**
   * A transaction that wrote a watched table has committed (in this process or another); `payload`
   * is the notification's (for `portal_data_changed`, read it with `parseDataChange`).
   */
  changed(channel: ChangeChannel, payload: string): void;
  /**
   * Whether notifications can arrive. While false, changes may go unseen: a cache must neither
   * answer nor keep anything. Called with true once listening starts (again), false when it stops.
   */
  listening(up: boolean): void;
}

/** The notifications of a `pg` pool's connections, for `listenPostgres`. */
export interface PoolChangeFeed {
  /** The pool's `onConnect` hook: the new connection `LISTEN`s before it serves its first query. */
  onConnect(client: pg.ClientBase): Promise<void>;
  subscribe(changed: (channel: ChangeChannel, payload: string) => void): () => void;
}

/**
 * Makes every connection of a `pg` pool `LISTEN` as it opens (pass `onConnect` to the pool's
 * options), and passes their notifications on to the subscribers. A write made through the pool is
 * then seen by this process before the write's own promise resolves: PostgreSQL delivers a session's
 * own notifications at commit, before the command completes.
 */
export function poolChangeFeed(): PoolChangeFeed {
  const subscribers = new Set<(channel: ChangeChannel, payload: string) => void>();
  return {
    async onConnect(client) {
      client.on('notification', (message) => {
        const channel = asChannel(message.channel);
        if (channel) for (const changed of subscribers) changed(channel, message.payload ?? '');
      });
      await client.query(LISTEN_SQL);
    },
    subscribe(changed) {
      subscribers.add(changed);
      return () => subscribers.delete(changed);
    },
  };
}

/**
 * Listens on PostgreSQL: the pool's connections (`poolChangeFeed`), which come and go, and a
 * dedicated connection that is always there for changes made by other processes. The dedicated
 * connection reconnects (1 s, doubling to 10 s) after it is lost; `listening` follows it. Resolves,
 * after the first attempt to connect, to a function that stops.
 */
export async function listenPostgres(
  connectionString: string,
  feed: PoolChangeFeed,
  listener: ChangeListener,
): Promise<() => Promise<void>> {
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delayMs = 1_000;
  const unsubscribe = feed.subscribe((channel, payload) => listener.changed(channel, payload));

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    listener.listening(false);
    client.end().catch(() => {});
    schedule();
  };
  const schedule = () => {
    if (closed) return;
    retry = setTimeout(() => void connect(), delayMs);
    delayMs = Math.min(delayMs * 2, 10_000);
  };
  const connect = async () => {
    if (closed) return;
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000, keepAlive: true });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      const channel = asChannel(message.channel);
      if (channel) listener.changed(channel, message.payload ?? '');
    });
    current = client;
    try {
      await client.connect();
      await client.query(LISTEN_SQL);
    } catch {
      lost(client);
      return;
    }
    if (closed || current !== client) return;
    delayMs = 1_000;
    listener.listening(true);
  };
  // The first attempt is awaited: a server that starts with its database up starts listening.
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    unsubscribe();
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

/** Listens on the embedded PGlite: its notifications arrive as the committing statement completes. */
export async function listenPglite(pglite: PGlite, listener: ChangeListener): Promise<() => Promise<void>> {
  const unsubscribes = await Promise.all(
    CHANNELS.map((channel) => pglite.listen(channel, (payload) => listener.changed(channel, payload))),
  );
  listener.listening(true);
  return async () => {
    for (const unsubscribe of unsubscribes) await unsubscribe();
  };
}
