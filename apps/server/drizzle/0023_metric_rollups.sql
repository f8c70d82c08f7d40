CREATE TABLE "campaign_delivery_totals" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"spend" numeric(16, 2) DEFAULT 0 NOT NULL,
	"first_date" date,
	"last_date" date
);
--> statement-breakpoint
CREATE TABLE "dealership_daily_metrics" (
	"dealership_id" integer NOT NULL,
	"date" date NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend" numeric(16, 2) DEFAULT 0 NOT NULL,
	"leads" bigint DEFAULT 0 NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "dealership_daily_metrics_dealership_id_date_pk" PRIMARY KEY("dealership_id","date")
);
--> statement-breakpoint
-- The roll-ups are kept by statement triggers on campaign_daily_metrics (src/db/schema/rollups.ts):
-- each statement adds the difference of its rows (new rows minus old rows), grouped and in key
-- order so concurrent writers lock roll-up rows in the same order. A campaign's first_date/last_date
-- bound the days it has rows: widened by every write, never narrowed (a deleted day leaves them
-- loose but still true), so pacing skips its outside-the-window probe when they lie inside the flight.
CREATE FUNCTION portal_rollup_metrics_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dealership_daily_metrics AS t (dealership_id, date, impressions, clicks, spend, leads, calls, sales)
  SELECT dealership_id, date, sum(impressions), sum(clicks), sum(spend), sum(leads), sum(calls), sum(sales)
  FROM portal_rollup_new GROUP BY dealership_id, date ORDER BY dealership_id, date
  ON CONFLICT (dealership_id, date) DO UPDATE SET impressions = t.impressions + excluded.impressions,
    clicks = t.clicks + excluded.clicks, spend = t.spend + excluded.spend, leads = t.leads + excluded.leads,
    calls = t.calls + excluded.calls, sales = t.sales + excluded.sales;
  INSERT INTO campaign_delivery_totals AS t (campaign_id, impressions, spend, first_date, last_date)
  SELECT campaign_id, sum(impressions), sum(spend), min(date), max(date) FROM portal_rollup_new GROUP BY campaign_id ORDER BY campaign_id
  ON CONFLICT (campaign_id) DO UPDATE SET impressions = t.impressions + excluded.impressions, spend = t.spend + excluded.spend,
    first_date = least(t.first_date, excluded.first_date), last_date = greatest(t.last_date, excluded.last_date);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_rollup_metrics_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dealership_daily_metrics AS t (dealership_id, date, impressions, clicks, spend, leads, calls, sales)
  SELECT dealership_id, date, sum(impressions), sum(clicks), sum(spend), sum(leads), sum(calls), sum(sales)
  FROM (
    SELECT dealership_id, date, impressions, clicks, spend, leads, calls, sales FROM portal_rollup_new
    UNION ALL
    SELECT dealership_id, date, -impressions, -clicks, -spend, -leads, -calls, -sales FROM portal_rollup_old
  ) d GROUP BY dealership_id, date ORDER BY dealership_id, date
  ON CONFLICT (dealership_id, date) DO UPDATE SET impressions = t.impressions + excluded.impressions,
    clicks = t.clicks + excluded.clicks, spend = t.spend + excluded.spend, leads = t.leads + excluded.leads,
    calls = t.calls + excluded.calls, sales = t.sales + excluded.sales;
  INSERT INTO campaign_delivery_totals AS t (campaign_id, impressions, spend, first_date, last_date)
  SELECT campaign_id, sum(impressions), sum(spend), min(date), max(date) FROM (
    SELECT campaign_id, date, impressions, spend FROM portal_rollup_new
    UNION ALL
    SELECT campaign_id, date, -impressions, -spend FROM portal_rollup_old
  ) d GROUP BY campaign_id ORDER BY campaign_id
  ON CONFLICT (campaign_id) DO UPDATE SET impressions = t.impressions + excluded.impressions, spend = t.spend + excluded.spend,
    first_date = least(t.first_date, excluded.first_date), last_date = greatest(t.last_date, excluded.last_date);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_rollup_metrics_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dealership_daily_metrics AS t (dealership_id, date, impressions, clicks, spend, leads, calls, sales)
  SELECT dealership_id, date, -sum(impressions), -sum(clicks), -sum(spend), -sum(leads), -sum(calls), -sum(sales)
  FROM portal_rollup_old GROUP BY dealership_id, date ORDER BY dealership_id, date
  ON CONFLICT (dealership_id, date) DO UPDATE SET impressions = t.impressions + excluded.impressions,
    clicks = t.clicks + excluded.clicks, spend = t.spend + excluded.spend, leads = t.leads + excluded.leads,
    calls = t.calls + excluded.calls, sales = t.sales + excluded.sales;
  INSERT INTO campaign_delivery_totals AS t (campaign_id, impressions, spend)
  SELECT campaign_id, -sum(impressions), -sum(spend) FROM portal_rollup_old GROUP BY campaign_id ORDER BY campaign_id
  ON CONFLICT (campaign_id) DO UPDATE SET impressions = t.impressions + excluded.impressions, spend = t.spend + excluded.spend;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_rollup_metrics_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE dealership_daily_metrics, campaign_delivery_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portal_rollup_insert AFTER INSERT ON campaign_daily_metrics REFERENCING NEW TABLE AS portal_rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION portal_rollup_metrics_insert();
--> statement-breakpoint
CREATE TRIGGER portal_rollup_update AFTER UPDATE ON campaign_daily_metrics
  REFERENCING OLD TABLE AS portal_rollup_old NEW TABLE AS portal_rollup_new
  FOR EACH STATEMENT EXECUTE FUNCTION portal_rollup_metrics_update();
--> statement-breakpoint
CREATE TRIGGER portal_rollup_delete AFTER DELETE ON campaign_daily_metrics REFERENCING OLD TABLE AS portal_rollup_old
  FOR EACH STATEMENT EXECUTE FUNCTION portal_rollup_metrics_delete();
--> statement-breakpoint
CREATE TRIGGER portal_rollup_truncate AFTER TRUNCATE ON campaign_daily_metrics
  FOR EACH STATEMENT EXECUTE FUNCTION portal_rollup_metrics_truncate();
--> statement-breakpoint
INSERT INTO dealership_daily_metrics (dealership_id, date, impressions, clicks, spend, leads, calls, sales)
SELECT dealership_id, date, sum(impressions), sum(clicks), sum(spend), sum(leads), sum(calls), sum(sales)
FROM campaign_daily_metrics GROUP BY dealership_id, date;
--> statement-breakpoint
INSERT INTO campaign_delivery_totals (campaign_id, impressions, spend, first_date, last_date)
SELECT campaign_id, sum(impressions), sum(spend), min(date), max(date) FROM campaign_daily_metrics GROUP BY campaign_id;
