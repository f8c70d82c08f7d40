ALTER TABLE "campaign_delivery_totals" ADD COLUMN "last_day_impressions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_delivery_totals" ADD COLUMN "last_day_spend" numeric(16, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
-- campaign_delivery_totals.last_day_* hold the campaign's delivery on last_date exactly (0 when that
-- day has no row left): pacing's delivery to date is the total less that day when the day after the
-- pacing day is the campaign's last (src/db/schema/rollups.ts). Each statement's rows are grouped per
-- campaign with the newest day among them (d) and its delivery on that day; under the row lock of
-- ON CONFLICT (the newest committed totals row, t): a newer day than t.last_date starts the last day
-- afresh (no row can exist on it: last_date bounds every row), the same day adds, an older day leaves
-- it (portal_last_day). Only commutative additions under that lock, so concurrent writers of one
-- campaign stay exact.
CREATE FUNCTION portal_last_day(kept_date date, kept numeric, added_date date, added numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN kept_date IS NULL OR added_date > kept_date THEN added
    WHEN added_date = kept_date THEN kept + added ELSE kept END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_rollup_metrics_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dealership_daily_metrics AS t (dealership_id, date, impressions, clicks, spend, leads, calls, sales)
  SELECT dealership_id, date, sum(impressions), sum(clicks), sum(spend), sum(leads), sum(calls), sum(sales)
  FROM portal_rollup_new GROUP BY dealership_id, date ORDER BY dealership_id, date
  ON CONFLICT (dealership_id, date) DO UPDATE SET impressions = t.impressions + excluded.impressions,
    clicks = t.clicks + excluded.clicks, spend = t.spend + excluded.spend, leads = t.leads + excluded.leads,
    calls = t.calls + excluded.calls, sales = t.sales + excluded.sales;
  INSERT INTO campaign_delivery_totals AS t (campaign_id, impressions, spend, first_date, last_date, last_day_impressions, last_day_spend)
  SELECT campaign_id, sum(impressions), sum(spend), min(date), max(date),
    coalesce(sum(impressions) FILTER (WHERE date = newest), 0), coalesce(sum(spend) FILTER (WHERE date = newest), 0)
  FROM (SELECT campaign_id, date, impressions, spend, max(date) OVER (PARTITION BY campaign_id) newest FROM portal_rollup_new) d
  GROUP BY campaign_id ORDER BY campaign_id
  ON CONFLICT (campaign_id) DO UPDATE SET impressions = t.impressions + excluded.impressions, spend = t.spend + excluded.spend,
    first_date = least(t.first_date, excluded.first_date), last_date = greatest(t.last_date, excluded.last_date),
    last_day_impressions = portal_last_day(t.last_date, t.last_day_impressions, excluded.last_date, excluded.last_day_impressions),
    last_day_spend = portal_last_day(t.last_date, t.last_day_spend, excluded.last_date, excluded.last_day_spend);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_rollup_metrics_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- The old rows' days are at most t.last_date, so a newer day comes from a new row alone.
  INSERT INTO campaign_delivery_totals AS t (campaign_id, impressions, spend, first_date, last_date, last_day_impressions, last_day_spend)
  SELECT campaign_id, sum(impressions), sum(spend), min(date), max(date),
    coalesce(sum(impressions) FILTER (WHERE date = newest), 0), coalesce(sum(spend) FILTER (WHERE date = newest), 0)
  FROM (
    SELECT campaign_id, date, impressions, spend, max(date) OVER (PARTITION BY campaign_id) newest FROM (
      SELECT campaign_id, date, impressions, spend FROM portal_rollup_new
      UNION ALL
      SELECT campaign_id, date, -impressions, -spend FROM portal_rollup_old
    ) u
  ) d GROUP BY campaign_id ORDER BY campaign_id
  ON CONFLICT (campaign_id) DO UPDATE SET impressions = t.impressions + excluded.impressions, spend = t.spend + excluded.spend,
    first_date = least(t.first_date, excluded.first_date), last_date = greatest(t.last_date, excluded.last_date),
    last_day_impressions = portal_last_day(t.last_date, t.last_day_impressions, excluded.last_date, excluded.last_day_impressions),
    last_day_spend = portal_last_day(t.last_date, t.last_day_spend, excluded.last_date, excluded.last_day_spend);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A delete takes its rows off the campaign's totals row (never moving its bounds; its rows of
-- last_date off that day). It only updates: the row exists while the campaign has rows, and with the
-- campaign itself deleted there is none left to change.
CREATE OR REPLACE FUNCTION portal_rollup_metrics_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dealership_daily_metrics AS t (dealership_id, date, impressions, clicks, spend, leads, calls, sales)
  SELECT dealership_id, date, -sum(impressions), -sum(clicks), -sum(spend), -sum(leads), -sum(calls), -sum(sales)
  FROM portal_rollup_old GROUP BY dealership_id, date ORDER BY dealership_id, date
  ON CONFLICT (dealership_id, date) DO UPDATE SET impressions = t.impressions + excluded.impressions,
    clicks = t.clicks + excluded.clicks, spend = t.spend + excluded.spend, leads = t.leads + excluded.leads,
    calls = t.calls + excluded.calls, sales = t.sales + excluded.sales;
  -- Rows locked in key order first, as the upserts do, so concurrent writers cannot deadlock.
  PERFORM 1 FROM campaign_delivery_totals WHERE campaign_id IN (SELECT campaign_id FROM portal_rollup_old)
    ORDER BY campaign_id FOR UPDATE;
  UPDATE campaign_delivery_totals t SET impressions = t.impressions - d.impressions, spend = t.spend - d.spend,
    last_day_impressions = portal_last_day(t.last_date, t.last_day_impressions, d.last_date, -d.last_day_impressions),
    last_day_spend = portal_last_day(t.last_date, t.last_day_spend, d.last_date, -d.last_day_spend)
  FROM (
    SELECT campaign_id, sum(impressions) impressions, sum(spend) spend, max(date) last_date,
      coalesce(sum(impressions) FILTER (WHERE date = newest), 0) last_day_impressions,
      coalesce(sum(spend) FILTER (WHERE date = newest), 0) last_day_spend
    FROM (SELECT campaign_id, date, impressions, spend, max(date) OVER (PARTITION BY campaign_id) newest FROM portal_rollup_old) o
    GROUP BY campaign_id
  ) d
  WHERE t.campaign_id = d.campaign_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE campaign_delivery_totals t SET last_day_impressions = d.impressions, last_day_spend = d.spend
FROM (
  SELECT m.campaign_id, sum(m.impressions) impressions, sum(m.spend) spend
  FROM campaign_delivery_totals x JOIN campaign_daily_metrics m ON m.campaign_id = x.campaign_id AND m.date = x.last_date
  GROUP BY m.campaign_id
) d
WHERE d.campaign_id = t.campaign_id;
