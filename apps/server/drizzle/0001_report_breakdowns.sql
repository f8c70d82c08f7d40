CREATE TABLE "campaign_audience_sizes" (
	"campaign_id" integer NOT NULL,
	"date" date NOT NULL,
	"audience_size" bigint NOT NULL,
	CONSTRAINT "campaign_audience_sizes_campaign_id_date_pk" PRIMARY KEY("campaign_id","date")
);
--> statement-breakpoint
CREATE TABLE "campaign_events" (
	"campaign_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"event_name" text NOT NULL,
	"event_date" date NOT NULL,
	"address" text,
	"latitude" real NOT NULL,
	"longitude" real NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"attendees" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_events_campaign_id_event_id_pk" PRIMARY KEY("campaign_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_leads" (
	"lead_id" text PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"datetime" timestamp with time zone NOT NULL,
	"lead_type" text NOT NULL,
	"contact_name" text,
	"vehicle_vin" text,
	"status" text
);
--> statement-breakpoint
CREATE TABLE "campaign_locations" (
	"campaign_id" integer NOT NULL,
	"date" date NOT NULL,
	"location_name" text NOT NULL,
	"latitude" real NOT NULL,
	"longitude" real NOT NULL,
	"visits" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_locations_campaign_id_date_location_name_pk" PRIMARY KEY("campaign_id","date","location_name")
);
--> statement-breakpoint
ALTER TABLE "campaign_daily_metrics" ADD COLUMN "video_25" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_daily_metrics" ADD COLUMN "video_50" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_daily_metrics" ADD COLUMN "video_75" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_daily_metrics" ADD COLUMN "video_100" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_keywords" ADD COLUMN "impression_share" real;--> statement-breakpoint
ALTER TABLE "campaign_keywords" ADD COLUMN "click_share" real;--> statement-breakpoint
ALTER TABLE "campaign_audience_sizes" ADD CONSTRAINT "campaign_audience_sizes_campaign_id_managed_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."managed_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_campaign_id_managed_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."managed_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_leads" ADD CONSTRAINT "campaign_leads_campaign_id_managed_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."managed_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_locations" ADD CONSTRAINT "campaign_locations_campaign_id_managed_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."managed_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_leads_campaign_datetime_idx" ON "campaign_leads" USING btree ("campaign_id","datetime");