CREATE TABLE "platform_account_assignments" (
	"organization_id" integer NOT NULL,
	"vendor_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"dealership_id" integer NOT NULL,
	"assigned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_account_assignments_organization_id_vendor_id_account_id_dealership_id_pk" PRIMARY KEY("organization_id","vendor_id","account_id","dealership_id")
);
--> statement-breakpoint
DROP INDEX "self_service_campaigns_unique_idx";--> statement-breakpoint
-- Hand-added (issue 18 item 3): a platform campaign imported under several dealerships keeps its oldest row only, so the unique index below can be built.
DELETE FROM "self_service_campaigns" AS "a" USING "self_service_campaigns" AS "b" WHERE "a"."organization_id" = "b"."organization_id" AND "a"."vendor_id" = "b"."vendor_id" AND "a"."vendor_campaign_id" = "b"."vendor_campaign_id" AND "a"."id" > "b"."id";--> statement-breakpoint
ALTER TABLE "platform_account_assignments" ADD CONSTRAINT "platform_account_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_account_assignments" ADD CONSTRAINT "platform_account_assignments_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_account_assignments" ADD CONSTRAINT "platform_account_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_account_assignments_dealership_idx" ON "platform_account_assignments" USING btree ("organization_id","dealership_id","vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "self_service_campaigns_org_vendor_campaign_idx" ON "self_service_campaigns" USING btree ("organization_id","vendor_id","vendor_campaign_id");