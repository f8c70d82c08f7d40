CREATE TABLE "platform_connections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"sandbox" integer DEFAULT 0 NOT NULL,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text,
	"expires_at" timestamp with time zone,
	"accounts" jsonb,
	"accounts_refreshed_at" timestamp with time zone,
	"connected_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "self_service_campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "self_service_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 5000001 CACHE 1),
	"organization_id" integer NOT NULL,
	"dealership_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"vendor_campaign_id" text NOT NULL,
	"name" text NOT NULL,
	"account_id" text NOT NULL,
	"account_name" text NOT NULL,
	"login_customer_id" text,
	"start_date" date NOT NULL,
	"end_date" date,
	"status_name" text DEFAULT 'active' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "self_service_daily_metrics" (
	"campaign_id" integer NOT NULL,
	"date" date NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "self_service_daily_metrics_campaign_id_date_pk" PRIMARY KEY("campaign_id","date")
);
--> statement-breakpoint
CREATE TABLE "self_service_product_daily" (
	"campaign_id" integer NOT NULL,
	"date" date NOT NULL,
	"product_item_id" text NOT NULL,
	"product_title" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "self_service_product_daily_campaign_id_date_product_item_id_pk" PRIMARY KEY("campaign_id","date","product_item_id")
);
--> statement-breakpoint
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_service_campaigns" ADD CONSTRAINT "self_service_campaigns_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_service_daily_metrics" ADD CONSTRAINT "self_service_daily_metrics_campaign_id_self_service_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."self_service_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_service_product_daily" ADD CONSTRAINT "self_service_product_daily_campaign_id_self_service_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."self_service_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_connections_org_vendor_idx" ON "platform_connections" USING btree ("organization_id","vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "self_service_campaigns_unique_idx" ON "self_service_campaigns" USING btree ("dealership_id","vendor_id","vendor_campaign_id");--> statement-breakpoint
CREATE INDEX "self_service_campaigns_dealership_idx" ON "self_service_campaigns" USING btree ("dealership_id","created_at");