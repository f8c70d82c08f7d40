DROP INDEX "campaign_vehicles_vin_idx";--> statement-breakpoint
CREATE INDEX "campaign_vehicles_vin_date_idx" ON "campaign_vehicles" USING btree ("vin","date");