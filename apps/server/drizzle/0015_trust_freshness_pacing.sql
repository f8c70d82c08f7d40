CREATE TABLE "agency_trust_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"pacing_low" numeric(5, 1) DEFAULT 95 NOT NULL,
	"pacing_high" numeric(5, 1) DEFAULT 105 NOT NULL,
	"stale_after_hour" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_freshness" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"data_through" date NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sync_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"source" text NOT NULL,
	"organization_id" integer,
	"campaign_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"rows_loaded" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "agency_trust_settings" ADD CONSTRAINT "agency_trust_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_freshness" ADD CONSTRAINT "campaign_freshness_campaign_id_managed_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."managed_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sync_runs_source_idx" ON "sync_runs" USING btree ("source","organization_id","finished_at");--> statement-breakpoint
-- Custom: campaigns loaded before this migration reach the newest day of their daily metrics; when
-- that data arrived was not recorded, so the campaign row's last update stands in (docs/trust.md).
INSERT INTO "campaign_freshness" ("campaign_id", "data_through", "arrived_at")
SELECT m."campaign_id", max(m."date"), max(c."updated_at")
FROM "campaign_daily_metrics" m JOIN "managed_campaigns" c ON c."id" = m."campaign_id"
GROUP BY m."campaign_id";
