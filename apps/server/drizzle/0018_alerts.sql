CREATE TABLE "alert_comments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"alert_id" integer NOT NULL,
	"user_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"dealership_id" integer NOT NULL,
	"campaign_id" integer,
	"campaign_kind" text DEFAULT 'managed' NOT NULL,
	"rule" text NOT NULL,
	"condition_key" text NOT NULL,
	"metric" text NOT NULL,
	"expected" numeric(18, 4),
	"actual" numeric(18, 4),
	"message" text NOT NULL,
	"report_from" date NOT NULL,
	"report_to" date NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"snoozed_until" date,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agency_trust_settings" ADD COLUMN "anomaly_sigma" numeric(4, 2) DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_trust_settings" ADD COLUMN "volume_floor" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_trust_settings" ADD COLUMN "zero_day_lookback" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_trust_settings" ADD COLUMN "webhook_url" text;--> statement-breakpoint
ALTER TABLE "agency_trust_settings" ADD COLUMN "webhook_secret" text;--> statement-breakpoint
ALTER TABLE "alert_comments" ADD CONSTRAINT "alert_comments_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_comments" ADD CONSTRAINT "alert_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_comments_alert_idx" ON "alert_comments" USING btree ("alert_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_open_condition_idx" ON "alerts" USING btree ("organization_id","condition_key") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "alerts_organization_idx" ON "alerts" USING btree ("organization_id","opened_at");