ALTER TABLE "campaign_delivery_totals" ADD COLUMN "data_through" date;--> statement-breakpoint
ALTER TABLE "campaign_delivery_totals" ADD COLUMN "arrived_at" timestamp with time zone;--> statement-breakpoint
-- campaign_delivery_totals carries a copy of each campaign's campaign_freshness row (data_through,
-- arrived_at; null without one), kept by statement triggers on campaign_freshness in the same
-- statement, so the agency overview's counts read one row per campaign (src/db/schema/rollups.ts).
-- A TRUNCATE of campaign_daily_metrics, which empties the roll-ups, copies the freshness back.
CREATE FUNCTION portal_copy_freshness_upsert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_delivery_totals AS t (campaign_id, data_through, arrived_at)
  SELECT campaign_id, data_through, arrived_at FROM portal_freshness_new ORDER BY campaign_id
  ON CONFLICT (campaign_id) DO UPDATE SET data_through = excluded.data_through, arrived_at = excluded.arrived_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_copy_freshness_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campaign_delivery_totals t SET data_through = NULL, arrived_at = NULL
  FROM portal_freshness_old o WHERE t.campaign_id = o.campaign_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_copy_freshness_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campaign_delivery_totals SET data_through = NULL, arrived_at = NULL WHERE data_through IS NOT NULL OR arrived_at IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portal_freshness_copy_insert AFTER INSERT ON campaign_freshness REFERENCING NEW TABLE AS portal_freshness_new
  FOR EACH STATEMENT EXECUTE FUNCTION portal_copy_freshness_upsert();
--> statement-breakpoint
CREATE TRIGGER portal_freshness_copy_update AFTER UPDATE ON campaign_freshness REFERENCING NEW TABLE AS portal_freshness_new
  FOR EACH STATEMENT EXECUTE FUNCTION portal_copy_freshness_upsert();
--> statement-breakpoint
CREATE TRIGGER portal_freshness_copy_delete AFTER DELETE ON campaign_freshness REFERENCING OLD TABLE AS portal_freshness_old
  FOR EACH STATEMENT EXECUTE FUNCTION portal_copy_freshness_delete();
--> statement-breakpoint
CREATE TRIGGER portal_freshness_copy_truncate AFTER TRUNCATE ON campaign_freshness
  FOR EACH STATEMENT EXECUTE FUNCTION portal_copy_freshness_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_rollup_metrics_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE dealership_daily_metrics, campaign_delivery_totals;
  INSERT INTO campaign_delivery_totals (campaign_id, data_through, arrived_at)
  SELECT campaign_id, data_through, arrived_at FROM campaign_freshness ORDER BY campaign_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO campaign_delivery_totals AS t (campaign_id, data_through, arrived_at)
SELECT campaign_id, data_through, arrived_at FROM campaign_freshness ORDER BY campaign_id
ON CONFLICT (campaign_id) DO UPDATE SET data_through = excluded.data_through, arrived_at = excluded.arrived_at;
