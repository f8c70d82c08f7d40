ALTER TABLE "campaign_delivery_totals" ADD COLUMN "dealership_id" integer;--> statement-breakpoint
ALTER TABLE "campaign_delivery_totals" ADD COLUMN "campaign_status" text;--> statement-breakpoint
ALTER TABLE "campaign_delivery_totals" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "campaign_delivery_totals" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "campaign_delivery_totals" ADD COLUMN "booked_impressions" bigint;--> statement-breakpoint
ALTER TABLE "campaign_delivery_totals" ADD COLUMN "budget" numeric(14, 2);--> statement-breakpoint
CREATE INDEX "campaign_delivery_totals_dealership_idx" ON "campaign_delivery_totals" USING btree ("dealership_id");--> statement-breakpoint
-- campaign_delivery_totals carries a copy of each managed campaign's rooftop, status, flight, booked
-- impressions and budget, kept by statement triggers on managed_campaigns in the same statement:
-- every campaign has a totals row from its insert to its delete, so the agency overview's pacing
-- counts read one index range of this table per rooftop and join nothing (src/db/schema/rollups.ts).
-- A campaign's delete removes its row; the delete trigger of its daily metrics (migration 0027), which
-- the cascade may run after it, only updates rows and leaves it gone.
CREATE FUNCTION portal_copy_campaign_upsert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_delivery_totals AS t (campaign_id, dealership_id, campaign_status, start_date, end_date, booked_impressions, budget)
  SELECT id, dealership_id, campaign_status, start_date, end_date, booked_impressions, budget FROM portal_campaign_new ORDER BY id
  ON CONFLICT (campaign_id) DO UPDATE SET dealership_id = excluded.dealership_id, campaign_status = excluded.campaign_status,
    start_date = excluded.start_date, end_date = excluded.end_date, booked_impressions = excluded.booked_impressions,
    budget = excluded.budget;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_copy_campaign_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM campaign_delivery_totals t USING portal_campaign_old o WHERE t.campaign_id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portal_campaign_copy_insert AFTER INSERT ON managed_campaigns REFERENCING NEW TABLE AS portal_campaign_new
  FOR EACH STATEMENT EXECUTE FUNCTION portal_copy_campaign_upsert();
--> statement-breakpoint
CREATE TRIGGER portal_campaign_copy_update AFTER UPDATE ON managed_campaigns REFERENCING NEW TABLE AS portal_campaign_new
  FOR EACH STATEMENT EXECUTE FUNCTION portal_copy_campaign_upsert();
--> statement-breakpoint
CREATE TRIGGER portal_campaign_copy_delete AFTER DELETE ON managed_campaigns REFERENCING OLD TABLE AS portal_campaign_old
  FOR EACH STATEMENT EXECUTE FUNCTION portal_copy_campaign_delete();
--> statement-breakpoint
-- A TRUNCATE of the daily metrics empties the roll-ups; each campaign's row comes back with its copies.
CREATE OR REPLACE FUNCTION portal_rollup_metrics_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE dealership_daily_metrics, campaign_delivery_totals;
  INSERT INTO campaign_delivery_totals (campaign_id, dealership_id, campaign_status, start_date, end_date,
    booked_impressions, budget, data_through, arrived_at)
  SELECT c.id, c.dealership_id, c.campaign_status, c.start_date, c.end_date, c.booked_impressions, c.budget,
    f.data_through, f.arrived_at
  FROM managed_campaigns c LEFT JOIN campaign_freshness f ON f.campaign_id = c.id ORDER BY c.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DELETE FROM campaign_delivery_totals t WHERE NOT EXISTS (SELECT 1 FROM managed_campaigns c WHERE c.id = t.campaign_id);
--> statement-breakpoint
INSERT INTO campaign_delivery_totals AS t (campaign_id, dealership_id, campaign_status, start_date, end_date, booked_impressions, budget)
SELECT id, dealership_id, campaign_status, start_date, end_date, booked_impressions, budget FROM managed_campaigns ORDER BY id
ON CONFLICT (campaign_id) DO UPDATE SET dealership_id = excluded.dealership_id, campaign_status = excluded.campaign_status,
  start_date = excluded.start_date, end_date = excluded.end_date, booked_impressions = excluded.booked_impressions,
  budget = excluded.budget;
